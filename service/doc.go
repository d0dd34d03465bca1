// Package service is assay's HTTP API: the handlers of assay serve, on
// net/http, over the job queue of package jobs.
//
// Routes (Routes; openapi.json documents each, and a test checks both
// ways):
//
//	POST   /v1/extract              a PDF (raw body or multipart field "file"); waits
//	                                up to SyncWait, then 504 with the job id
//	POST   /v1/jobs                 the same, answered 202 {"id"} at once
//	GET    /v1/jobs/{id}            {"id","status","pages_total","pages_done","error"}
//	GET    /v1/jobs/{id}/events     server-sent events: "page" per finished page, then "end"
//	GET    /v1/jobs/{id}/result     the document (?format=md|json|text|chunks)
//	DELETE /v1/jobs/{id}            cancel: workers stop its engines; done pages stay readable
//	GET    /v1/engines, /livez, /readyz, /metrics, /v1/openapi.json
//
// A request's life: authenticate (bearer API keys, when configured),
// acquire one of the key's PerKey places, spool the upload to a
// temporary file (MaxUpload bytes at most, hashed on the way for chunk
// ids), count its pages with the Extractor (a file that is not a PDF, is
// encrypted or damaged is refused here, 422 with its core code), check
// pages and engines, and queue the job (jobs.Queue.Submit). Results are
// written by assay.Result.Write with the CLI's output settings, so they
// are the CLI's output for the same file.
//
// Errors are {"error": {"code", "message"}} with core's codes
// (core.Code) and a few of the service's own (unauthorized, busy,
// not_ready, unavailable). Metrics are Prometheus collectors on a
// registry of their own; a jobs.Worker in the same process reports its
// batches through Metrics.ObserveBatch.
package service
