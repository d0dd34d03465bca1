// Command assay turns PDFs into structured text.
//
//	assay extract FILE|DIR... [--format md|json|text] [--out DIR] [--pages 1-3,7]
//	              [--engines a,b] [--config FILE]
//	assay engines            list engines, their versions and where they were found
//	assay eval GT_DIR [PRED_DIR...] [--engines a,b]... [--out DIR] [--json]
//	                         score extractions against ground truth (package eval)
//	assay version
//
// Configuration comes from, in rising precedence: built-in defaults, a YAML
// file (assay.yaml in the working directory, or --config), environment
// variables prefixed ASSAY_ (nesting with "__": ASSAY_TIMEOUTS__DEFAULT__BASE=5s),
// and flags. This is the only package that reads configuration; everything
// below it takes plain structs.
//
// Engines compiled into this binary are served by re-executing it as
// "assay serve-engine NAME", so each still runs in its own process.
//
// Exit status: 0 when every page is ok, 3 when some page is degraded,
// failed or timed out, 1 when a document could not be read at all, 2 for a
// usage error.
package main
