#!/bin/sh
# web/deps.sh — Lua 5.4, FreeType, SDL2 and SDL2_ttf for WebAssembly, built
# with Emscripten from Debian's source packages (apt-get source), installed
# into a prefix in the user's cache, outside the repository:
#
#   sh web/deps.sh            prints nothing but progress; the prefix is
#                             $QIPAN_WEB_CACHE/prefix (default
#                             ${XDG_CACHE_HOME:-~/.cache}/qipan-web)
#
# Each library is built once: a stamp file in the prefix says it is there,
# so a second run costs nothing.  Emscripten's own "ports" are not used (they
# download from the internet).  Every object is compiled with -pthread: the
# page's engine runs on a thread, and a threaded module links only objects
# built for shared memory.
set -eu

CACHE=${QIPAN_WEB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/qipan-web}
SRC=$CACHE/src
PREFIX=$CACHE/prefix
JOBS=$(nproc 2>/dev/null || echo 2)
# Debian's emscripten runs its JavaScript tools with Debian's node modules.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
CFLAGS_WEB="-O2 -pthread"

fail() {
    echo "web/deps.sh: $*" >&2
    exit 1
}

command -v emcc >/dev/null || fail "emcc not found (apt-get install emscripten)"
command -v emcmake >/dev/null || fail "emcmake not found (apt-get install emscripten)"
mkdir -p "$SRC" "$PREFIX/lib/pkgconfig" "$PREFIX/include"

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo

# apt-get source needs a deb-src line; one mirroring the first deb entry of
# the system's sources is added when none is there.
ensure_deb_src() {
    if apt-get source --print-uris lua5.4 >/dev/null 2>&1 && apt-get source --print-uris lua5.4 2>/dev/null | grep -q dsc; then
        return 0
    fi
    f=/etc/apt/sources.list.d/qipan-deb-src.sources
    uri="" suites=""
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)
        suites=$(awk '/^Suites:/ {sub(/^Suites: */, ""); print; exit}' /etc/apt/sources.list.d/debian.sources)
    elif [ -f /etc/apt/sources.list ]; then
        uri=$(awk '$1 == "deb" {print $2; exit}' /etc/apt/sources.list)
        suites=$(awk '$1 == "deb" {print $3; exit}' /etc/apt/sources.list)
    fi
    [ -n "$uri" ] && [ -n "$suites" ] || fail "no deb line found in /etc/apt/sources.list* to mirror as deb-src"
    echo "web: adding $f (deb-src $uri $suites main)" >&2
    printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "$uri" "$suites" | $SUDO tee "$f" >/dev/null || fail "cannot write $f"
    $SUDO apt-get update -qq >&2 || fail "apt-get update failed after adding $f"
}

# fetch PKG DIRGLOB: the unpacked (and Debian-patched) source of PKG in $SRC
fetch() {
    dir=$(ls -d "$SRC"/$2 2>/dev/null | head -1 || true)
    if [ -n "$dir" ] && [ -d "$dir" ]; then
        echo "$dir"
        return 0
    fi
    ensure_deb_src
    (cd "$SRC" && apt-get source -qq "$1" >"$SRC/$1.log" 2>&1) ||
        fail "apt-get source $1 failed (see $SRC/$1.log)"
    dir=$(ls -d "$SRC"/$2 2>/dev/null | head -1 || true)
    [ -n "$dir" ] || fail "apt-get source $1 left no folder $2 in $SRC"
    echo "$dir"
}

built() { [ -f "$PREFIX/.built-$1" ]; }
done_with() { touch "$PREFIX/.built-$1"; echo "web: $1 built"; }

# Lua: its own makefile builds a native lua; the library is its src/*.c
# without the two programs, compiled here directly.
build_lua() {
    built lua && return 0
    d=$(fetch lua5.4 'lua5.4-5.4.*')
    echo "web: building Lua from $d"
    # Debian's luaconf.h names the multiarch triplet in a header of its build
    printf '#define DEB_HOST_MULTIARCH "wasm32-emscripten"\n' >"$PREFIX/include/lua5.4-deb-multiarch.h"
    rm -f "$CACHE/build/lua.log" "$CACHE/build/lua.failed"
    compile_all lua liblua5.4.a "-DLUA_COMPAT_5_3 -I$PREFIX/include" $(ls "$d"/src/*.c | grep -v -e '/lua\.c$' -e '/luac\.c$')
    for h in lua.h luaconf.h lualib.h lauxlib.h; do cp "$d/src/$h" "$PREFIX/include/"; done
    printf 'prefix=%s\nlibdir=${prefix}/lib\nincludedir=${prefix}/include\n\nName: Lua\nDescription: Lua 5.4 for WebAssembly\nVersion: 5.4\nLibs: -L${libdir} -llua5.4\nCflags: -I${includedir}\n' \
        "$PREFIX" >"$PREFIX/lib/pkgconfig/lua5.4.pc"
    done_with lua
}

# cmake_lib NAME SRCDIR [cmake options...]: configure, build, install
cmake_lib() {
    name=$1 d=$2
    shift 2
    b=$CACHE/build/$name
    rm -rf "$b"
    echo "web: building $name from $d"
    emcmake cmake -S "$d" -B "$b" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$PREFIX" \
        -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_FIND_ROOT_PATH="$PREFIX" -DBUILD_SHARED_LIBS=OFF \
        -DCMAKE_C_FLAGS="$CFLAGS_WEB" "$@" >"$b.log" 2>&1 || { tail -30 "$b.log" >&2; fail "$name: configure failed (log $b.log)"; }
    cmake --build "$b" -j"$JOBS" >>"$b.log" 2>&1 || { tail -30 "$b.log" >&2; fail "$name: build failed (log $b.log)"; }
    cmake --install "$b" >>"$b.log" 2>&1 || { tail -30 "$b.log" >&2; fail "$name: install failed (log $b.log)"; }
    done_with "$name"
}

# FreeType without its optional helpers: SDL2_ttf needs only TrueType
# outlines (no zlib, bzip2, PNG bitmaps, HarfBuzz or Brotli).
build_freetype() {
    built freetype && return 0
    d=$(fetch freetype 'freetype-2.*')
    cmake_lib freetype "$d" -DFT_DISABLE_ZLIB=ON -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON \
        -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON
}

# compile_all NAME OUTLIB CFLAGS FILES...: each file to an object, $JOBS at
# once, then one static library
compile_all() {
    name=$1 lib=$2 flags=$3
    shift 3
    b=$CACHE/build/$name
    rm -rf "$b" && mkdir -p "$b"
    # shellcheck disable=SC2086 # $flags is a list of options
    printf '%s\n' "$@" | xargs -P "$JOBS" -I{} sh -c 'o="$1/$(echo "$2" | tr / _).o"; emcc '"$CFLAGS_WEB $flags"' -c "$2" -o "$o" 2>>"$1.log" || { echo "$2" >>"$1.failed"; exit 1; }' _ "$b" {} ||
        { tail -30 "$b.log" >&2; fail "$name: compiling $(head -1 "$b.failed" 2>/dev/null) failed (log $b.log)"; }
    emar rcs "$PREFIX/lib/$lib" "$b"/*.o || fail "$name: emar failed"
}

# SDL2: its sources compiled directly with the configuration header SDL
# ships for Emscripten (SDL_config_emscripten.h: the canvas video driver,
# WebGL rendering, Web Audio, and with -pthread its pthread threads).  Its
# CMake build would work too, but its few hundred configure checks each
# link a program with emcc, which takes longer than the build itself.
build_sdl2() {
    built sdl2 && return 0
    d=$(fetch libsdl2 'libsdl2-2.*')
    echo "web: building SDL2 from $d"
    rm -f "$CACHE/build/sdl2.log" "$CACHE/build/sdl2.failed"
    s=$d/src
    set -- "$s"/*.c "$s"/atomic/*.c "$s"/audio/*.c "$s"/audio/dummy/*.c "$s"/audio/disk/*.c \
        "$s"/audio/emscripten/*.c "$s"/cpuinfo/*.c "$s"/dynapi/*.c "$s"/events/*.c "$s"/file/*.c \
        "$s"/filesystem/emscripten/*.c "$s"/haptic/*.c "$s"/haptic/dummy/*.c "$s"/hidapi/*.c \
        "$s"/joystick/*.c "$s"/joystick/emscripten/*.c "$s"/joystick/virtual/*.c "$s"/libm/*.c \
        "$s"/loadso/dlopen/*.c "$s"/locale/*.c "$s"/locale/emscripten/*.c "$s"/misc/*.c \
        "$s"/misc/emscripten/*.c "$s"/power/*.c "$s"/power/emscripten/*.c "$s"/render/*.c \
        "$s"/render/opengles2/*.c "$s"/render/software/*.c "$s"/sensor/*.c "$s"/sensor/dummy/*.c \
        "$s"/stdlib/*.c "$s"/thread/*.c "$s"/thread/pthread/*.c "$s"/timer/*.c "$s"/timer/unix/*.c \
        "$s"/video/*.c "$s"/video/emscripten/*.c "$s"/video/yuv2rgb/*.c
    compile_all sdl2 libSDL2.a "-I$d/include -Wno-warn-absolute-paths" "$@"
    mkdir -p "$PREFIX/include/SDL2"
    cp "$d"/include/*.h "$PREFIX/include/SDL2/"
    printf 'prefix=%s\nlibdir=${prefix}/lib\nincludedir=${prefix}/include\n\nName: sdl2\nDescription: SDL2 for WebAssembly\nVersion: 2\nLibs: -L${libdir} -lSDL2\nCflags: -I${includedir}/SDL2 -D_REENTRANT\n' \
        "$PREFIX" >"$PREFIX/lib/pkgconfig/sdl2.pc"
    done_with sdl2
}

# SDL2_ttf is one source file over FreeType (HarfBuzz off).
build_sdl2_ttf() {
    built sdl2_ttf && return 0
    d=$(fetch libsdl2-ttf 'libsdl2-ttf-2.*')
    echo "web: building SDL2_ttf from $d"
    rm -f "$CACHE/build/sdl2_ttf.log" "$CACHE/build/sdl2_ttf.failed"
    compile_all sdl2_ttf libSDL2_ttf.a "-I$PREFIX/include/SDL2 -I$PREFIX/include/freetype2 -DTTF_USE_HARFBUZZ=0" "$d/SDL_ttf.c"
    cp "$d/SDL_ttf.h" "$PREFIX/include/SDL2/"
    printf 'prefix=%s\nlibdir=${prefix}/lib\nincludedir=${prefix}/include\n\nName: SDL2_ttf\nDescription: SDL2_ttf for WebAssembly\nVersion: 2.20\nRequires: sdl2\nLibs: -L${libdir} -lSDL2_ttf -lfreetype\nCflags: -I${includedir}/SDL2\n' \
        "$PREFIX" >"$PREFIX/lib/pkgconfig/SDL2_ttf.pc"
    done_with sdl2_ttf
}

build_lua
build_freetype
build_sdl2
build_sdl2_ttf
echo "web: libraries ready in $PREFIX"
