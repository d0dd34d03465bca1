package textclean

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// para is a paragraph block with a line per string.
func para(kind core.BlockKind, lines ...string) core.Block {
	b := core.Block{Kind: kind}
	for _, l := range lines {
		var ln core.Line
		for _, w := range strings.Fields(l) {
			ln.Words = append(ln.Words, core.Word{Text: w})
		}
		b.Lines = append(b.Lines, ln)
	}
	return b
}

func TestMendHyphens(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		// elsewhere is text of the document outside the break, for the
		// evidence of which hyphen it writes inside words.
		elsewhere string
		blocks    []core.Block
		want      []string // each block's text
	}{
		{"soft hyphen: always a break", "", []core.Block{para(core.KindParagraph, "the unfor\u00ad", "tunately late")},
			[]string{"the unfortunately late"}},
		{"U+2010 where the document writes - in words: a break", "a well-known e-mail",
			[]core.Block{para(core.KindParagraph, "an environ\u2010", "mental study")},
			[]string{"an environmental study"}},
		{"U+2010 where the document writes U+2010 in words, before a word: kept, joined", "a well\u2010known case is contained",
			[]core.Block{para(core.KindParagraph, "a self\u2010", "contained unit")},
			[]string{"a self\u2010contained unit"}},
		{"hyphen-minus before words of the document: kept, joined", "known by mail",
			[]core.Block{para(core.KindParagraph, "a well-", "known e-", "mail")},
			[]string{"a well-known e-mail"}},
		{"hyphen-minus before a tail that is no word: a break", "",
			[]core.Block{para(core.KindParagraph, "the ac-", "tual cost")},
			[]string{"the actual cost"}},
		{"hyphen-minus where the document writes the whole word: a break", "the financial year",
			[]core.Block{para(core.KindParagraph, "its finan-", "cial report")},
			[]string{"its financial report"}},
		{"parts the document writes hyphenated inside a word: kept", "see [astro-ph/0003365] and [hep-th/9711200]",
			[]core.Block{para(core.KindParagraph, "see [astro-", "ph/0303455] and hep-", "th/0101")},
			[]string{"see [astro-ph/0303455] and hep-th/0101"}},
		{"a head that holds a hyphen, its last part a word: a compound's, kept", "the cost is off",
			[]core.Block{para(core.KindParagraph, "the state-of-the-", "art and off-the-", "shelf tools")},
			[]string{"the state-of-the-art and off-the-shelf tools"}},
		{"a head in capitals before lower case: kept", "",
			[]core.Block{para(core.KindParagraph, "in VIP-", "treated mice, P-", "glycoprotein")},
			[]string{"in VIP-treated mice, P-glycoprotein"}},
		{"a compound's head, but the document writes the whole word: a break", "the well-established rule",
			[]core.Block{para(core.KindParagraph, "a well-estab-", "lished fact")},
			[]string{"a well-established fact"}},
		{"a compound broken inside its last part: a break", "text from a machine, for me",
			[]core.Block{para(core.KindParagraph, "the machine-gener-", "ated text, drug-me-", "tabolizing")},
			[]string{"the machine-generated text, drug-metabolizing"}},
		{"a capitalised word after a head in lower case: a compound, kept, joined", "", []core.Block{para(core.KindParagraph, "Context-", "Aware Recommendation, north\u2010", "South axis")},
			[]string{"Context-Aware Recommendation, north\u2010South axis"}},
		{"a capitalised word the document writes joined: a break", "we built TraceMonkey",
			[]core.Block{para(core.KindParagraph, "in Trace-", "Monkey traces")},
			[]string{"in TraceMonkey traces"}},
		{"a word in capitals: no break", "", []core.Block{para(core.KindParagraph, "MI-", "CRON and Alpha-", "BETA")},
			[]string{"MI-\nCRON and Alpha-\nBETA"}},
		{"a dash standing alone: no break", "", []core.Block{para(core.KindParagraph, "items -", "one and two")},
			[]string{"items -\none and two"}},
		{"a paragraph cut in two goes on", "", []core.Block{para(core.KindParagraph, "reach. Un\u2010"), para(core.KindParagraph, "derstanding it")},
			[]string{"reach. Understanding it"}},
		{"a heading that breaks a word was a paragraph", "", []core.Block{para(core.KindHeading, "Nature environ\u2010"), para(core.KindParagraph, "mental corner")},
			[]string{"Nature environmental corner"}},
		{"a list item does not go on", "", []core.Block{para(core.KindListItem, "first un\u2010"), para(core.KindParagraph, "related text")},
			[]string{"first un\u2010", "related text"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var h Hyphens
			h.Count([]core.Block{para(core.KindParagraph, tc.elsewhere)})
			h.Count(tc.blocks)
			got, _ := h.Mend(tc.blocks)
			var texts []string
			for _, b := range got {
				texts = append(texts, b.Text())
			}
			if strings.Join(texts, "|") != strings.Join(tc.want, "|") {
				t.Errorf("got %q, want %q", texts, tc.want)
			}
		})
	}
}

func TestMendCells(t *testing.T) {
	t.Parallel()
	var h Hyphens
	tb := core.Block{Kind: core.KindTable, Table: &core.Table{Rows: 2, Cols: 1, Cells: []core.Cell{
		{Row: 0, Col: 0, Text: "finan- cial year"}, {Row: 1, Col: 0, Text: "mixed- mode run, the financial one"},
	}}}
	h.Count([]core.Block{tb, para(core.KindParagraph, "a mode of its own")})
	if n := h.MendCells([]core.Block{tb}); n != 2 {
		t.Errorf("joined %d, want 2", n)
	}
	if got := tb.Table.Cells[0].Text; got != "financial year" {
		t.Errorf("cell 0 %q", got)
	}
	if got := tb.Table.Cells[1].Text; got != "mixed-mode run, the financial one" {
		t.Errorf("cell 1 %q", got)
	}
}
