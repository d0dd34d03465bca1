// Package pluginhost finds, starts and supervises engine processes.
//
// Every engine runs in its own process behind hashicorp/go-plugin over
// gRPC (see sdk). A Host finds engines (Discover), describes them
// (Describe, for `assay engines`) and hands out supervised engines
// (Engine) that implement core.Engine. The supervised Extract keeps the
// contract — exactly one result per requested page, unless a document
// error ends the sequence — whatever the process does:
//
//   - when ctx's deadline passes or ctx is canceled, the process is killed
//     and every unanswered page comes back promptly as StatusTimeout with an
//     error wrapping core.ErrTimeout (core.ErrCanceled when canceled);
//   - when Request.PageTimeout is positive and no page arrives for that
//     long, the process is taken to be hung and killed;
//   - when the process dies, its stream breaks, or a panic in the engine
//     ends the stream with engine_crashed, or it hangs, the pages already
//     answered are kept and the others are retried in a fresh process one
//     page per call, each under its own PageTimeout and ctx's deadline. A
//     page that crashes again alone fails with core.ErrEngineCrashed; one
//     that hangs alone times out;
//   - a document error from the engine (not_pdf, encrypted, ...) ends the
//     sequence as is, without a retry;
//   - an answer for a page that was not asked for, or a second answer for
//     a page, is a protocol fault: the process is killed and the sequence
//     ends with an error wrapping core.ErrEngineProtocol (code
//     engine_protocol). The router then trusts none of that call's
//     answers: their page numbers cannot be believed.
//
// An engine has up to Config.Procs processes, each reading one call at a
// time; an engine that declares core.CapConcurrentCalls (the text layer)
// has one process, which reads up to Config.Procs calls at once: a
// process costs about as much to start as a small document costs to
// read. The host asks each engine whether it shares as its first process
// starts, and the calls that arrive meanwhile wait for that answer. A call
// that breaks the shared process (a hang, a crash, a deadline) breaks the
// others' streams too, and their unanswered pages are retried as for any
// lost process. Engine.Workers says how many pages a call starting now
// should read at once: the cores shared between it and the calls in flight. The
// router passes it in the option "workers", so that two documents read at
// once on two cores do not start four OCR workers, each loading its own
// models, and a document read alone keeps every core.
//
// Each process listens on a Unix socket in a temporary directory of its
// own (internal/tempdir), which the host removes once the process is
// gone: an engine killed at a deadline cannot remove its socket itself.
// Directories left by a host that was itself killed are swept when a
// host next starts an engine.
//
// Built-in engines are compiled into the assay binary and launched as
// `assay serve-engine NAME`; external ones are executables named
// assay-engine-NAME in the assay binary's directory or on
// $ASSAY_PLUGIN_PATH. $ASSAY_DEBUG sends the engines' logs to stderr.
package pluginhost
