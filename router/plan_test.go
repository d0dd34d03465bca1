package router

import (
	"fmt"
	"testing"
)

// WithPictures puts the region step before the first full-page step of
// its engine in the chains of pages with a text layer of their own, once;
// a page read whole by that engine, a scan with an OCR layer and a chain
// without the engine keep their chains.
func TestWithPictures(t *testing.T) {
	t.Parallel()
	plan := Plan{
		"born_digital":           {{Engine: "nativetext"}, {Engine: "ocr"}},
		"complex_layout":         {{Engine: "layoutml"}, {Engine: "nativetext"}, {Engine: "ocr"}},
		"mixed":                  {{Engine: "nativetext"}, {Engine: "ocr", Regions: true}, {Engine: "ocr"}},
		"broken_fonts":           {{Engine: "nativetext"}},
		"image_only":             {{Engine: "ocr"}, {Engine: "nativetext"}},
		"scanned_with_ocr_layer": {{Engine: "nativetext"}, {Engine: "ocr"}},
		DefaultClass:             {{Engine: "nativetext"}, {Engine: "ocr"}},
	}
	want := map[string]string{
		"born_digital":           "[nativetext ocr:regions ocr]",
		"complex_layout":         "[layoutml nativetext ocr:regions ocr]",
		"mixed":                  "[nativetext ocr:regions ocr]",
		"broken_fonts":           "[nativetext]",
		"image_only":             "[ocr nativetext]",
		"scanned_with_ocr_layer": "[nativetext ocr]",
		DefaultClass:             "[nativetext ocr:regions ocr]",
	}
	got := plan.WithPictures("ocr")
	for class, w := range want {
		if g := fmt.Sprint(got.Chain(class)); g != w {
			t.Errorf("%s: %s; want %s", class, g, w)
		}
	}
	if g := fmt.Sprint(got.WithPictures("ocr").Chain("born_digital")); g != want["born_digital"] {
		t.Errorf("twice: %s", g)
	}
	if g := fmt.Sprint(plan.Chain("born_digital")); g != "[nativetext ocr]" {
		t.Errorf("the plan itself changed: %s", g)
	}
}
