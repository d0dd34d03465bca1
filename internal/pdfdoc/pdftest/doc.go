// Package pdftest builds small PDFs for tests: numbered objects, a
// cross-reference table and a trailer, written to a test's temporary
// directory. SFNT and its table builders (Maxp, Cmap, Format4, Format12)
// make the TrueType programs such a PDF embeds, for tests of text read
// from a font's own cmap. It is for tests only.
package pdftest
