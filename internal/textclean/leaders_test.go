package textclean

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDropLeaders: runs of four dots or more, spaced or not, leave a
// cell's text; an ellipsis, a decimal, a version and an abbreviation's
// dots stay.
func TestDropLeaders(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"Violent crime. . . . . . . . .", "Violent crime"},
		{"All ages ............", "All ages"},
		{"0.99 ................", "0.99"},
		{"................", ""},
		{"Total · · · · · 12", "Total 12"},
		{"Contents……", "Contents"},
		{"and so on...", "and so on..."},
		{"Weapons; carrying, possessing, etc...", "Weapons; carrying, possessing, etc..."},
		{"U.S. 1.2.3.4 v2.0", "U.S. 1.2.3.4 v2.0"},
		{"FCC OPS installation and verification ..", "FCC OPS installation and verification .."},
		{"", ""},
	} {
		if got := DropLeaders(tc.in); got != tc.want {
			t.Errorf("DropLeaders(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzDropLeaders(f *testing.F) {
	for _, s := range []string{"a . . . . b", "x……", "1.2.3", "· · · ·"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := DropLeaders(s)
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("DropLeaders(%q) = %q, not UTF-8", s, got)
		}
		if len(got) > len(s) {
			t.Fatalf("DropLeaders(%q) = %q, longer", s, got)
		}
		if DropLeaders(got) != got && strings.Count(got, ".") >= minLeaderDots {
			t.Fatalf("DropLeaders not idempotent on %q: %q", s, got)
		}
	})
}
