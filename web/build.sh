#!/bin/sh
# web/build.sh — builds the page into build-web/ (sh setup.sh web runs it):
# the libraries from Debian's sources (web/deps.sh, cached outside the
# repository), then qipan with emcc (web/web.cmake), then the files that
# make it an installable, offline page: index.html, the manifest, the
# service worker, the icons and the font's licence.
#
#   sh web/build.sh [BUILD_DIR]     default build-web
#
# Serve the folder with `qipan serve --dir build-web` (threads need the
# COOP/COEP headers it sends) and open http://127.0.0.1:8080/.
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-build-web}
CACHE=${QIPAN_WEB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/qipan-web}
PREFIX=$CACHE/prefix
JOBS=$(nproc 2>/dev/null || echo 2)
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}

fail() {
    echo "web/build.sh: $*" >&2
    exit 1
}

command -v rsvg-convert >/dev/null || fail "rsvg-convert not found (apt-get install librsvg2-bin): it draws the icons"
sh web/deps.sh
mkdir -p "$OUT"
PKG_CONFIG_LIBDIR=$PREFIX/lib/pkgconfig emcmake cmake -S . -B "$OUT" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS=-pthread -DCMAKE_FIND_ROOT_PATH="$PREFIX" >"$OUT/configure.log" 2>&1 ||
    { cat "$OUT/configure.log" >&2; fail "configuring $OUT failed"; }
cmake --build "$OUT" -j"$JOBS" --target qipan >"$OUT/build.log" 2>&1 ||
    { tail -40 "$OUT/build.log" >&2; fail "building $OUT failed (log $OUT/build.log)"; }
grep -i "warning" "$OUT/build.log" || true

cp "$OUT/qipan.html" "$OUT/index.html"
cp web/manifest.webmanifest "$OUT/"
mkdir -p "$OUT/icons" "$OUT/fonts"
for px in 192 512; do
    rsvg-convert -w $px -h $px web/icon.svg -o "$OUT/icons/icon-$px.png" || fail "rsvg-convert failed on web/icon.svg"
done
# The shipped font's licence (Apache-2.0 or GPL-3+ with the font exception)
# travels with it.
cp /usr/share/doc/fonts-wqy-microhei/copyright "$OUT/fonts/wqy-microhei.copyright" 2>/dev/null || true
# The service worker's cache is named after the files it serves, so a new
# build replaces the old copy on the next visit.
files="index.html qipan.html qipan.js qipan.worker.js qipan.wasm qipan.data manifest.webmanifest icons/icon-192.png icons/icon-512.png"
version=$(cd "$OUT" && cat $files | cksum | cut -d' ' -f1)
sed "s/@VERSION@/$version/" web/sw.js >"$OUT/sw.js"
echo "web: $OUT/ is ready ($(cd "$OUT" && du -ch $files | tail -1 | cut -f1) to download, $(cd "$OUT" && cat $files | gzip -c | wc -c) bytes gzipped); serve it with: qipan serve --dir $OUT"
