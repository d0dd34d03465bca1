// Package engine serves package tableformer as an Assay engine,
// "tableformer" (core.Engine; assay-engine-tableformer, and built into
// the assay binary as "assay serve-engine tableformer"). It is a package
// of its own because it reads pages through nativetext, which itself
// calls tableformer for its tables.
//
// Two modes, chosen by the request's options ({"mode": ...}):
//
//	page     (default) the page as nativetext reads its text layer, with
//	         every table built by tableformer, and the document pass
//	         (running headers and footers, heading levels, tables
//	         continued over pages). A plan can name the engine in place of
//	         nativetext.
//	regions  rebuilds the tables in the boxes another engine found: the
//	         options' "regions" map a page number ("3") to boxes in
//	         top-left page points; for each box, the words of the text
//	         layer inside it and the page's rulings go to
//	         tableformer.Structure, and the page holds one table block per
//	         box that makes a table (stats "regions" and "tables"). Pages
//	         without boxes come back empty and ok.
//
// Other options are nativetext's (max_ops, max_stream_bytes, max_depth).
// Pages run in parallel in windows of 32, like nativetext's; a panic on a
// page fails that page with ErrDamaged.
package engine
