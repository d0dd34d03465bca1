// Package sdktest is the conformance suite for Assay engines.
//
// An engine's own tests call
//
//	func TestConformance(t *testing.T) { sdktest.Run(t, myengine.New()) }
//
// to check the engine contract directly, and
//
//	sdktest.Run(t, sdktest.InMemory(t, myengine.New()))
//
// to check it through the real wire server and client (an in-memory gRPC
// connection), which is how the host sees it. The suite ships its own
// small PDFs (testdata/text3.pdf: three US-letter pages of Helvetica text,
// made with ghostscript from testdata/text3.ps) and writes them to
// t.TempDir().
package sdktest
