package nativetext

import (
	"testing"
	"unicode"

	"github.com/assay-pdf/assay/core"
)

// letterDirs counts as the plain definition does: a letter is right to
// left when isRTL says so, else left to right; other characters neither.
func FuzzLetterDirs(f *testing.F) {
	for _, s := range []string{"abc XYZ 123 @[`{", "שלום עולם", "مرحبا hello", "Ωμέγα ß ﬁ", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var rtl, ltr int
		for _, r := range s {
			if isRTL(r) {
				rtl++
			} else if unicode.IsLetter(r) {
				ltr++
			}
		}
		if r, l := letterDirs(s); r != rtl || l != ltr {
			t.Fatalf("letterDirs(%q) = %d, %d; want %d, %d", s, r, l, rtl, ltr)
		}
	})
}

// TestArabicNumbers: after Arabic letters, a number with a sign drawn
// as the bidirectional algorithm shows it ('%15') reads in logical order
// ('15%'); after Hebrew letters, alone, or without signs it is left as
// drawn.
func TestArabicNumbers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		words []string // in logical order
		want  string
	}{
		{"percent after Arabic", []string{"يستخدم", "%15", "قبل"}, "يستخدم 15% قبل"},
		{"decimal", []string{"النتائج", "%3.5"}, "النتائج 3.5%"},
		{"bracket", []string{"لور", "2024(", "-", ")2026"}, "لور (2024 - 2026)"},
		{"thousands alone", []string{"البيت", "1,234"}, "البيت 1,234"},
		{"after Hebrew", []string{"שלום", "15%"}, "שלום 15%"},
		{"no letters before", []string{"%15", "قبل"}, "%15 قبل"},
	}
	for _, tc := range tests {
		ws := make([]core.Word, len(tc.words))
		for i, w := range tc.words {
			ws[i] = core.Word{Text: w}
		}
		arabicNumbers(ws)
		if got := (&core.Line{Words: ws}).Text(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
