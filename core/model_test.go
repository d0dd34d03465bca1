package core

import (
	"strings"
	"testing"
)

// countFields counts what strings.Fields returns, on every kind of space
// and on bytes that are not UTF-8.
func TestCountFields(t *testing.T) {
	t.Parallel()
	for _, s := range []string{
		"", " ", "a", " a ", "a b", "a\tb\nc\vd\fe\rf", "a\u00a0b", "a\u2003 b\u3000c", "\u0085x\u0085",
		"\xff \xfe\xfd  z", "ab\u200bcd", "  many   spaces here  ", "é à ü",
	} {
		if got, want := countFields(s), len(strings.Fields(s)); got != want {
			t.Errorf("countFields(%q) = %d, want %d", s, got, want)
		}
	}
}
