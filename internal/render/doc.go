// Package render draws PDF pages to images and reads pdfium's own text,
// using go-pdfium in WebAssembly mode (wazero; no cgo).
//
// A Renderer is made with New, which does no I/O, and started by Open (or
// lazily by the first call that needs it). Starting compiles pdfium's wasm
// module once per machine: the compiled code is kept in a wazero
// compilation cache under os.UserCacheDir()/assay/wazero (Config.CacheDir),
// which turns a 3-4 s, 300 MB start into a 0.2 s, 50 MB one. The Renderer
// holds a fixed set of pdfium instances (Config.Instances, default the core
// count); each call borrows one, so calls from many goroutines run in
// parallel up to that count. Each instance's wasm memory lives in address
// space reserved for it (linearMemory, on Linux and macOS) and grows in
// place, where wazero's own would be copied whole each time pdfium's heap
// outgrew it.
//
// The wasm sandbox mounts no file system: Load takes the file's bytes and
// LoadFile reads them in Go. A Doc is opened lazily on each instance that
// serves it and closed everywhere by Doc.Close.
//
// Coordinates: pages are seen as displayed, that is with /Rotate applied.
// Boxes are core.BBox values in PDF points with a top-left origin on the
// displayed page; a Transform maps the pixels of a render back to them.
// Chars gives pdfium's characters with such boxes, a second text reader
// independent of the engines' own parsers.
//
// ScanImage is a shortcut for scans: a page that is one picture drawn
// upright over the whole page (a JPEG, or 8-bit gray samples stored with
// Flate) at the render's resolution or a whole multiple of it, and nothing
// else, gives its picture decoded by Go from the stored bytes, reduced by
// the mean of each block of pixels and turned by the page's /Rotate
// (TurnClockwise). pdfium's render gives the same pixels, or means within
// a level or two, in three times as long for a JPEG at its resolution and
// ten times for a 600 ppi scan read at 200 dpi. Any other page says no,
// and RenderPage draws it.
package render
