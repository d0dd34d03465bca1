// Package sdk is what an engine author imports to ship an Assay engine as
// its own executable.
//
// An engine implements core.Engine and calls Serve from main:
//
//	func main() { sdk.Serve(myengine.New()) }
//
// Serve speaks the plugin protocol (hashicorp/go-plugin over gRPC, see
// README.md); the author never imports grpc or go-plugin. Options set the
// logger and its level, and debug mode (WithDebug), in which the author
// starts the engine under a debugger and the host attaches to it:
//
//	sdk.Serve(myengine.New(), sdk.WithLogLevel("debug"))
//
// The host starts the executable, streams page results back as the
// engine yields them, and kills and restarts the process when it crashes
// or hangs, so an engine may be written without defensive timeouts of its
// own. It should still honour ctx: the conformance suite in sdk/sdktest
// checks that.
//
// Serve also tunes the process's collector for a worker (GOGC=400, and a
// soft memory limit under the data limit the host names in
// ASSAY_ENGINE_MEMORY_LIMIT), unless GOGC or GOMEMLIMIT are set. An
// engine that allocates much per page and keeps little may add a method
//
//	HeapFloor() int64
//
// and its process then allocates that many bytes before it first
// collects, when the floor lies below the soft limit, as the text engine
// does (256 MiB).
//
// Executables named assay-engine-NAME in the assay binary's directory or
// on $ASSAY_PLUGIN_PATH are discovered as engine NAME.
package sdk
