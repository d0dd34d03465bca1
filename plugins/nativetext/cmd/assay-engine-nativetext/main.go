// Command assay-engine-nativetext serves the nativetext engine as a
// standalone plugin. The assay binary has the same engine built in; this
// binary exists for hosts that load engines from a plugin directory.
package main

import (
	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/sdk"
)

func main() { sdk.Serve(nativetext.New()) }
