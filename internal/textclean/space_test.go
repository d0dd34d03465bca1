package textclean

import (
	"strings"
	"testing"
)

func TestCollapseSpace(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"", ""},
		{" ", ""},
		{"a", "a"},
		{"a b", "a b"},
		{" a", "a"},
		{"a ", "a"},
		{"a  b", "a b"},
		{"a\nb", "a b"},
		{"a \n b", "a b"},
		{"a\u00a0b", "a b"},       // a no-break space is white space to Fields
		{"a\u3000\u2003b", "a b"}, // ideographic and em spaces
		{"\t a b c \r\n", "a b c"},
		{"été  à\nl'œil", "été à l'œil"},
		{"a\xffb  \xfe", "a\xffb \xfe"}, // invalid bytes are kept
		{"\u200bzero", "\u200bzero"},    // U+200B is not white space
	}
	for _, tt := range tests {
		if got := CollapseSpace(tt.in); got != tt.want {
			t.Errorf("CollapseSpace(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if ref := strings.Join(strings.Fields(tt.in), " "); ref != tt.want {
			t.Errorf("the table is wrong for %q: Fields and Join give %q", tt.in, ref)
		}
	}
}

// TestCollapseSpaceKeepsCollapsed: text already collapsed comes back as
// it is, without a copy. (Not parallel: AllocsPerRun counts the whole
// process's allocations.)
func TestCollapseSpaceKeepsCollapsed(t *testing.T) {
	s := "already one line, with single spaces — and é"
	if n := testing.AllocsPerRun(100, func() { _ = CollapseSpace(s) }); n != 0 {
		t.Errorf("%v allocations for collapsed text", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = CollapseSpace("two\nlines") }); n != 1 {
		t.Errorf("%v allocations for two lines, want 1", n)
	}
}

func FuzzCollapseSpace(f *testing.F) {
	for _, s := range []string{"", " a  b ", "a\nb\u00a0c", "\xff \xfe", "x\u2028y\u0085z", "  "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := CollapseSpace(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Fatalf("CollapseSpace(%q) = %q, want %q", s, got, want)
		}
	})
}

func BenchmarkCollapseSpace(b *testing.B) {
	para := strings.Repeat("The quick brown fox — “jumps” over the lazy dog,\nand the line breaks here ", 20)
	b.SetBytes(int64(len(para)))
	for b.Loop() {
		_ = CollapseSpace(para)
	}
}

func BenchmarkCollapseSpaceCollapsed(b *testing.B) {
	line := strings.Repeat("The quick brown fox — “jumps” over the lazy dog, and the line goes on ", 20)
	line = CollapseSpace(line)
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		_ = CollapseSpace(line)
	}
}
