#!/bin/sh
# make-pngs.sh — draws the sized PNG icons from qipan.svg (rsvg-convert, in
# Debian's librsvg2-bin).  The PNGs are kept in the repository so that a
# build needs no SVG renderer; run this again after changing the SVG.
set -eu
cd "$(dirname "$0")"
for n in 16 32 48 64 128 256; do
    mkdir -p "hicolor/${n}x$n"
    rsvg-convert -w "$n" -h "$n" qipan.svg -o "hicolor/${n}x$n/qipan.png"
done
