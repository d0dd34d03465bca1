// Command assay turns PDFs into structured text.
//
//	assay extract FILE|DIR... [--format md|json|text] [--out DIR] [--pages 1-3,7]
//	              [--engines a,b] [--config FILE]
//	assay engines            list engines, their versions and where they were found
//	assay eval GT_DIR [PRED_DIR...] [--engines a,b]... [--out DIR] [--json]
//	                         score extractions against ground truth (package eval)
//	assay serve [--listen ADDR] [--data-dir DIR] [--nats URL] [--nats-listen ADDR] [--workers N] [--log-format json]
//	                         the HTTP service (package service) with jobs on NATS JetStream
//	                         (package service/jobs), embedded unless --nats names a server
//	assay worker --nats URL [--workers N] [--metrics-listen ADDR]
//	                         pull the service's page batches from that server
//	assay version
//
// Configuration comes from, in rising precedence: built-in defaults, a YAML
// file (assay.yaml in the working directory, or --config), environment
// variables prefixed ASSAY_ (nesting with "__": ASSAY_TIMEOUTS__DEFAULT__BASE=5s;
// engine options that read as numbers or true/false are passed as such,
// ASSAY_OPTIONS__OCR__DPI=300),
// and flags. This is the only package that reads configuration; everything
// below it takes plain structs.
//
// Engines compiled into this binary are served by re-executing it as
// "assay serve-engine NAME", so each still runs in its own process.
//
// serve.go builds both from the "serve" section of the configuration
// (ServeConfig): the library's Extractor with this binary's engines, the
// queue, the HTTP server and, with the embedded NATS server, workers in
// process. SIGTERM stops the HTTP server, lets batches finish for the
// grace period, and hands the rest back to the queue.
//
// Exit status: 0 when every page is ok, 3 when some page is degraded,
// failed or timed out, 1 when a document could not be read at all, 2 for a
// usage error.
package main
