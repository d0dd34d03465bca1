package nativetext

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// Figures drawn small and off the baseline, glued to the glyph before
// them, are words of their own, flagged as scripts and joined to that
// word (core.FlagJoinNext): a power, a note's number, a formula's count
// at a word's end. Text reads as before ('x2'); glued into one word, a
// power read as another number and kept no flag. A chemical formula's
// counts are subscripts inside it too ('H₂O'), an ordinal's raised
// ending a superscript ('1st'); another script inside a word (a note's
// number between parentheses of the line's size) keeps its word.
func TestScriptsGluedToWords(t *testing.T) {
	t.Parallel()
	up := func(s string) string { return "/F1 7 Tf 4 Ts (" + s + ") Tj /F1 11 Tf 0 Ts " }
	down := func(s string) string { return "/F1 7 Tf -2 Ts (" + s + ") Tj /F1 11 Tf 0 Ts " }
	content := "BT /F1 11 Tf 1 0 0 1 72 700 Tm (Area x) Tj " + up("2") +
		"( or 10) Tj " + up("5") + "(. Out CO) Tj " + down("2") +
		"(. Water H) Tj " + down("2") + "(O, note \\() Tj " + up("4") +
		"(\\) on the 1) Tj " + up("st") + "( day by Liu) Tj " + up("1,2*") + "(, Wu) Tj " + up("3") + "(.) Tj ET"
	blocks := helvPage(t, content)
	if len(blocks) != 1 || len(blocks[0].Lines) != 1 {
		t.Fatalf("blocks %+v; want one of one line", blocks)
	}
	const want = "Area x2 or 105. Out CO2. Water H2O, note (4) on the 1st day by Liu1,2*, Wu3."
	if got := blocks[0].Text(); got != want {
		t.Errorf("text %q\nwant %q", got, want)
	}
	words := blocks[0].Lines[0].Words
	var got []string
	for i, w := range words {
		switch {
		case w.Flags.Has(core.FlagSuperscript):
			got = append(got, "^"+w.Text)
		case w.Flags.Has(core.FlagSubscript):
			got = append(got, "_"+w.Text)
		case w.Flags.Has(core.FlagJoinNext) && i+1 < len(words):
			got = append(got, w.Text+"+")
		default:
			got = append(got, w.Text)
		}
	}
	const wantWords = "Area x+ ^2 or 10+ ^5 . Out CO+ _2 . Water H+ _2 O, note (4) on the 1+ ^st day by Liu+ ^1,2* , Wu+ ^3 ."
	if g := strings.Join(got, " "); g != wantWords {
		t.Errorf("words %s\nwant  %s", g, wantWords)
	}
}

// A line's scripts are no words of its own to the rules that count a
// line's words: a line of twelve words, four of them with a subscript
// glued on, is as short as a bold heading's line under it needs, and the bold
// line starts a block of its own (weightBreak), as it did when each
// subscript was glued into its word (py-pdf's GeoTopo notes: '(iii)
// ∀v1,v2 ∈ S : v1 ≠ v2 ⇒ ⟨v1,v2⟩ = 0' over 'Satz (Zwischenwertsatz)').
func TestScriptsDoNotLengthenALine(t *testing.T) {
	t.Parallel()
	var p seg
	for _, w := range strings.Fields("for all v _1 and v _2 in S holds u _1 beside u _2 here") {
		if strings.HasPrefix(w, "_") {
			p.words[len(p.words)-1].Flags |= core.FlagJoinNext
			p.words = append(p.words, core.Word{Text: w[1:], Flags: core.FlagSubscript})
			continue
		}
		p.words = append(p.words, core.Word{Text: w})
	}
	s := seg{words: []core.Word{{Text: "Theorem", Flags: core.FlagBold}, {Text: "(mean", Flags: core.FlagBold}, {Text: "value)", Flags: core.FlagBold}}}
	if len(p.words) <= maxBoldHeadingWords || spacedWords(p.words) > maxBoldHeadingWords {
		t.Fatalf("the line has %d words, %d spaced; want more than %d, and no more spaced", len(p.words), spacedWords(p.words), maxBoldHeadingWords)
	}
	if !weightBreak([]*seg{&p}, &p, &s) {
		t.Error("the bold line does not start a block under the line of scripts")
	}
}

// 'Z' and its subscript '2' are no caption's label ('Table 3'): a label
// ends in a number of its own, not in a script glued to a letter.
func TestScriptIsNoLabelNumber(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		words []core.Word
		label bool
	}{
		{[]core.Word{{Text: "Table"}, {Text: "3"}}, true},
		{[]core.Word{{Text: "Z", Flags: core.FlagJoinNext}, {Text: "2", Flags: core.FlagSubscript}}, false},
	} {
		if got := numberedLabel([]*seg{{words: c.words}}); got != c.label {
			t.Errorf("%v: label %v, want %v", c.words, got, c.label)
		}
	}
}

// A list of notes' numbers set raised after a word ('results³¹,³²,⁴²',
// an author's affiliations '¹⁰,¹¹,¹⁶') is a mark of its line however
// long: over six glyphs it was a segment of its own, read as a paragraph
// between the halves of its line.
func TestNoteNumbersStayInTheirLine(t *testing.T) {
	t.Parallel()
	up := func(s string) string { return "/F1 7 Tf 6 Ts (" + s + ") Tj /F1 11 Tf 0 Ts " }
	content := "BT /F1 11 Tf 1 0 0 1 72 700 Tm (as previous results) Tj " + up("31,32,42") +
		"(. Micromotion only results in) Tj 0 -14 Td (breathing oscillations, by Sabeti) Tj " + up("10,11,16*") + "(, Lee and Khan.) Tj ET"
	blocks := helvPage(t, content)
	if len(blocks) != 1 {
		t.Fatalf("blocks %q; want one", blockTexts(blocks))
	}
	const want = "as previous results31,32,42. Micromotion only results in\nbreathing oscillations, by Sabeti10,11,16*, Lee and Khan."
	if got := blocks[0].Text(); got != want {
		t.Errorf("text %q\nwant %q", got, want)
	}
}

// A raised minus drawn from a font of its own before the figures of an
// exponent, 0.15 em before them (3B2 takes its minus from a symbol
// font), is the exponent's sign: 'm⁻³' is the word 'm' and the script
// '−3', where the cut that parts words at a change of font read 'm−'
// and '3'. A minus set a word space before a figure stays apart.
func TestSignedScriptAcrossFonts(t *testing.T) {
	t.Parallel()
	res := "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>" +
		" /F2 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding << /Type /Encoding /Differences [45 /minus] >> >> >> >>"
	cases := []struct {
		name, gap, want string
	}{
		{"sign and figure", "-150", "mmol m+ ^−3 a"},
		{"a word space between", "-400", "mmol m− ^3 a"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			content := "BT /F1 11 Tf 1 0 0 1 72 700 Tm (Rates of 4.2 mmol m) Tj /F2 7 Tf 4 Ts (-) Tj /F1 7 Tf [" + c.gap + " (3)] TJ /F1 11 Tf 0 Ts ( a year.) Tj ET"
			out, err := extractAll(t, onePage("", res, content).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			blocks := out[1].Page.Blocks
			if len(blocks) != 1 || len(blocks[0].Lines) != 1 {
				t.Fatalf("blocks %+v; want one of one line", blocks)
			}
			var got []string
			for i, w := range blocks[0].Lines[0].Words {
				switch {
				case w.Flags.Has(core.FlagSuperscript):
					got = append(got, "^"+w.Text)
				case w.Flags.Has(core.FlagJoinNext) && i+1 < len(blocks[0].Lines[0].Words):
					got = append(got, w.Text+"+")
				default:
					got = append(got, w.Text)
				}
			}
			if g := strings.Join(got, " "); !strings.Contains(g, c.want) {
				t.Errorf("words %s\nwant them to hold %s", g, c.want)
			}
		})
	}
}
