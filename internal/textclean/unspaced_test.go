package textclean

import (
	"testing"

	"github.com/assay-pdf/assay/core"
)

func TestUnspaced(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		r    rune
		want bool
	}{
		{'資', true}, {'の', true}, {'レ', true}, {'ー', true}, {'。', true}, {'，', true}, {'ｶ', true},
		{'한', false}, {'ﾡ', false}, {'a', false}, {'1', false}, {' ', false}, {'ا', false},
	} {
		if got := Unspaced(tc.r); got != tc.want {
			t.Errorf("Unspaced(%q) = %v, want %v", tc.r, got, tc.want)
		}
	}
}

// A paragraph of Japanese broken at the measure reads on without a
// space; Korean and Latin lines keep theirs.
func TestJoinUnspacedLines(t *testing.T) {
	t.Parallel()
	line := func(ws ...string) core.Line {
		var l core.Line
		for _, w := range ws {
			l.Words = append(l.Words, core.Word{Text: w})
		}
		return l
	}
	blocks := []core.Block{
		{Kind: core.KindParagraph, Lines: []core.Line{line("資料と市場につ"), line("いて、政府が考えました。")}},
		{Kind: core.KindParagraph, Lines: []core.Line{line("서울은", "한국의"), line("수도입니다.")}},
		{Kind: core.KindParagraph, Lines: []core.Line{line("the", "capital"), line("of", "Japan", "is", "東京"), line("です。")}},
	}
	if n := JoinUnspacedLines(blocks); n != 2 {
		t.Errorf("marked %d lines, want 2", n)
	}
	for i, want := range []string{"資料と市場について、政府が考えました。", "서울은 한국의\n수도입니다.", "the capital\nof Japan is 東京です。"} {
		if got := blocks[i].Text(); got != want {
			t.Errorf("block %d: %q, want %q", i, got, want)
		}
	}
}
