# web/web.cmake — the web build's part of CMakeLists.txt, included when
# CMake runs under Emscripten (emcmake; web/build.sh does that).
#
# The page is the qipan program itself, its default command `play`: the
# window's sources (frontends/gui/) compiled by emcc, SDL2 drawing on a
# canvas, the engine on a thread (Emscripten's pthreads: Web Workers and
# shared memory, hence the COOP/COEP headers `qipan serve` sends).  What a
# page cannot have is off: network play (frontends/web/web_stubs.c stands
# in for its session), fontconfig (the font sits at a fixed path of the
# page's file system), libpng (render's pictures), libedit, the tests.
# The libraries come from the prefix web/deps.sh fills (found through
# PKG_CONFIG_LIBDIR): Lua 5.4, SDL2, SDL2_ttf, FreeType.

set(QP_WEB ON)
set(QP_NET OFF CACHE BOOL "network play (not in the web build)" FORCE)
set(QP_WINDOW OFF CACHE BOOL "the native window (the web build has its own)" FORCE)
set(QP_LIBEDIT OFF CACHE BOOL "line editing (not in the web build)" FORCE)
set(QP_TESTS OFF CACHE BOOL "the test suites (not in the web build)" FORCE)
set(QP_WEB_FONT /usr/share/fonts/truetype/wqy/wqy-microhei.ttc CACHE FILEPATH
    "the font the page ships (fonts-wqy-microhei: Apache-2.0 or GPL-3+ with the font exception)")
set(QP_WEB_THREADS 4 CACHE STRING "Web Workers started with the page (the engine's task and search threads)")
add_compile_options(-Wno-unknown-warning-option)   # clang for gcc's -Wno-format-truncation
pkg_check_modules(QP_WEB_PC REQUIRED IMPORTED_TARGET sdl2 SDL2_ttf)
if(NOT EXISTS ${QP_WEB_FONT})
  message(FATAL_ERROR "qipan web: no font at ${QP_WEB_FONT} (apt-get install fonts-wqy-microhei, or -DQP_WEB_FONT=FILE)")
endif()

# Called after the qipan target is made: its no_window.c gives way to the
# window, and the link makes the page.
function(qp_web_page)
  set(win ${QP_WINDOW_SRC})
  list(REMOVE_ITEM win frontends/gui/gui_png.c)   # web_stubs.c says why there is no PNG
  set(net ${QP_NET_SRC})
  list(FILTER net INCLUDE REGEX "net_proto[.]c$")  # the window's network dialog parses with it
  get_target_property(srcs qipan SOURCES)
  list(REMOVE_ITEM srcs ${QP_NO_WINDOW_SRC})
  set_target_properties(qipan PROPERTIES SOURCES "${srcs};${win};${QP_WEB_SRC};${net}")
  target_compile_definitions(qipan PRIVATE QP_NO_FONTCONFIG)
  target_link_libraries(qipan PRIVATE PkgConfig::QP_WEB_PC)
  set(web ${CMAKE_SOURCE_DIR}/web)
  set_target_properties(qipan PROPERTIES SUFFIX ".html" ENABLE_EXPORTS OFF
                        LINK_DEPENDS "${web}/shell.html;${web}/pre.js")
  # 256 MiB to start (the engine's 64 MiB hash tables and Lua), growing to
  # 1 GiB; growth with threads only slows JavaScript's view of the memory,
  # which the page uses for little.  The font and scripts are preloaded
  # into qipan.data; pre.js mounts the browser's storage.
  target_link_options(qipan PRIVATE
    -pthread "SHELL:-s PTHREAD_POOL_SIZE=${QP_WEB_THREADS}"
    "SHELL:-s INITIAL_MEMORY=268435456" "SHELL:-s ALLOW_MEMORY_GROWTH=1" "SHELL:-s MAXIMUM_MEMORY=1073741824"
    "SHELL:-s TOTAL_STACK=5242880" "SHELL:-s DEFAULT_PTHREAD_STACK_SIZE=4194304"
    -Wno-pthreads-mem-growth "SHELL:-s MINIFY_HTML=0" "SHELL:-s FORCE_FILESYSTEM=1" -lidbfs.js "SHELL:-s ENVIRONMENT=web,worker"
    "SHELL:-s EXPORTED_RUNTIME_METHODS=ccall,FS"
    "SHELL:--shell-file ${web}/shell.html" "SHELL:--pre-js ${web}/pre.js"
    "SHELL:--preload-file ${CMAKE_SOURCE_DIR}/scripts@/qipan/scripts"
    "SHELL:--preload-file ${QP_WEB_FONT}@/qipan/fonts/wqy-microhei.ttc")
  if(QP_MSGFMT)   # the Chinese texts' catalogue (frontends/common/texts.h), found through QIPAN_LOCALE
    add_dependencies(qipan qipan_catalogue)
    target_link_options(qipan PRIVATE "SHELL:--preload-file ${QP_MO}@/qipan/locale/zh_CN/LC_MESSAGES/qipan.mo")
  endif()
endfunction()
