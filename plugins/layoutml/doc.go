// Package layoutml is Assay's layout engine: docling's standard PDF
// pipeline in Go. It reads a page's text cells in process with
// nativetext's reader, finds the page's layout, builds its tables with
// tableformer and assembles blocks in reading order.
//
// # Shape
//
// Every Extract call is one run of five stages, each in its own goroutine,
// joined by bounded channels (Options.Queue), so a slow stage holds back
// the ones before it:
//
//	preprocess  nativetext.Reader.Cells (glyphs, rulings, images), and a
//	            render by pdfium when the layout model needs pixels
//	ocr         bitmap regions that hold no text (images of at least 1% of
//	            the page with no glyph over them), counted in the
//	            "ocr_regions" stat; the engine reads no pixels itself,
//	            a plan's "ocr:regions" step does (ocr_pictures)
//	layout      the geometric layout (nativetext's own: the two engines
//	            never disagree on columns, headings or tables) and, when a
//	            model file is configured, the regions an ONNX detector
//	            finds (package detect)
//	table       for a model's table regions the geometric layout did not
//	            read as tables, tableformer.Structure over the words and
//	            rulings inside them; with a structure model, every table
//	            rendered and read again (tablemodel, tableformer.Fill)
//	assemble    lines take the kind of the region they lie in; the page's
//	            glyphs, graphics and render are released
//
// Each stage takes pages in batches (Options.Batch, per stage; 1, and 4
// for a model's layout stage): it waits for one page and takes the others
// that are ready. Pages keep their index in the request as their id, and
// are answered in request order, in windows of 32 after the same document
// pass as nativetext's (running headers and footers, heading levels).
// Each page's stats carry its milliseconds in every stage
// ("stage_ms.preprocess" ... "stage_ms.assemble"); the router copies them
// into the page's ledger entry.
//
// # Deadlines
//
// The document timeout (Options.DocumentTimeout, else 85% of the time to
// the caller's deadline) stops feeding new pages; pages already in the
// pipeline finish and are answered, and every page never started is
// answered as timed out, so a host that kills the process at its deadline
// still has every page that was done.
//
// # Models
//
// Without a model the engine needs no cgo library and no GPU. With
// options {"model": {"model": "/path/to/layout.onnx", "format":
// "doclayout-yolo", "accelerator": "auto"}} Configure loads the model once
// per process (onnxruntime through internal/onnxrt; CUDA when asked for
// and present) and every run shares it read-only; Describe names the
// detector and the execution provider in use. See package detect for the
// model formats.
//
// With {"table_model": {"model": "/path/to/slanet_plus.onnx"}} the table
// stage renders each table's box (and a 4 pt margin) at the structure
// model's input size, reads its rows, columns, spans and header rows
// (package tableformer/tablemodel) and fills the cells with the page's
// words (tableformer.Fill). The model's table replaces the rule-based one
// when tableformer.Plausible accepts it; the stats "table_model" and
// "table_model_kept" count both outcomes.
package layoutml
