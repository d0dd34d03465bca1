package ocr

import (
	"image"
	"testing"
)

// TestRecWidth checks the recogniser's input width: a crop's width at
// recHeight with its aspect kept, times the squeeze, within recMinW and
// recMaxW.
func TestRecWidth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		w, h    int
		squeeze float64
		want    int
	}{
		{"natural width", 480, 48, 1, 480},
		{"scaled to the recogniser's height", 960, 96, 1, 480},
		{"a Chinese line at half its width", 960, 96, hanSqueeze, 240},
		{"never narrower than it is high", 30, 48, hanSqueeze, recMinW},
		{"a long line squeezed to the widest input", 20000, 48, 1, recMaxW},
	}
	for _, tc := range tests {
		g := image.NewGray(image.Rect(0, 0, tc.w, tc.h))
		if got := recWidth(g, tc.squeeze); got != tc.want {
			t.Errorf("%s: recWidth(%d×%d, %v) = %d, want %d", tc.name, tc.w, tc.h, tc.squeeze, got, tc.want)
		}
	}
}

// TestOnlyHanIsSqueezed: OSD's and Tesseract's names for Chinese are
// read squeezed; every other script at its natural width.
func TestOnlyHanIsSqueezed(t *testing.T) {
	t.Parallel()
	for script, want := range map[string]bool{"Han": true, "HanS": true, "HanT": true, "Latin": false, "Japanese": false, "Hangul": false, "": false} {
		if got := isHan(script); got != want {
			t.Errorf("isHan(%q) = %v, want %v", script, got, want)
		}
	}
}
