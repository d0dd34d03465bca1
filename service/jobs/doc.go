// Package jobs keeps assay serve's jobs on NATS JetStream, so that a
// document survives a restart and spreads over any number of workers.
//
// What lives where:
//
//	stream ASSAY_BATCHES   a work queue of page batches, subject
//	                       assay.batch.<job>; a batch is one window of
//	                       core.PageWindow pages (assay.Batches), so each
//	                       page reads as it would in the whole document
//	consumer assay-workers one durable pull consumer all workers share:
//	                       explicit acks, AckWait, MaxDeliver
//	bucket assay_jobs      job state (Job), one key per job, changed by
//	                       compare-and-set only (Queue.update)
//	objects assay_files    <job>/input.pdf, <job>/batch/<n> (a batch's
//	                       assay.Result, Encoded), <job>/result (the joined
//	                       document)
//	subject assay.cancel.<job>  core NATS: workers stop that job's batches
//
// The shape: Queue.Submit stores the input, records the job and queues
// its batches. A Worker pulls one batch at a time per slot, extracts it
// with assay.Extractor.ExtractPages, stores its result, marks its pages
// finished, and acknowledges it; the worker that finds every batch
// stored joins the document (assay.Join) and marks the job done. Each
// step is safe to repeat, so a batch delivered again after its worker
// died ends the same way.
//
// Faults: while a batch is read its worker signals progress every third
// of AckWait; a worker that dies stops signalling and the batch goes to
// another after AckWait. A batch delivered more than MaxKills times is
// not read again: its pages are recorded as failed (core.ErrEngineCrashed)
// in the ledger. Queue.Cancel marks the job canceled, drops its queued
// batches and publishes on assay.cancel.<job>; a worker cancels the
// context of that job's batches, which kills their engine processes. A
// stopping Worker lets its batches finish for Grace, then hands them back
// (nak) for another worker. A worker keeps its copies of batch inputs in
// a directory of its own (internal/tempdir): one left by a worker that
// was killed is removed when the next worker starts.
//
// StartEmbedded runs the NATS server in process with its files under a
// directory (assay serve's default); Connect joins an external one.
package jobs
