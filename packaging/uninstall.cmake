# uninstall.cmake — removes an installation of qipan:
#   cmake -DPREFIX=P -P uninstall.cmake
#
# P/share/qipan/install_manifest.txt, written by the install
# (install_end.cmake), lists every installed file relative to P, itself
# among them, then the folders the install made ("dir/", deepest first).
# Each file is removed, then each of those folders that is empty: a folder
# that held something before, or that something else has put a file in
# since, stays.
if(NOT PREFIX)
  message(FATAL_ERROR "usage: cmake -DPREFIX=P -P uninstall.cmake")
endif()
set(manifest "${PREFIX}/share/qipan/install_manifest.txt")
if(NOT EXISTS "${manifest}")
  message(FATAL_ERROR "no qipan installation in ${PREFIX} (${manifest} is missing)")
endif()
file(STRINGS "${manifest}" entries)
foreach(rel ${entries})
  if(rel MATCHES "^/|(^|/)\\.\\.(/|$)")
    message(FATAL_ERROR "${manifest}: '${rel}' is not a path inside the prefix: nothing removed")
  endif()
endforeach()
set(dirs)
foreach(rel ${entries})
  if(rel MATCHES "/$")
    list(APPEND dirs "${rel}")
  elseif(EXISTS "${PREFIX}/${rel}" OR IS_SYMLINK "${PREFIX}/${rel}")
    file(REMOVE "${PREFIX}/${rel}")
    message(STATUS "removed ${PREFIX}/${rel}")
  endif()
endforeach()
foreach(d ${dirs})
  if(IS_DIRECTORY "${PREFIX}/${d}")
    execute_process(COMMAND rmdir "${PREFIX}/${d}" ERROR_QUIET)   # only an empty one goes
  endif()
endforeach()
