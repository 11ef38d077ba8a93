#!/bin/sh
# setup.sh — install what is missing, build, then play or test.
#
#   sh setup.sh play [ARGS...]   build and start `qipan play` (the SDL2 window,
#                                console play when there is no display)
#   sh setup.sh test             build three times (Release and ASan+UBSan,
#                                both with -Werror, running the whole ctest
#                                suite in each; and headless, without the
#                                window, network, libedit and cmocka, with a
#                                smoke check), then fuzz each target 10 s
#   sh setup.sh build            only install and build
#   sh setup.sh install [PREFIX] build, then install into PREFIX (default
#                                /usr/local): bin/qipan, share/qipan,
#                                include/qipan, lib/pkgconfig/qipan.pc,
#                                lib/qipan/plugins, share/man/man1/qipan.1,
#                                the menu entry, icons and bash completion
#   sh setup.sh uninstall [PREFIX]  remove what `install` put in PREFIX
#                                (its share/qipan/install_manifest.txt)
#   sh setup.sh package          build a Debian package (build-package/*.deb)
#   sh setup.sh fuzz [SECONDS]   build the libFuzzer targets (clang) and run
#                                each for SECONDS (300); `test` runs them 10 s
#   sh setup.sh soak [SECONDS]   self-play of every ruleset under ASan+UBSan
#                                for SECONDS (600): illegal moves, hangs and
#                                sanitizer reports
#   sh setup.sh web              build the page into build-web/ (Emscripten;
#                                its libraries from Debian's sources, cached
#                                outside the tree), served by `qipan serve`;
#                                `test` builds it and plays it in Chromium
set -eu
cd "$(dirname "$0")"

# Build, window, tests (cmocka, Xvfb, xdotool, faketime, clang fuzzers), the
# installer checks (dpkg-dev, desktop-file-utils, appstream), the real XBoard
# the CECP test plays in (xboard), msgfmt for the message catalogue (gettext)
# and a small window manager the full-screen test runs under (evilwm).
PKGS="cmake gcc make pkg-config liblua5.4-dev libcmocka-dev libsdl2-dev libsdl2-ttf-dev fonts-wqy-microhei xvfb xdotool clang libclang-rt-dev libedit-dev libfontconfig-dev fonts-arphic-ukai libpng-dev faketime libgnutls28-dev dpkg-dev desktop-file-utils appstream xboard gettext evilwm"
JOBS=$(nproc 2>/dev/null || echo 2)
# The web build (web/build.sh) and its browser test (tests/web/).
WEB_PKGS="emscripten dpkg-dev librsvg2-bin chromium nodejs"

install_missing() {  # install_missing [PACKAGES...] (default $PKGS)
    missing=""
    for p in ${*:-$PKGS}; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
    done
    [ -z "$missing" ] && return 0
    echo "setup: installing$missing"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
}

build() {  # build DIR [cmake args...]
    dir=$1; shift
    cmake -S . -B "$dir" "$@" >/dev/null
    if ! cmake --build "$dir" -j"$JOBS" >"$dir/build.log" 2>&1; then
        cat "$dir/build.log"
        exit 1
    fi
    grep -i "warning" "$dir/build.log" || true   # the build is meant to be warning-free
}

# The test builds fail on any warning (-DQP_WERROR=ON); a user's build
# does not, so a newer compiler's new warning cannot stop `play`.
RELEASE="-DCMAKE_BUILD_TYPE=Release"
HEADLESS="-DQP_WINDOW=OFF -DQP_NET=OFF -DQP_LIBEDIT=OFF -DQP_TESTS=OFF"

# The headless build (engine, console, tools: Lua and a C compiler only)
# must count as the full one does, and say what it lacks.
headless_check() {
    want=$(./build/qipan perft xiangqi 3 2>/dev/null | tail -1)
    got=$(./build-headless/qipan perft xiangqi 3 2>/dev/null | tail -1)
    if [ -z "$got" ] || [ "$got" != "$want" ]; then
        echo "headless: perft xiangqi 3 ends with '$got', the Release build's with '$want'"
        exit 1
    fi
    rc=0
    msg=$(./build-headless/qipan render xiangqi --out build-headless/x.png 2>&1) || rc=$?
    if [ $rc -ne 1 ] || [ "$msg" != "qipan: render: this qipan was built without the window (cmake -DQP_WINDOW=ON)" ]; then
        echo "headless: render exited $rc saying '$msg'"
        exit 1
    fi
    echo "headless: perft xiangqi 3 ends with '$got' as in the Release build; render refused"
}

# The cmocka summary of a ctest run: each suite's passed/failed/skipped
# case counts, from the log ctest keeps of every suite's output.
cmocka_summary() {  # cmocka_summary BUILD_DIR
    awk '
        /^[0-9]+\/[0-9]+ Test: / { suite = $3 }
        /^\[  PASSED  \]/ { p[suite] += $4; tp += $4 }
        /^\[  FAILED  \] [0-9]+ test/ { f[suite] += $4; tf += $4 }
        /^\[  SKIPPED \] [0-9]+ test/ { k[suite] += $4; tk += $4 }
        END {
            n = 0
            for (s in p) names[++n] = s
            for (s in f) if (!(s in p)) names[++n] = s
            for (i = 1; i <= n; i++)
                printf "  %-20s %3d passed%s%s\n", names[i], p[names[i]],
                       f[names[i]] ? sprintf(", %d FAILED", f[names[i]]) : "",
                       k[names[i]] ? sprintf(", %d skipped", k[names[i]]) : ""
            printf "cmocka: %d test cases passed, %d failed, %d skipped in %d suites\n", tp, tf, tk, n
        }' "$1/Testing/Temporary/LastTest.log" | sort
}

run_tests() {  # run_tests BUILD_DIR: ctest (its summary), then cmocka's
    rc=0
    ctest --test-dir "$1" --output-on-failure -j"$JOBS" || rc=$?
    cmocka_summary "$1"
    return $rc
}

# Builds the fuzz targets of tests/fuzz/ and runs each for $1 seconds from
# its seed corpus (new inputs go to build-fuzz/corpus, never into the
# repository); a crash leaves its input in build-fuzz/artifacts/.
fuzz_all() {  # fuzz_all SECONDS
    CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DQP_FUZZ=ON >/dev/null
    if ! cmake --build build-fuzz -j"$JOBS" --target fuzz >build-fuzz/build.log 2>&1; then
        cat build-fuzz/build.log
        exit 1
    fi
    mkdir -p build-fuzz/artifacts
    export QIPAN_SCRIPTS="$PWD/scripts" ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    for t in tests/fuzz/fuzz_*.c; do
        name=$(basename "$t" .c)
        if [ ! -x "build-fuzz/$name" ]; then   # it tests a part that is off (no SDL2, no GnuTLS)
            printf '%-14s not built: its part of qipan is off\n' "$name"
            continue
        fi
        seeds=tests/fuzz/corpus/${name#fuzz_}
        # seeds read where they are kept, never copied into the corpus:
        # the shipped games, the other tests' games (block and hook games),
        # the master games in every notation and the records
        extra=
        case $name in
        fuzz_luagame) extra="scripts/games tests/data/games" ;;
        fuzz_record) extra=tests/data/masters ;;
        fuzz_dhtmlxq | fuzz_xqf | fuzz_cbf) extra=tests/data/records ;;
        esac
        mkdir -p "build-fuzz/corpus/$name"
        printf '%-14s ' "$name"
        # shellcheck disable=SC2086 # $extra is a list of folders or nothing
        if ! ./build-fuzz/"$name" -max_total_time="$1" -timeout=20 -rss_limit_mb=2048 -print_final_stats=0 \
                -artifact_prefix="build-fuzz/artifacts/$name-" "build-fuzz/corpus/$name" "$seeds" $extra \
                >"build-fuzz/$name.log" 2>&1; then
            echo "FAILED"
            tail -40 "build-fuzz/$name.log"
            exit 1
        fi
        # a target that leaves the process early ends without this line
        if ! grep -E '^Done [0-9]+ runs' "build-fuzz/$name.log"; then
            echo "FAILED: the fuzzer ended early"
            tail -20 "build-fuzz/$name.log"
            exit 1
        fi
    done
}

# The web step of `test`: the page built and played in headless Chromium
# (tests/web/browser_test.mjs), when Emscripten, Chromium and Node are there.
web_test() {
    if [ "${QIPAN_WEB_TEST:-1}" = 0 ]; then
        echo "web: skipped (QIPAN_WEB_TEST=0)"
        return 0
    fi
    for tool in emcc chromium node rsvg-convert dpkg-source; do
        if ! command -v $tool >/dev/null 2>&1; then
            echo "web: skipped: $tool is not installed (sh setup.sh web installs what the web build needs)"
            return 0
        fi
    done
    sh web/build.sh build-web
    node tests/web/browser_test.mjs ./build/qipan build-web
}

mode=${1:-play}
[ $# -gt 0 ] && shift
[ "$mode" = uninstall ] || install_missing
case "$mode" in
web) install_missing $WEB_PKGS ;;
test) install_missing $WEB_PKGS || echo "web: could not install $WEB_PKGS; the web step will be skipped" ;;
esac
case "$mode" in
play)
    build build $RELEASE -DQP_WERROR=OFF
    exec ./build/qipan play "$@"
    ;;
build)
    build build $RELEASE -DQP_WERROR=OFF
    ;;
install)
    build build $RELEASE -DQP_WERROR=OFF
    cmake --install build --prefix "${1:-/usr/local}"
    ;;
uninstall)
    cmake -DPREFIX="${1:-/usr/local}" -P packaging/uninstall.cmake
    ;;
package)
    # a build of its own without the test suites, which cpack would build
    build build-package $RELEASE -DQP_WERROR=OFF -DQP_TESTS=OFF
    (cd build-package && cpack -G DEB >cpack.log 2>&1) || { cat build-package/cpack.log; exit 1; }
    ls build-package/*.deb
    ;;
test)
    build build $RELEASE -DQP_WERROR=ON
    echo "== tests (Release) =="
    run_tests build
    # The suite must not depend on the date, the zone or the locale: it runs
    # again with the clock started at a leap day of a year ending in 2, and
    # a few seconds before a new year, in zones far from UTC (libfaketime).
    for when in "2032-02-29 23:59:30|Pacific/Kiritimati|C.UTF-8" "2029-12-31 23:59:45|America/Adak|C"; do
        at=${when%%|*}; rest=${when#*|}
        echo "== tests (Release, clock at $at, TZ=${rest%|*}, LC_ALL=${rest#*|}) =="
        TZ=${rest%|*} LC_ALL=${rest#*|} faketime -m "$at" ctest --test-dir build --output-on-failure -j"$JOBS"
    done
    echo "== headless build =="
    # shellcheck disable=SC2086 # $HEADLESS is a list of options
    build build-headless $RELEASE -DQP_WERROR=ON $HEADLESS
    headless_check
    build build-asan -DCMAKE_BUILD_TYPE=Debug -DQP_SANITIZE=ON -DQP_WERROR=ON
    echo "== tests (ASan+UBSan) =="
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    run_tests build-asan
    echo "== fuzz (10 s per target) =="
    fuzz_all 10
    echo "== web (the page in headless Chromium) =="
    web_test
    ;;
web)
    build build $RELEASE -DQP_WERROR=OFF   # its qipan serves the page
    sh web/build.sh build-web
    echo "web: try it with: ./build/qipan serve --dir build-web   (then open http://127.0.0.1:8080/)"
    ;;
fuzz)
    fuzz_all "${1:-300}"
    ;;
soak)
    build build-asan -DCMAKE_BUILD_TYPE=Debug -DQP_SANITIZE=ON
    export QIPAN_SCRIPTS="$PWD/scripts" ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    rc=0
    ./build-asan/soak "${1:-600}" 2>build-asan/soak.log || rc=$?
    if grep -qE 'runtime error|AddressSanitizer|LeakSanitizer' build-asan/soak.log; then
        echo "soak: sanitizer reports (build-asan/soak.log):"
        grep -E -A20 'runtime error|AddressSanitizer|LeakSanitizer' build-asan/soak.log | head -60
        rc=1
    fi
    grep -E 'PROBLEM|HANG' build-asan/soak.log || true
    exit $rc
    ;;
*)
    echo "usage: sh setup.sh play|test|build|install [PREFIX]|uninstall [PREFIX]|package|fuzz [SECONDS]|soak [SECONDS]|web" >&2
    exit 2
    ;;
esac
