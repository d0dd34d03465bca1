// Package core is the vocabulary every other Assay package shares: the
// document model, the engine contract and the errors that cross engine
// boundaries.
//
// The model is a tree in PDF points with a top-left origin:
//
//	Document
//	└── Page (number, width, height, rotation)
//	    └── Block (paragraph, heading, list item, table, ...)
//	        ├── Line
//	        │   └── Word (text, box, font, size, flags)
//	        └── Table (cells with row and column spans)
//
// An Engine turns pages of a PDF into that tree. It is asked with a Request
// naming the file, the pages and engine options, and it answers with one
// PageResult per requested page, yielded as each page finishes. A page that
// fails is a PageResult with a status and an error, never an aborted run;
// only a document that cannot be read at all ends the sequence with an
// error, usually one of the sentinels below wrapped in an *EngineError.
//
// core imports only the standard library so that every engine, in process or
// out of it, can depend on it.
package core
