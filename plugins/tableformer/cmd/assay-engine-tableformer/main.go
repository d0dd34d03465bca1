// Command assay-engine-tableformer serves the tableformer engine as a
// standalone plugin. The assay binary has the same engine built in; this
// binary exists for hosts that load engines from a plugin directory.
package main

import (
	"github.com/assay-pdf/assay/internal/hugepages"
	"github.com/assay-pdf/assay/plugins/tableformer/engine"
	"github.com/assay-pdf/assay/sdk"
)

func main() {
	// First: it may start the program again, with huge pages for the
	// models' memory.
	hugepages.Enable()
	sdk.Serve(engine.New())
}
