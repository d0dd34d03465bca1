package core

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPageTextJoinsBlocks: a page's Text is its blocks' Text, those that
// have any, joined by blank lines, on random pages of paragraphs (empty
// lines and words among them, words joined across lines), contents and
// tables.
func TestPageTextJoinsBlocks(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	texts := []string{"", "a", "word", "été", " "}
	for range 5000 {
		var p Page
		for range r.IntN(6) {
			var b Block
			switch r.IntN(5) {
			case 0:
				b.Content = texts[r.IntN(len(texts))]
			case 1:
				b.Table = &Table{Rows: 1, Cols: 2, Cells: []Cell{{Row: 0, Col: 0, Text: texts[r.IntN(len(texts))]}}}
			}
			for range r.IntN(4) {
				var l Line
				for range r.IntN(4) {
					w := Word{Text: texts[r.IntN(len(texts))]}
					if r.IntN(4) == 0 {
						w.Flags = FlagJoinNext
					}
					l.Words = append(l.Words, w)
				}
				b.Lines = append(b.Lines, l)
			}
			p.Blocks = append(p.Blocks, b)
		}
		var parts []string
		for i := range p.Blocks {
			if s := p.Blocks[i].Text(); s != "" {
				parts = append(parts, s)
			}
		}
		if got, want := p.Text(), strings.Join(parts, "\n\n"); got != want {
			t.Fatalf("Text() = %q, want %q", got, want)
		}
	}
}

// A word joined to the next (FlagJoinNext) is written without a space
// after it, in its line as at the line's end: 'x' before its exponent.
// TextFunc writes each word through its function and spaces them as Text.
func TestJoinedWordsInALine(t *testing.T) {
	t.Parallel()
	b := Block{Lines: []Line{
		{Words: []Word{{Text: "area"}, {Text: "x", Flags: FlagJoinNext}, {Text: "2", Flags: FlagSuperscript}, {Text: "grows", Flags: FlagJoinNext}}},
		{Words: []Word{{Text: "on"}, {Text: "CO", Flags: FlagJoinNext}, {Text: "2", Flags: FlagSubscript}}},
	}}
	if got, want := b.Text(), "area x2 growson CO2"; got != want {
		t.Errorf("Text() = %q, want %q", got, want)
	}
	mark := func(w *Word) string {
		if w.Flags&(FlagSuperscript|FlagSubscript) != 0 {
			return "[" + w.Text + "]"
		}
		return w.Text
	}
	if got, want := b.TextFunc(mark), "area x[2] growson CO[2]"; got != want {
		t.Errorf("TextFunc() = %q, want %q", got, want)
	}
	if got := (&Block{Content: "as it is"}).TextFunc(mark); got != "as it is" {
		t.Errorf("TextFunc of a Content block = %q", got)
	}
}
