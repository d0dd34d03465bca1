#!/usr/bin/env bash
# Rebuilds the scanned script pages from the text in src/ and src-b/ (test
# tooling: chromium, fonts-noto-cjk for the Chinese pages, poppler-utils,
# Go). The outputs are committed; tests do not run this. Two sets, as the corpus has generated and generated-b: the
# same kind of page with other words, in another typeface, turned by other
# angles, so that a rule that holds on one set and fails on the other is
# seen to depend on the text. For each SRC/LANG.md (a heading and
# paragraphs, in logical order):
#   LANG.pdf   the text printed by headless Chromium on an A5 page, rendered
#              at 200 dpi in gray (pdftoppm), turned by a small angle, with
#              noise and specks, and wrapped as an image-only PDF
#              (../src/scanpage): src/ in Liberation Serif (Chinese in
#              Noto Serif CJK) into ./, src-b/ in DejaVu Sans (Chinese in
#              the system's sans CJK face) into b/, src-mix/ (English pages with a
#              passage in another script, zh-passage.md's Chinese under a
#              heading of its own, in the system's CJK face) into mix/, and src-sparse/
#              (pages of a few words, too few for OSD to tell their
#              script) into sparse/
#   LANG.md    the ground truth: a copy of SRC/LANG.md
# ONLY=LANG rebuilds that language's pages alone, each with the turn and
# specks a full run gives it, and leaves the others as they are.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$chrome" ]; then
	echo "testdata/scripts: chromium is needed (apt-get install chromium)" >&2
	exit 1
fi
(cd "$root" && go build -o "$tmp/scanpage" ./testdata/src/scanpage)

# html SRC LANG FONT: the page's HTML from SRC/LANG.md, printed in FONT.
html() {
	local dir=ltr
	case $2 in ara | heb) dir=rtl ;; esac
	printf '<!doctype html><html lang="%s" dir="%s"><meta charset="utf-8"><style>%s</style><body>\n' "$2" "$dir" \
		"@page{size:A5;margin:16mm} body{font-family:$3;font-size:12pt;line-height:1.35} h1,h2{font-size:17pt;margin:0 0 10pt} p{margin:0 0 8pt;text-align:start}"
	awk '/^# /{sub(/^# /,""); print "<h1>" $0 "</h1>"; next} /^## /{sub(/^## /,""); print "<h2>" $0 "</h2>"; next} NF{print "<p>" $0 "</p>"}' "$1/$2.md"
	echo '</body></html>'
}

# build SRC OUT FONT SEED: the pages of SRC/*.md into OUT, the first turned
# and speckled by SEED, the next by SEED+1, ...
build() {
	local seed=$4
	mkdir -p "$2"
	for src in "$1"/*.md; do
		lang=$(basename "$src" .md)
		if [ -n "${ONLY:-}" ] && [ "$lang" != "$ONLY" ]; then
			seed=$((seed + 1)) # the same turn and specks as a full run
			continue
		fi
		html "$1" "$lang" "$3" >"$tmp/$lang.html"
		"$chrome" --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
			--print-to-pdf="$tmp/$lang.pdf" "file://$tmp/$lang.html" 2>/dev/null
		pdftoppm -r 200 -gray -png -f 1 -l 1 -singlefile "$tmp/$lang.pdf" "$tmp/$lang"
		# A different small turn each page, both ways.
		deg=$(awk -v s="$seed" 'BEGIN{printf "%.2f", (s % 2 ? 1 : -1) * (0.35 + 0.25 * (s % 3))}')
		"$tmp/scanpage" -dpi 200 -rotate "$deg" -seed "$seed" "$tmp/$lang.png" "$2/$lang.pdf"
		cp "$src" "$2/$lang.md"
		seed=$((seed + 1))
	done
}

build src . '"Liberation Serif","DejaVu Serif","Noto Serif CJK SC","DejaVu Sans",serif' 1
build src-b b '"DejaVu Sans",sans-serif' 21
# Pages of Latin print with a passage in another script, in mix/.
build src-mix mix '"Liberation Serif",serif' 41
# Pages of a few words, in sparse/.
build src-sparse sparse '"DejaVu Sans",sans-serif' 61
