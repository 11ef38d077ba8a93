#!/bin/sh
# setup.sh — install what is missing, build, then play or test.
#
#   sh setup.sh play [ARGS...]   build and start `qipan play` (the SDL2 window,
#                                console play when there is no display)
#   sh setup.sh test             build twice (Release, and ASan+UBSan) and run
#                                the whole ctest suite in both
#   sh setup.sh build            only install and build
set -eu
cd "$(dirname "$0")"

PKGS="cmake gcc make pkg-config liblua5.4-dev libcmocka-dev libsdl2-dev libsdl2-ttf-dev fonts-wqy-microhei xvfb xdotool libfontconfig-dev fonts-arphic-ukai libpng-dev"
JOBS=$(nproc 2>/dev/null || echo 2)

install_missing() {
    missing=""
    for p in $PKGS; do
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

mode=${1:-play}
[ $# -gt 0 ] && shift
install_missing
case "$mode" in
play)
    build build -DCMAKE_BUILD_TYPE=Release
    exec ./build/qipan play "$@"
    ;;
build)
    build build -DCMAKE_BUILD_TYPE=Release
    ;;
test)
    build build -DCMAKE_BUILD_TYPE=Release
    echo "== tests (Release) =="
    run_tests build
    build build-asan -DCMAKE_BUILD_TYPE=Debug -DQP_SANITIZE=ON
    echo "== tests (ASan+UBSan) =="
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    run_tests build-asan
    ;;
*)
    echo "usage: sh setup.sh play|test|build" >&2
    exit 2
    ;;
esac
