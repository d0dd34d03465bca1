// Package router decides which engines read which pages of a document and
// merges their answers.
//
//	r := router.New(cfg, engines)        // no I/O
//	res, err := r.Extract(ctx, "in.pdf", nil)
//
// Extract opens the document once to learn its pages (a document that cannot
// be read at all is an error and a Result with no pages), sends every
// requested page to the first engine of the chain, scores each answer with
// package quality, and sends only the pages that scored below the threshold
// to the next engine. Every attempt is kept; package merge picks the best
// per page and writes the ledger. Each engine call runs under a deadline of
// a base plus a per-page allowance for the pages it was given, capped by
// what is left of the document's deadline; the host kills an engine that
// overruns it.
//
// A page that passed can still hold a block that did not decode (a
// heading in a font without a Unicode map among good paragraphs): once its
// chain is done, the blocks of its best answer that quality.Garbled judges
// undecoded go, alone, to the first engine of its chain that rereads
// (core.CapReread), and merge.Reread puts what that engine read into them.
//
// Engines come from a Registry: in the CLI that is the plugin host, in
// tests any in-process core.Engine.
package router
