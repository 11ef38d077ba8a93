# install_begin.cmake — run by the install before any file is copied (the
# first install rule of CMakeLists.txt): notes which folders the install
# will write into already exist, so that install_end.cmake can list the
# folders the install makes, and an uninstall remove just those.
#
# The folders are the DESTINATIONs of this installation's rules, read from
# the install script that includes this one (cmake_install.cmake), and
# every folder above them.
set(qp_root "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}")
file(STRINGS "${CMAKE_PARENT_LIST_FILE}" qp_rules REGEX "DESTINATION \"")
set(qp_dirs_before)     # relative folders that existed
set(qp_dirs_checked)    # every relative folder looked at
foreach(line ${qp_rules})
  string(REGEX MATCH "DESTINATION \"[^\"]*\"" dest "${line}")
  string(REGEX REPLACE "^DESTINATION \"|\"$" "" dest "${dest}")
  string(CONFIGURE "${dest}" dest)
  file(RELATIVE_PATH d "${CMAKE_INSTALL_PREFIX}" "${dest}")
  while(d AND NOT d MATCHES "^\\.\\.")
    list(APPEND qp_dirs_checked "${d}")
    if(IS_DIRECTORY "${qp_root}/${d}")
      list(APPEND qp_dirs_before "${d}")
    endif()
    get_filename_component(d "${d}" DIRECTORY)
  endwhile()
endforeach()
