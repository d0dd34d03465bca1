// Command gentables writes the data tables of package pdfdoc and its
// package cjkcmap from the data files that Debian's Ghostscript and
// poppler-data packages ship. The files are plain data; this program only
// reads names and numbers. It is run by hand when those tables change,
// never at build time:
//
//	go run ./internal/pdfdoc/gentables [-ghostscript DIR] [-poppler DIR] [-pdfdoc DIR]
//
// It writes, under -pdfdoc (default internal/pdfdoc, for a run from the
// module root):
//
//   - agl_table.go: the Adobe Glyph List (gs_agl.ps, glyph name → code
//     point);
//   - encoding_table.go: the PostScript encoding vectors (gs_*_e.ps: code
//     → glyph name);
//   - cjkcmap/<collection>.bin.z and cjkcmap/names.go: the predefined CJK
//     CMaps and CID → Unicode tables (see cjk.go).
package main

import (
	"flag"
	"path/filepath"
)

func main() {
	gs := flag.String("ghostscript", "/usr/share/ghostscript/10.00.0/Resource/Init", "Ghostscript's Resource/Init directory")
	poppler := flag.String("poppler", "/usr/share/poppler", "poppler-data's directory (with cMap/ and cidToUnicode/)")
	out := flag.String("pdfdoc", filepath.Join("internal", "pdfdoc"), "package pdfdoc's directory")
	flag.Parse()
	writeGlyphList(*gs, *out)
	writeEncodings(*gs, *out)
	writeCJK(*poppler, filepath.Join(*out, "cjkcmap"))
}
