#!/usr/bin/env bash
# Rebuilds testdata/banner.pdf (test tooling: ghostscript): picture.ps
# rendered at 100 dpi to grey samples, drawn by page.ps as an image.
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pgmraw -r100 -sOutputFile="$tmp/picture.pgm" picture.ps
# A PGM's header is three lines (P5, the size, the depth); the samples follow.
tail -c +$(( $(head -3 "$tmp/picture.pgm" | wc -c) + 1 )) "$tmp/picture.pgm" > "$tmp/picture.raw"
gs -q -dNOPAUSE -dBATCH -dSAFER --permit-file-read="$tmp/" -sRAW="$tmp/picture.raw" -sDEVICE=pdfwrite \
	-dCompatibilityLevel=1.7 -sOutputFile=../../banner.pdf page.ps
