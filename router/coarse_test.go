package router

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/assay-pdf/assay/router/analyze"
)

// TestStepOptionsCoarseImages checks that a step's options name the pages
// whose images hold more samples than CoarseImageSamples, keep the
// configured options, and stay as configured when no page does.
func TestStepOptionsCoarseImages(t *testing.T) {
	t.Parallel()
	states := map[int]*pageState{
		1: {known: true, info: analyze.Page{ImageSamples: 6041}},                    // a huge mask drawn 40 times
		2: {known: true, info: analyze.Page{ImageSamples: 277}},                     // an A3 sheet scanned at 1200 dpi
		3: {known: false, info: analyze.Page{ImageSamples: 2 * CoarseImageSamples}}, // facts not learnt
		4: {known: true, info: analyze.Page{ImageSamples: CoarseImageSamples}},
	}
	r := New(Config{Options: map[string]json.RawMessage{"ocr": json.RawMessage(`{"dpi":300}`)}}, nil)
	tests := []struct {
		name   string
		step   Step
		pages  []int
		coarse []int // nil: the option is absent
	}{
		{"page step", Step{Engine: "ocr"}, []int{1, 2, 3, 4}, []int{1, 4}},
		{"region step", Step{Engine: "ocr", Regions: true}, []int{1, 2}, []int{1}},
		{"no coarse page", Step{Engine: "ocr"}, []int{2, 3}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			raw, err := r.stepOptions(tc.step, tc.pages, states)
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				DPI    float64 `json:"dpi"`
				Mode   string  `json:"mode"`
				Coarse []int   `json:"coarse_images"`
			}
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatalf("%s: %v", raw, err)
			}
			if got.DPI != 300 || !reflect.DeepEqual(got.Coarse, tc.coarse) {
				t.Errorf("options %s, want coarse_images %v and dpi 300", raw, tc.coarse)
			}
			if tc.step.Regions != (got.Mode == "regions") {
				t.Errorf("options %s: mode %q for a region step %v", raw, got.Mode, tc.step.Regions)
			}
		})
	}
}
