package nativetext

import (
	"testing"
	"unicode"
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
