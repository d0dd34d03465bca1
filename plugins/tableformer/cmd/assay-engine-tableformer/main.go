// Command assay-engine-tableformer serves the tableformer engine as a
// standalone plugin. The assay binary has the same engine built in; this
// binary exists for hosts that load engines from a plugin directory.
package main

import (
	"github.com/assay-pdf/assay/plugins/tableformer/engine"
	"github.com/assay-pdf/assay/sdk"
)

func main() { sdk.Serve(engine.New()) }
