// Command assay-engine-layoutml serves the layoutml engine as a plugin.
// It is built with cgo, for onnxruntime; without a model configured it
// needs neither the runtime nor a GPU.
package main

import (
	"github.com/assay-pdf/assay/internal/hugepages"
	"github.com/assay-pdf/assay/plugins/layoutml"
	"github.com/assay-pdf/assay/sdk"
)

func main() {
	// First: it may start the program again, with huge pages for the
	// models' memory.
	hugepages.Enable()
	sdk.Serve(layoutml.New())
}
