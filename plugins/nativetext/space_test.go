package nativetext

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// winAnsiRes is Helvetica as /F1, and as /F2 in WinAnsiEncoding, where
// code 240 (octal) is an NBSP.
const winAnsiRes = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>" +
	" /F2 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >> >> >>"

// TestSpacesTakenBack: a space whose advance Tw or a TJ kern takes back
// breaks no word, while spaces that justification narrows or widens, and
// tight spaces that still show, do. Helvetica's space and NBSP are 0.278
// em wide.
func TestSpacesTakenBack(t *testing.T) {
	t.Parallel()
	wantWords(t, winAnsiRes, []wordsCase{
		{"a kern takes an NBSP back", "BT /F2 10 Tf 72 700 Td [(Pref\\240) 290 (ace)] TJ ET", "Preface"},
		{"Tw takes a space back", "BT /F1 10 Tf 72 700 Td -2.5 Tw (fami ly) Tj ET", "family"},
		{"Tw narrows a space", "BT /F1 10 Tf 72 700 Td -0.9 Tw (two words) Tj ET", "two words"},
		{"Tw widens a space", "BT /F1 10 Tf 72 700 Td 3 Tw (two words) Tj ET", "two words"},
		{"a tight space stays", "BT /F1 10 Tf 72 700 Td -2.1 Tw (two words) Tj ET", "two words"},
		{"a kern widens a space", "BT /F1 10 Tf 72 700 Td [(two ) -200 (words)] TJ ET", "two words"},
		// The kern is taken where the space ended, whichever operator
		// holds it: an empty string between them moves nothing, a TJ
		// that opens with the kern starts from the same point, but text
		// placed anew (Td) is a jump.
		{"a kern after an empty string", "BT /F1 10 Tf 72 700 Td [(fami ) () 290 (ly)] TJ ET", "family"},
		{"a kern that opens the next TJ", "BT /F1 10 Tf 72 700 Td (fami ) Tj [290 (ly)] TJ ET", "family"},
		{"a kern after text placed anew", "BT /F1 10 Tf 72 700 Td (two ) Tj 60 0 Td [290 (words)] TJ ET", "two words"},
		// Left 0.078 em, under half the space's width: still a space.
		{"a kern leaves a tight space", "BT /F1 10 Tf 72 700 Td 5 Tw [(two ) 700 (words)] TJ ET", "two words"},
	})
}

// TestOCRLayerWordGaps: an OCR layer (invisible text) places each word on
// its own, and a gap the engine measured between two words parts them
// even where it is narrower than wordGap. Visible strings placed as close
// are letters of one word, kerned, and so are the strings of one TJ.
func TestOCRLayerWordGaps(t *testing.T) {
	t.Parallel()
	// Helvetica: "of" is 0.834 em; "the" placed 0.14 em after it.
	const words2 = "BT /F1 10 Tf 72 700 Td (of) Tj 9.74 0 Td (the) Tj ET"
	wantWords(t, helvRes, []wordsCase{
		{"OCR layer", "3 Tr " + words2, "of the"},
		// Visible pieces of a word placed as far apart are kerned
		// letters (Helvetica: "Wa" is 1.5 em).
		{"visible", "BT /F1 10 Tf 72 700 Td (Wa) Tj 16.4 0 Td (ter) Tj ET", "Water"},
		{"OCR layer, one string", "3 Tr BT /F1 10 Tf 72 700 Td [(of) -140 (the)] TJ ET", "ofthe"},
	})
}

// TestOCRLayerWordsOverrun: an OCR layer (invisible text) sets each word
// and its space where the scan shows the word, in a font wider than the
// scan's (as a JSTOR review's layer does, in Times-Bold): each word runs
// on over the start of the next, by a letter or more. The words are read
// one after another, as placed. Visible text drawn so is read as it
// shows: a form's '1a', a '1' and its space with an 'a' placed over the
// space.
func TestOCRLayerWordsOverrun(t *testing.T) {
	t.Parallel()
	timesRes := "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Times-Bold /Encoding /WinAnsiEncoding >> >> >>"
	word := func(x, y float64, s string) string {
		return fmt.Sprintf("BT 3 Tr /F1 10 Tf 1 0 0 1 %g %g Tm (%s )Tj ET ", x, y, s)
	}
	line := word(54, 577.92, "C'EST") + word(78.12, 577.92, "avec") + word(98.28, 575.52, "grand") +
		word(123.84, 575.52, "plaisir") + word(150.96, 575.76, "que") + word(167.76, 578.16, "nous")
	wantWords(t, timesRes, []wordsCase{
		{"OCR layer", line, "C'EST avec grand plaisir que nous"},
		{"visible", "BT /F1 10 Tf 1 0 0 1 72 700 Tm (1 )Tj 1 0 0 1 76.9 700 Tm (a)Tj ET", "1a"},
	})
}

// TestCoveredSpaces: a report writer pads a cell's text with spaces that
// run on under the next cell, where the cell's clip hides them; the next
// cell's digits, drawn later over those spaces, are not parted by them.
// A space that the next word's own glyphs cover (its font's space too
// wide, the word kerned back) still parts the words.
func TestCoveredSpaces(t *testing.T) {
	t.Parallel()
	wantWords(t, helvRes, []wordsCase{
		{
			name: "padding under the next cell",
			content: "q 30 700 60 12 re W n BT /F1 10 Tf 30 702 Td (06/22/2015                    ) Tj ET Q " +
				"q 98 700 60 12 re W n BT /F1 10 Tf 98 702 Td (03/25/2016) Tj ET Q",
			want: "06/22/2015 03/25/2016",
		},
		{
			name:    "a space its next word covers",
			content: "BT /F1 10 Tf 72 700 Td (Credit ) Tj 27.7 0 Td (Derivatives) Tj ET",
			want:    "Credit Derivatives",
		},
	})
}

// TestFontChangeGaps: where the font changes, a thin space (1/6 em, as
// TeX sets around an operator name) parts words; pieces of one token set
// in one font a little apart do not.
func TestFontChangeGaps(t *testing.T) {
	t.Parallel()
	res := standardFonts("Times-Italic", "Times-Roman", "Courier")
	wantWords(t, res, []wordsCase{
		{
			name:    "an operator name between thin spaces",
			content: "BT /F1 10 Tf 72 700 Td (R) Tj ET BT /F2 10 Tf 79.78 700 Td (cos) Tj ET BT /F1 10 Tf 94.78 700 Td (v) Tj ET",
			want:    "R cos v",
		},
		{
			name:    "pieces of a token in one font",
			content: "BT /F3 10 Tf 72 700 Td (add) Tj ET BT /F3 10 Tf 91.5 700 Td (\\(a) Tj ET",
			want:    "add(a",
		},
	})
}

// TestTightJustifiedLine: a line justified tight, its words 0.17 em apart
// (under wordGap) with no space glyphs and its letters set close, reads
// as words, and so does one whose word processor spaced its words
// unevenly across wordGap, or set some of them so beside space glyphs,
// or a sentence's wider space among them; a word spaced out letter by
// letter by as much stays a word, and so do a formula's thin spaces on
// a line with ordinary ones. One word space a little under wordGap among
// the line's others a little over it parts its words as they do (a paper
// placing each word with Td read 'performancevariations'), and an
// ellipsis's thin spaces on that line stay in it. A bold caption set
// tight reads as words before body text spaced as usual on its line.
func TestTightJustifiedLine(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, shown, want string
	}{
		{"tight words", "[(there)-170(is)-170(a)-170(need)-170(to)-170(consider)-170(the)-170(flow)] TJ", "there is a need to consider the flow"},
		{"a sentence's space among tight ones", "[(under)-160(the)-160(Act.)-470(Cleveland)-160(challenges)-160(certain)-160(rulings)] TJ",
			"under the Act. Cleveland challenges certain rulings"},
		{"spaces spread across wordGap", "[(certain)-180(evidentiary)-160(rulings)-190(and)-200(the)-160(final)-220(determination)-170(that)] TJ",
			"certain evidentiary rulings and the final determination that"},
		{"tight words beside space glyphs", "[(medical)-140(history)-140(of)-140(diabetes. Samuel was seen)] TJ",
			"medical history of diabetes. Samuel was seen"},
		{"a word spaced out", "[(e)-170(l)-170(s)-170(e)] TJ", "else"},
		{"an axis's tick labels", "[(7)-694(8)-694(9)-694(10)-138(11)-138(12)-138(13)-138(14)] TJ", "7 8 9 10 11 12 13 14"},
		{"thin spaces among ordinary ones", "[(the)-400(line)-400(PQ)-400(meets)-400(P)-150(R)-150(S)-400(here)] TJ", "the line PQ meets PRS here"},
		{"one tight space among spaces just over wordGap", "[(of)-200(performance)-168(variations)-195(caused)-200(by)-205(other)] TJ",
			"of performance variations caused by other"},
		{"an ellipsis on a line spaced so", "[(than.)-167(.)-167(.)-200(the)-168(rest)-200(of)-205(it)] TJ", "than... the rest of it"},
		{"a formula's thin spaces among more ordinary ones", "[(the)-330(angle)-330(at)-330(AM)-160(Q)-330(is)-330(that)-330(at)-330(PM)-160(R)-160(QR)-330(here)] TJ",
			"the angle at AMQ is that at PMRQR here"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := onePageWords(t, helvRes, "BT /F1 10 Tf 72 700 Td "+c.shown+" ET"); got != c.want {
				t.Errorf("words %q, want %q", got, c.want)
			}
		})
	}
	t.Run("a bold caption set tight", func(t *testing.T) {
		t.Parallel()
		res := standardFonts("Helvetica-Bold", "Helvetica")
		content := "BT /F1 10 Tf 72 700 Td [(Table)-140(1)-400(Composition)-140(of)-130(the)-140(data.)] TJ /F2 10 Tf [-300 (The mix is composed of code and web text)] TJ ET"
		if got, want := onePageWords(t, res, content), "Table 1 Composition of the data. The mix is composed of code and web text"; got != want {
			t.Errorf("words %q, want %q", got, want)
		}
	})
}

// TestAccentsSetOnLetters: TeX's fonts in their original encoding draw
// an accented letter as the letter and a spacing accent set over or under
// it, kerned back, before the letter or after it; the two are one
// character. A spacing accent written on its own stays.
func TestAccentsSetOnLetters(t *testing.T) {
	t.Parallel()
	// WinAnsiEncoding: dieresis 0xA8, cedilla 0xB8, both 333 units wide
	// in Helvetica; 'o' is 556 wide and 'c' 500.
	wantWords(t, winAnsiRes, []wordsCase{
		{"accent before its letter", "BT /F2 10 Tf 72 700 Td [(B) -111.5 (\\250) 444.5 (orsch-Supan)] TJ ET", "Börsch-Supan"},
		{"accent after its letter", "BT /F2 10 Tf 72 700 Td [(Fac) 416.5 (\\270) -83.5 (ade)] TJ ET", "Façade"},
		{"an accent on its own", "BT /F2 10 Tf 72 700 Td (the \\250 sign) Tj ET", "the ¨ sign"},
	})
}

// TestTeXOverlays: TeX's math fonts draw '≠' as '=' under the stroke of
// \not (cmsy's negationslash, no wider than nothing) and '©' as a 'c'
// kerned back into a big circle (circlecopyrt); each pair reads as the
// one character. Their fonts name the glyphs as the Adobe Glyph List
// does not ('angbracketleft'), and a stroke over nothing stays.
func TestTeXOverlays(t *testing.T) {
	t.Parallel()
	const res = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>" +
		" /F3 << /Type /Font /Subtype /Type1 /BaseFont /Symbol >>" +
		" /F2 << /Type /Font /Subtype /Type1 /BaseFont /CMSY10 /FirstChar 1 /LastChar 4" +
		" /Widths [0 389 389 1000] /Encoding << /Differences [1 /negationslash /angbracketleft /angbracketright /circlecopyrt] >> >> >> >>"
	wantWords(t, res, []wordsCase{
		{"not equal", "BT /F1 10 Tf 72 700 Td (x ) Tj /F2 10 Tf (\\001) Tj /F1 10 Tf (= y) Tj ET", "x ≠ y"},
		{"not an element", "BT /F1 10 Tf 72 700 Td (a ) Tj /F2 10 Tf (\\001) Tj /F3 10 Tf (\\316) Tj /F1 10 Tf ( B) Tj ET", "a ∉ B"},
		{"angle brackets", "BT /F2 10 Tf 72 700 Td (\\002) Tj /F1 10 Tf (x, y) Tj /F2 10 Tf (\\003) Tj ET", "⟨x, y⟩"},
		{"copyright", "BT /F1 10 Tf 72 700 Td (Copyright ) Tj /F2 10 Tf (\\004) Tj /F1 10 Tf [750 (c) 250 ( 2009)] TJ ET", "Copyright © 2009"},
		{"a stroke over nothing", "BT /F1 10 Tf 72 700 Td (x) Tj /F2 10 Tf 10 0 Td (\\001) Tj ET", "x \u0338"},
	})
}

// TestRaisedAccents: an accent drawn as a glyph of its own above its
// letter's baseline (3B2 raises it 0.09 em, TeX a quarter of an em over a
// capital) is one character with its letter, even where a note's mark
// raised beside it would have taken it into a line of its own ('A.
// Waren' and a line '´ ⁵'). An accent half an em above the line is no
// letter's.
func TestRaisedAccents(t *testing.T) {
	t.Parallel()
	// Helvetica, 10 pt: "A. War" is 30.56 pt wide, 'e' 5.56, the acute
	// (WinAnsi 0xB4) 3.33, 'E' 6.67; the note's '5' at 7 pt is 3.89.
	show := func(x, y float64, size int, text string) string {
		return fmt.Sprintf("BT /F2 %d Tf 1 0 0 1 %g %g Tm (%s) Tj ET ", size, x, y, text)
	}
	warén := func(rise float64, note bool) string {
		s := show(72, 700, 10, "A. War") + show(102.56, 700, 10, "en") + show(103.675, 700+rise, 10, "\\264")
		if note {
			return s + show(113.68, 704.4, 7, "5") + show(117.57, 700, 10, ", S. Kiel")
		}
		return s + show(113.68, 700, 10, ", S. Kiel")
	}
	cases := []struct {
		name, content string
		want          string // a line's text
		accentAlone   bool   // the accent stays a glyph of its own
	}{
		{"raised a little, a note beside it", warén(0.9, true), "A. Warén5, S. Kiel", false},
		{"raised over a capital", show(72, 700, 10, "Eric") + show(73.67, 702.5, 10, "\\264"), "Éric", false},
		{"half an em above", warén(5, false), "A. Waren, S. Kiel", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			lines := onePageLines(t, winAnsiRes, c.content)
			if !slices.Contains(lines, c.want) {
				t.Errorf("lines %q, want %q", lines, c.want)
			}
			if alone := slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "´") }); alone != c.accentAlone {
				t.Errorf("lines %q: accent apart %v, want %v", lines, alone, c.accentAlone)
			}
		})
	}
}

// TestWidthOutsideWidths: a code beyond a simple font's Widths is as wide
// as the descriptor's MissingWidth says, nothing when it says nothing.
// 3B2's AdvTimes of a Terra Nova paper draws its acute at 180, past its
// LastChar 177, with no advance, kerned over the middle of its 'e'; read
// half an em wide, it pushed the letters after it apart and sat over the
// next one ('Mineŕalogie', 'Nucle´- aires').
func TestWidthOutsideWidths(t *testing.T) {
	t.Parallel()
	var ws strings.Builder
	for c := 32; c <= 126; c++ {
		w, _ := std14Width("Helvetica", pdfdoc.WinAnsiEncoding[c], byte(c))
		fmt.Fprintf(&ws, " %g", w)
	}
	res := "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /FirstChar 32 /LastChar 126 /Widths [" +
		ws.String() + "] /FontDescriptor << /Type /FontDescriptor /FontName /Helvetica /Flags 32 >> >> >> >>"
	// The acute kerned back to the middle of the 'e' (556 wide) and the
	// 'r' kerned on to the end of it.
	const content = "BT /F1 10 Tf 72 700 Td [(Institut de Mine) 278 (\\264) -278 (ralogie)] TJ ET"
	if got, want := strings.Join(onePageLines(t, res, content), "\n"), "Institut de Minéralogie"; got != want {
		t.Errorf("read %q; want %q", got, want)
	}
}
