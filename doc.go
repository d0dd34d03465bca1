// Package assay is Assay as a Go library: it turns a PDF into structured
// text, page by page, with a ledger entry for every page.
//
// The shape of it:
//
//	x, err := assay.Open(assay.Config{})       // no I/O until the first Extract
//	defer x.Close()                             // stops the engine processes
//	res, err := x.Extract(ctx, "report.pdf")    // or ExtractReader(ctx, r)
//	md, err := res.Markdown()                   // or JSON, Text, Chunks
//
// Open builds what the assay command builds: the router, which plans a
// chain of engines per page from the page's facts and escalates weak
// pages, over a plugin host that runs engines as processes it can kill.
// Engines are assay-engine-NAME executables in Config.EngineDirs and on
// $ASSAY_PLUGIN_PATH (make build puts them in bin/). The pure-Go engines,
// nativetext and tableformer, run in the calling process when no
// executable of theirs is found, so a program that imports this package
// reads born-digital PDFs with nothing installed; such engines are not
// isolated from hostile files as engine processes are.
//
// The configuration is a Go value: reading files, environment variables
// and flags is the assay command's work (cmd/assay), which builds the
// router's configuration and the plugin host from them and extracts
// through this package's Extractor (New).
//
// A document spread over processes (assay serve's workers): Batches cuts
// its pages into windows of core.PageWindow pages, the runs the engines
// judge together (running headers, heading levels, tables over pages);
// ExtractPages reads one batch anywhere; Encode and Decode carry a
// batch's Result between processes losslessly; Join puts the batches
// back into the document's Result. Result.Write then writes what the
// assay command writes for the whole file, byte for byte; Failed stands
// in for a batch that could not be read, so no page goes missing.
package assay
