// Command assay-engine-layoutml serves the layoutml engine as a plugin.
// It is built with cgo, for onnxruntime; without a model configured it
// needs neither the runtime nor a GPU.
package main

import (
	"github.com/assay-pdf/assay/plugins/layoutml"
	"github.com/assay-pdf/assay/sdk"
)

func main() { sdk.Serve(layoutml.New()) }
