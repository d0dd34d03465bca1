// Package analyze turns what a text engine measured on each page into the
// page's class, so that the router can plan an engine chain per page. It
// reads no file: untrusted bytes are parsed only in engine processes,
// which the host can kill.
//
// # Facts
//
// A text engine (nativetext) counts the page facts while it interprets
// the content stream, Form XObjects included, and reports them in
// PageResult.Stats under the keys of core.Fact*: text-showing operators,
// glyphs (those without Unicode, those in composite fonts, the invisible
// ones of an OCR layer), images and the share of the page under them
// (core.Coverage, the exact union), path operators, filled paths and the
// small ones among them, and what its layout found (columns of running
// text, tables). FromResult rebuilds a Page from such a reading; the
// images' boxes are its figure blocks. The same reading serves twice:
// text-first analysis takes the facts of the reading it will keep, and
// the full analysis (router's AnalysisFull, assay analyze) asks the
// engine for facts only ({"facts_only": true}), which skips the layout.
//
// # Measures
//
// VectorDensity is path operators per square inch of the displayed page.
// TextAsPaths holds when no glyph is visible and at least MinOutlineFills
// filled paths were drawn, OutlineShare of them no larger than
// core.OutlineMaxSize points on either side.
//
// # Classes
//
// Page.Class applies the rules documented on it, with the thresholds as
// constants (MinTextGlyphs, ScanCoverage, MixedCoverage, BrokenShare,
// BlankMaxPathOps). The class names are the keys of the router's plan.
package analyze
