package quality

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

func page(text string) core.PageResult {
	var lines []core.Line
	for _, l := range strings.Split(text, "\n") {
		var ws []core.Word
		for _, w := range strings.Fields(l) {
			ws = append(ws, core.Word{Text: w})
		}
		lines = append(lines, core.Line{Words: ws})
	}
	return core.PageResult{Status: core.StatusOK, Page: core.Page{Number: 1, Blocks: []core.Block{{Kind: core.KindParagraph, Lines: lines}}}}
}

func TestScore(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		min, max float64
		reason   string
	}{
		{"clean English", "The quick brown fox jumps over the lazy dog.", 0.99, 1, ""},
		{"clean CJK", "本文档测试文本提取。", 0.99, 1, ""},
		{"empty page", "", 0, 0, "no text"},
		{"cid leftovers", "(cid:3)(cid:72)(cid:79)(cid:79)(cid:82) world", 0, 0.3, "undecoded glyph marks"},
		{"GLYPH marks", "GLYPH<0041>GLYPH<0042>GLYPH<0043> abc", 0, 0.3, "undecoded glyph marks"},
		{"gid marks", "/gid00042/gid00043/gid00044 x", 0, 0.3, "undecoded"},
		{"replacement chars", "\ufffd\ufffd\ufffd\ufffd ab", 0, 0.5, "U+FFFD"},
		{"private use", "\ue000\ue001\ue002 text", 0.3, 0.7, "private-use"},
		{"mostly clean one bad glyph", "A long line of perfectly readable English text with one \ufffd in it", 0.95, 0.999, "U+FFFD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Score(page(tt.text), Hints{})
			if r.Score < tt.min || r.Score > tt.max {
				t.Fatalf("score %.3f, want [%.2f, %.2f]; reasons %v", r.Score, tt.min, tt.max, r.Reasons)
			}
			if tt.reason != "" && !strings.Contains(strings.Join(r.Reasons, "; "), tt.reason) {
				t.Fatalf("reasons %v lack %q", r.Reasons, tt.reason)
			}
			if tt.reason == "" && len(r.Reasons) > 0 {
				t.Fatalf("clean text got reasons %v", r.Reasons)
			}
		})
	}
}

func TestScoreStatuses(t *testing.T) {
	if r := Score(core.PageResult{Status: core.StatusTimeout}, Hints{}); r.Score != 0 {
		t.Fatalf("timeout scored %v", r.Score)
	}
	if r := Score(page(""), Hints{NoTextExpected: true}); r.Score != 1 {
		t.Fatalf("expected-blank page scored %v", r.Score)
	}
	r := page("some text here")
	r.Stats = map[string]float64{"glyphs": 100, "unmapped_glyphs": 60}
	if s := Score(r, Hints{}); s.Score > 0.41 {
		t.Fatalf("60%% unmapped glyphs scored %v", s.Score)
	}
}
