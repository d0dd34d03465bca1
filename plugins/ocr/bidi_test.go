package ocr

import (
	"image"
	"strings"
	"testing"
)

func TestLogicalOrder(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		drawn []string // the words as Tesseract gives them, right to left
		want  string
	}{
		{"Hebrew alone", []string{"שלום", "עולם."}, "שלום עולם."},
		{"a Latin phrase with the period drawn at its left", []string{"בספר", "בשם", "Guide", ".Haifa"}, "בספר בשם Haifa Guide."},
		{"a number keeps its digits and place", []string{"שילמנו", "120", "שקלים"}, "שילמנו 120 שקלים"},
		{"Arabic with a Latin title", []string{"بعنوان", "Guide", "Alexandria"}, "بعنوان Alexandria Guide"},
		{"Arabic with a number", []string{"دفعنا", "150", "جنيها"}, "دفعنا 150 جنيها"},
		{"a line in Latin only", []string{"world", "hello"}, "hello world"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ws := make([]pxWord, len(tc.drawn))
			for i, s := range tc.drawn {
				x := 1000 - 100*i // right to left
				ws[i] = pxWord{text: s, box: image.Rect(x-90, 0, x, 20), conf: float64(i) / 10, rtl: true}
			}
			got := logicalOrder(ws)
			texts := make([]string, len(got))
			for i, w := range got {
				texts[i] = w.text
			}
			if s := strings.Join(texts, " "); s != tc.want {
				t.Errorf("logicalOrder(%q) = %q; want %q", tc.drawn, s, tc.want)
			}
			if len(got) != len(ws) {
				t.Errorf("%d words; want %d", len(got), len(ws))
			}
		})
	}
}

func TestClipOverlap(t *testing.T) {
	t.Parallel()
	prev := image.Rect(801, 0, 855, 30)
	// An Arabic word read after prev, whose box reaches over it.
	if got := clipOverlap(prev, image.Rect(687, 0, 903, 30)); got != image.Rect(687, 0, 800, 30) {
		t.Errorf("right to left: %v", got)
	}
	// Left to right: the next word starts inside prev.
	if got := clipOverlap(prev, image.Rect(850, 0, 900, 30)); got != image.Rect(856, 0, 900, 30) {
		t.Errorf("left to right: %v", got)
	}
	// Apart: unchanged.
	if got := clipOverlap(prev, image.Rect(700, 0, 790, 30)); got != image.Rect(700, 0, 790, 30) {
		t.Errorf("apart: %v", got)
	}
}
