// Package analyze looks at a PDF before any engine runs: how many pages,
// what each page draws (text, fonts, images, paths) and so what kind of
// page it is, so that the router can plan an engine chain per page.
//
// Document is a pure function of the file: it opens it with
// pdfdoc.OpenLazy, which reads only the objects the analysis looks at
// (page tree, resources, fonts, XObject dictionaries, content streams)
// and falls back to pdfdoc.Open (the same repairs and error
// classification as the nativetext engine) for files that need repair;
// when the lazy reader meets damage later (Document.Damaged), the
// analysis is run again on Open's reading. It then scans each page's
// content stream with the allocation-free Lexer.Scan, Form
// XObjects included, without laying out text: it counts text-showing
// operators and glyphs (string bytes divided by the font's code length:
// 1 for simple fonts, 2 for Type0), glyphs in render mode 3 or 7
// (invisible, an OCR layer), images with their boxes under the CTM, and
// path operators. Everything is bounded: pages by the page tree walk
// (pdfdoc.MaxPages, /Count is never trusted), operators per page
// (Options.MaxOps), stream sizes, form depth, kept image boxes.
//
// # Cost
//
// BenchmarkOverhead measures the target on the docling and
// generated corpora: analysis time against nativetext extracting every
// page, per file and in sum. All counts stay exact (no sampling): the
// scan is cheap enough that what is left is mostly inflating content
// streams, which any reader pays.
//
// # Measures
//
// ImageCoverage is the area of the union of the image boxes (the 256
// largest), clipped to the page, over the page area. VectorDensity is
// path operators per square inch of the displayed page. TextAsPaths
// holds when no glyph is visible and at least MinOutlineFills filled
// paths were drawn, OutlineShare of them no larger than OutlineMaxSize
// points on either side.
//
// # Usable Unicode
//
// A font's codes can be turned into Unicode (Font.UsableUnicode) when:
//   - it has a /ToUnicode stream; or
//   - Type0: its encoding is a predefined CMap other than Identity-H/V
//     (a Uni* CMap, or a CJK CMap or collection: Japan1, GB1, CNS1,
//     Korea1); Identity-H/V and embedded CMaps without ToUnicode are not;
//   - Type3: its /Differences names are known glyph names (at least 90%:
//     the Adobe Glyph List, uniXXXX, uXXXX); names like /g12 are not;
//   - simple fonts (Type1, TrueType): a named standard encoding
//     (WinAnsi, MacRoman, Standard, MacExpert, PDFDoc), /Differences with
//     known names, or no /Encoding at all (standard 14 fonts, built-in
//     Type 1 encodings), except a symbolic TrueType font without an
//     /Encoding, whose codes index its own cmap.
//
// # Classes
//
// Page.Class applies the rules documented on it, with the thresholds as
// constants (MinTextGlyphs, ScanCoverage, MixedCoverage, BrokenShare,
// BlankMaxPathOps). The class names are the keys of the router's plan.
package analyze
