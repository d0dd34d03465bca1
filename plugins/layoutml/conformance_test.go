package layoutml_test

import (
	"testing"

	"github.com/assay-pdf/assay/plugins/layoutml"
	"github.com/assay-pdf/assay/sdk/sdktest"
)

// TestConformance runs the SDK's engine-contract suite, in process and
// over the in-memory wire.
func TestConformance(t *testing.T) {
	t.Run("Direct", func(t *testing.T) { sdktest.Run(t, layoutml.New()) })
	t.Run("InMemory", func(t *testing.T) { sdktest.Run(t, sdktest.InMemory(t, layoutml.New())) })
}
