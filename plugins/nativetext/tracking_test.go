package nativetext

import (
	"testing"
)

// TestTracking: character spacing narrower than a word space is tracking
// and left out of the gap after a glyph; wider, it is a gap like any
// other, but after a character of a script written without spaces.
func TestTracking(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text     string
		cs, want float64
	}{
		{"t", 1, 1},
		{"t", 3, 0},
		{"中", 3, 3},
		{"か", 5, 5},
		{"한", 3, 0}, // Hangul is written with spaces
	} {
		g := glyph{text: tc.text, cs: tc.cs, size: 10}
		if got := g.tracking(); got != tc.want {
			t.Errorf("%q with Tc %v pt at 10 pt: tracking %v, want %v", tc.text, tc.cs, got, tc.want)
		}
	}
}

// TestWideCharacterSpacing: letters tracked apart stay one word, and
// spacing as wide as a space between pieces of a line parts its words.
func TestWideCharacterSpacing(t *testing.T) {
	t.Parallel()
	wantWords(t, helvRes, []wordsCase{
		{"Tc is tracking", "BT /F1 10 Tf 72 700 Td 1 Tc (spaced out) Tj ET", "spaced out"},
		{"letters spaced wide", "BT /F1 10 Tf 72 700 Td 4 Tc (SPACED OUT) Tj ET", "SPACED OUT"},
		// "But there", set as pdfcpu's TheGoProgrammingLanguage sample
		// sets it: "tt" spaced 0.3 em apart by Tc, the pieces placed by
		// Td (Helvetica: B 0.667, u 0.556, t 0.278 em).
		{"Tc as wide as a space parts words", "BT /F1 10 Tf 72 700 Td (Bu) Tj 3 Tc 12.23 0 Td (tt) Tj 0 Tc 8.56 0 Td (here) Tj ET", "But there"},
	})
}
