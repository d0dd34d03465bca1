package nativetext

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestFootnoteAfterColumns: a note at the foot of the first of two
// columns, in smaller type after its mark, is a footnote read after the
// page's text, and the sentence that runs on from the first column to the
// second is one paragraph again; a date opening a line at a column's
// foot, its day level with the month, is no note.
func TestFootnoteAfterColumns(t *testing.T) {
	t.Parallel()
	left := []string{
		"All these envisioned microrobotic uses rely",
		"on the combined actions of many microrobots.",
		"The high level of underactuation in systems",
		"of this kind, where the robots are steered",
		"by one signal and move together, and where",
	}
	right := []string{
		"each robot answers to it in its own way,",
		"makes the control of several microrobots",
		"harder than that of one, as follows here.",
	}
	page := func(note string) string {
		var sb strings.Builder
		for i, l := range left {
			fmt.Fprintf(&sb, "BT /F1 10 Tf 1 0 0 1 72 %d Tm (%s) Tj ET\n", 700-12*i, l)
		}
		for i, l := range right {
			fmt.Fprintf(&sb, "BT /F1 10 Tf 1 0 0 1 330 %d Tm (%s) Tj ET\n", 700-12*i, l)
		}
		sb.WriteString(note)
		return sb.String()
	}
	cases := []struct {
		name, note, text string
		footnote         bool
	}{
		{"a marked note", "BT /F1 8 Tf 1 0 0 1 72 110 Tm (*Contact: Ann Gale, the laboratory of microrobotics.) Tj ET\n",
			"*Contact: Ann Gale, the laboratory of microrobotics.", true},
		{"a raised number", "BT /F1 5 Tf 1 0 0 1 72 113 Tm (11) Tj ET BT /F1 8 Tf 1 0 0 1 81 110 Tm (See Greene and Ondrich, on the robots.) Tj ET\n",
			"11 See Greene and Ondrich, on the robots.", true},
		{"a date", "BT /F1 8 Tf 1 0 0 1 72 110 Tm (1 October 959 to 8 July 975, the years of the reign) Tj ET\n",
			"1 October 959 to 8 July 975, the years of the reign", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			blocks := helvPage(t, page(c.note))
			last := blocks[len(blocks)-1]
			if got := strings.Join(strings.Fields(last.Text()), " "); (got == c.text && last.Kind == core.KindFootnote) != c.footnote {
				t.Fatalf("last block %s %q; want the footnote %v: %q", last.Kind, got, c.footnote, blockTexts(blocks))
			}
			if !c.footnote {
				return
			}
			joined := false
			for _, b := range blocks {
				joined = joined || strings.Contains(strings.Join(strings.Fields(b.Text()), " "), "and where each robot answers")
			}
			if !joined {
				t.Errorf("the sentence over the columns is not one paragraph: %q", blockTexts(blocks))
			}
		})
	}
}

// TestNoteMarkIsNoBullet: a note opening with its mark set small and
// raised ('*Corresponding author.') is a note that keeps its mark, not
// an item of a list whose bullet Markdown would write as '-'; so is one
// whose asterisk is at its size and on its baseline, as a bullet would
// be, when no item beside it opens with one (TestLoneNoteItem).
func TestNoteMarkIsNoBullet(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, mark string
		want       core.BlockKind
	}{
		{"raised and small", "/F1 5 Tf 3 Ts (*) Tj /F1 8 Tf 0 Ts", core.KindParagraph},
		{"level, alone", "/F1 8 Tf (*) Tj", core.KindParagraph},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			content := "BT /F1 8 Tf 72 100 Td " + c.mark + " ( Corresponding author. Tel.: +81 92 802 3338.) Tj ET"
			blocks := helvPage(t, content)
			if len(blocks) != 1 || blocks[0].Kind != c.want || !strings.HasPrefix(blocks[0].Text(), "*") {
				t.Errorf("blocks %+v; want one %s that starts with its '*'", blocks, c.want)
			}
		})
	}
}

// A list item that a symbol of notes opens alone is a note, and keeps
// its mark; two items opened by it are a list.
func TestLoneNoteItem(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, content string
		want          []core.BlockKind
	}{
		{"alone", "BT /F1 8 Tf 72 100 Td (*) Tj ( Corresponding author. Tel.: +81 92 802 3338.) Tj ET",
			[]core.BlockKind{core.KindParagraph}},
		{"a list", "BT /F1 8 Tf 72 300 Td (*) Tj ( Lemons and limes from the south.) Tj 0 -12 Td (*) Tj ( Apples and pears from the north.) Tj ET",
			[]core.BlockKind{core.KindListItem, core.KindListItem}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var got []core.BlockKind
			for _, b := range helvPage(t, c.content) {
				got = append(got, b.Kind)
				if !strings.HasPrefix(b.Text(), "*") {
					t.Errorf("block %q lost its mark", b.Text())
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("kinds %v; want %v", got, c.want)
			}
		})
	}
}
