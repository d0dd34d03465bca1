package nativetext_test

import (
	"testing"

	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/sdk/sdktest"
)

// TestConformance runs the SDK's engine-contract suite, in process and
// over the in-memory wire.
func TestConformance(t *testing.T) {
	t.Parallel()
	t.Run("Direct", func(t *testing.T) { sdktest.Run(t, nativetext.New()) })
	t.Run("InMemory", func(t *testing.T) { sdktest.Run(t, sdktest.InMemory(t, nativetext.New())) })
}
