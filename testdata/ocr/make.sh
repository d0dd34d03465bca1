#!/usr/bin/env bash
# Rebuilds the OCR fixtures from src/ocr.ps (test tooling: ghostscript,
# qpdf, poppler-utils, img2pdf). The outputs are committed; tests do not
# run this.
#   digital.pdf          born-digital source (gs pdfwrite)
#   digital-rot90.pdf    the same page with /Rotate 90
#   scan.pdf             150 dpi grayscale scan of digital.pdf, upright
#   scan-rot{90,180,270}.pdf  the scan turned N degrees clockwise in the image
#   scan-fixed.pdf       scan-rot90's image with /Rotate 270: displays upright
#   expected.txt         the source text, one line per printed line
#   columns.pdf          200 dpi scan of src/columns.ps: title, two columns
#                        on shared baselines, a ruled table, a closing line
#   columns-skew.pdf     the same page drawn turned by 1.2 degrees, scanned
#   columns-offset.pdf   200 dpi scan of src/columns-offset.ps (two columns
#                        whose lines sit half a line apart), made to look
#                        scanned by testdata/src/scanpage
#   ledger.pdf           200 dpi scan of src/ledger.ps (a ruled table over
#                        two pages, with cells that span rows and columns),
#                        each page made to look scanned by scanpage
#   stores.pdf           200 dpi scan of src/stores.ps (a table ruled
#                        round every cell, whose cells wrap at one and a
#                        half lines), made to look scanned by scanpage
#   tinted.pdf           200 dpi scan of src/tinted.ps (a table's header
#                        row on a fill, a note in a box: light fills under
#                        black print, then dark ones under white), each
#                        page made to look scanned by scanpage
#   display.pdf          200 dpi scan of src/display.ps (headings of 24 to
#                        96 points over body text), each page made to look
#                        scanned by scanpage
#   bold.pdf             200 dpi scan of src/bold.ps (headings in bold at
#                        the body's size over their paragraphs), made to
#                        look scanned by scanpage
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -dCompatibilityLevel=1.7 -sOutputFile=digital.pdf src/ocr.ps
qpdf digital.pdf --rotate=+90:1 digital-rot90.pdf
scanraw() { # scanraw IN OUT: the image at its own size
	pdftoppm -r 150 -gray -png "$1" "$tmp/page"
	img2pdf --imgsize 150dpi -o "$2" "$tmp"/page*.png
	rm -f "$tmp"/page*.png
}
scanraw digital.pdf scan.pdf
for a in 90 180 270; do
	qpdf digital.pdf --rotate=+$a:1 "$tmp/rot.pdf"
	scanraw "$tmp/rot.pdf" scan-rot$a.pdf
done
qpdf scan-rot90.pdf --rotate=+270:1 scan-fixed.pdf
pdftotext -layout digital.pdf - | sed -e 's/^ *//' -e '/^$/d' > expected.txt
scan200() { # scan200 IN OUT
	pdftoppm -r 200 -gray -png "$1" "$tmp/page"
	img2pdf --imgsize 200dpi -o "$2" "$tmp"/page*.png
	rm -f "$tmp"/page*.png
}
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -sOutputFile="$tmp/columns.pdf" src/columns.ps
scan200 "$tmp/columns.pdf" columns.pdf
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -sOutputFile="$tmp/columns-skew.pdf" -c "/skew 1.2 def" -f src/columns.ps
scan200 "$tmp/columns-skew.pdf" columns-skew.pdf
# scanned NAME ROT:SEED...: src/NAME.ps printed, each page rendered at
# 200 dpi and made to look scanned by scanpage (turned by ROT degrees,
# specks from SEED), into NAME.pdf.
scanned() {
	local name=$1 i=0
	shift
	local pages=()
	gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -sOutputFile="$tmp/$name.pdf" "src/$name.ps"
	pdftoppm -r 200 -gray -png "$tmp/$name.pdf" "$tmp/$name"
	for rs in "$@"; do
		i=$((i + 1))
		"$tmp/scanpage" -dpi 200 -rotate "${rs%:*}" -seed "${rs#*:}" "$tmp/$name-$i.png" "$tmp/$name-scan-$i.pdf"
		pages+=("$tmp/$name-scan-$i.pdf")
	done
	if [ ${#pages[@]} -eq 1 ]; then
		cp "${pages[0]}" "$name.pdf"
	else
		pdfunite "${pages[@]}" "$name.pdf"
	fi
}
(cd ../.. && go build -o "$tmp/scanpage" ./testdata/src/scanpage)
scanned columns-offset 0.6:5
scanned ledger 0.5:7 -0.4:8
scanned stores 0.4:11
scanned tinted -0.3:12 0.4:13
scanned display 0.2:3 -0.3:4
scanned bold 0.3:14
