package main

import (
	"testing"

	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/sdk/sdktest"
)

// The engine keeps the contract: every page answered once, boxes inside
// the page, text read, cancellation honoured, garbage refused.
func TestShoutKeepsTheContract(t *testing.T) {
	sdktest.Run(t, shout{text: nativetext.New()})
}
