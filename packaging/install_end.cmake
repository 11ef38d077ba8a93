# install_end.cmake — run by the install after every file is copied (the
# last install rule of CMakeLists.txt): writes share/qipan/install_manifest.txt,
# every installed file relative to the prefix, then each folder the
# installs made ("dir/", deepest first), for packaging/uninstall.cmake.
#
# A folder was made by the install when install_begin.cmake found it
# missing, or when a folder above it was (the inside of an installed
# directory tree); the folders an earlier installation made, listed in
# the manifest it left, stay listed when the install is repeated.
set(qp_manifest "${qp_root}/share/qipan/install_manifest.txt")
set(qp_made)
if(EXISTS "${qp_manifest}")
  file(STRINGS "${qp_manifest}" qp_old REGEX "/$")
  foreach(d ${qp_old})
    string(REGEX REPLACE "/$" "" d "${d}")
    list(APPEND qp_made "${d}")
  endforeach()
endif()
set(qp_list "")
foreach(f ${CMAKE_INSTALL_MANIFEST_FILES} "${qp_manifest}")
  file(RELATIVE_PATH rel "${qp_root}" "${f}")
  string(APPEND qp_list "${rel}\n")
  get_filename_component(d "${rel}" DIRECTORY)
  set(chain)
  while(d)
    list(APPEND chain "${d}")
    get_filename_component(d "${d}" DIRECTORY)
  endwhile()
  # from the top down: made when missing before, or below a made folder
  list(REVERSE chain)
  set(below_made OFF)
  foreach(d ${chain})
    list(FIND qp_dirs_before "${d}" existed)
    list(FIND qp_dirs_checked "${d}" checked)
    if(below_made OR (checked GREATER -1 AND existed EQUAL -1))
      list(APPEND qp_made "${d}")
      set(below_made ON)
    endif()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES qp_made)
list(SORT qp_made ORDER DESCENDING)
foreach(d ${qp_made})
  string(APPEND qp_list "${d}/\n")
endforeach()
file(WRITE "${qp_manifest}" "${qp_list}")
list(APPEND CMAKE_INSTALL_MANIFEST_FILES "${qp_manifest}")
