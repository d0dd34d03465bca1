// Package nativetext is Assay's text-layer engine: it reads the text that
// born-digital PDFs carry, in pure Go, and returns it as the core document
// model (blocks of lines of words with boxes in top-left page points).
//
// # Shape
//
// The engine is a pipeline per page, with the document shared:
//
//	document.go  the open document (internal/pdfdoc does the reading: repairs,
//	             page tree, objects and streams under limits, content-stream
//	             tokens) with a per-request font cache; textString.
//	interp.go    the content-stream interpreter: graphics and text state, text
//	             showing with per-glyph rendering matrices, Form XObjects (depth
//	             cap, cycle guard), marked content with /ActualText, render mode 3.
//	font.go      fonts: simple (Type1, TrueType, Type3) with base encodings,
//	             /Differences, embedded Type 1 encodings, /Widths or standard-14
//	             metrics from pdfcpu; Type0/CID with Identity and embedded CMaps
//	             and W/DW widths. Parsed once per document, cached by object.
//	cmap.go      CMap parser (ToUnicode and encoding CMaps, codespace ranges).
//	dingbats.go  the ZapfDingbats built-in encoding; glyph names and the
//	             standard encodings come from internal/pdfdoc.
//	layout.go    glyphs → words → line segments → reading order (recursive XY
//	             cut: slabs grouped by shared column gutters) → blocks, headings
//	             by size rank, list items, right-to-left lines in logical order.
//	engine.go    the core.Engine: options, page fan-out over GOMAXPROCS workers,
//	             panics turned into failed pages, cancellation.
//
// Text goes through internal/textclean (ligatures, soft hyphens, controls,
// NFC). A glyph with no Unicode mapping is emitted as U+FFFD and counted in
// the page's "unmapped_glyphs" stat, never guessed.
package nativetext
