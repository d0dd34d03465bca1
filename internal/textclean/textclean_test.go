package textclean

import "testing"

func TestClean(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"empty", "", ""},
		{"plain", "hello world", "hello world"},
		{"fi", "\ufb01nd", "find"},
		{"all ligatures", "\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06", "fffiflffifflstst"},
		{"soft hyphen", "hy\u00adphen", "hyphen"},
		{"controls", "a\x00b\x07c\td\ne\x7f\u0085f", "abc\td\nef"},
		{"bom zwsp", "\ufeffa\u200bb", "ab"},
		{"nfc", "e\u0301", "\u00e9"},
		{"nfc hangul", "\u1100\u1161", "\uac00"},
		{"invalid utf8", "a\xffb", "a\ufffdb"},
		{"arabic untouched", "مرحبا", "مرحبا"},
		{"keeps fffd", "a\ufffdb", "a\ufffdb"},
		{"paired quotes", "\u2018\u2018term\u2019\u2019", "\u201cterm\u201d"},
		{"single quotes", "\u2018term\u2019 and \u2019tis", "\u2018term\u2019 and \u2019tis"},
		{"an empty quote", "\u2018\u2019", "\u2018\u2019"},
		{"ascii quotes", "``x'' ''", "``x'' ''"},
		{"a fence of three", "\u2018\u2018\u2018json", "\u2018\u2018\u2018json"},
		{"a pair after a fence", "\u2018\u2018\u2018 \u2019\u2019x", "\u2018\u2018\u2018 \u201dx"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Clean(tt.in)
			if got != tt.want {
				t.Errorf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := Clean(got); again != got {
				t.Errorf("Clean not idempotent: %q -> %q", got, again)
			}
		})
	}
}

func TestPieces(t *testing.T) {
	t.Parallel()
	if got := ExpandLigatures("o\ufb03ce"); got != "office" {
		t.Errorf("ExpandLigatures = %q", got)
	}
	if got, want := ExpandPresentationForms("\ufe8d\ufeb3\ufee4\ufef2 \ufefb"), "\u0627\u0633\u0645\u064a \u0644\u0627"; got != want {
		t.Errorf("ExpandPresentationForms = %q, want %q", got, want)
	}
	if got := DropSoftHyphens("\u00ad\u00ad"); got != "" {
		t.Errorf("DropSoftHyphens = %q", got)
	}
	if got := StripControls("x\ry"); got != "xy" {
		t.Errorf("StripControls = %q", got)
	}
	if !IsLigature(0xFB01) || IsLigature('f') {
		t.Error("IsLigature")
	}
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{"", "\ufb01", "e\u0301\u00ad", "\x00\xff", "plain ASCII ~", "tab\there", "\ufe8d\ufefb\ufdfa"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := Clean(s)
		if Clean(c) != c {
			t.Errorf("not idempotent on %q", s)
		}
		if all := cleanAll(s); c != all {
			t.Errorf("Clean(%q) = %q, but its passes give %q", s, c, all)
		}
	})
}
