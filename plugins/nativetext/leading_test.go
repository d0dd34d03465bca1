package nativetext

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestLayoutLooseLeading: Chinese set with a line height of 1.7 leaves
// 0.7 em between the em boxes of a paragraph's lines, more than paraGap,
// and 1.4 em between paragraphs. Lines that run to the column's margin
// continue their paragraph, as do lines set ragged right that end short
// of it where the next line goes on in lower case, and the lines of an
// item set in from the text, which runs to the text's margin; a form's
// short labels and a legend's entries at the same loose spacing stay
// lines of their own.
func TestLayoutLooseLeading(t *testing.T) {
	t.Parallel()
	const size, tight, pitch, paraPitch = 10.0, 11.8, 17.0, 24.0
	full := strings.Repeat("研", 40)
	type ln struct {
		text string
		gap  float64 // pitch above the line
	}
	tests := []struct {
		name  string
		lines []ln
		want  []string // the blocks' texts, lines joined by |
	}{
		{"paragraphs", []ln{
			{"甲" + full, 0}, {"乙" + full, pitch}, {"丙短", pitch},
			{"丁" + full, paraPitch}, {"戊短", pitch},
			{"己" + full, paraPitch}, {"庚" + full, pitch}, {"辛短", pitch},
		}, []string{"甲|乙|丙", "丁|戊", "己|庚|辛"}},
		// A ragged right edge: a line of a paragraph ends a few words
		// short of the margin, and the next goes on in lower case; a
		// legend's entries at the same spacing start in capitals.
		{"ragged right", []ln{
			{"the first line of a paragraph set ragged right runs on to its", 0},
			{"margin, and the second line ends two words short of", pitch},
			{"the margin, so that the next one starts in lower case", pitch},
			{"and ends here.", pitch},
			{"Then a second paragraph starts after a wider gap than the one", paraPitch},
			{"between its own lines, and it runs on over three lines, as the", pitch},
			{"text of a report does.", pitch},
			{"A = adjustments to the account", paraPitch}, {"R = return of the form", pitch}, {"S = status history", pitch},
		}, []string{
			"the first line of a paragraph set ragged right runs on to its|margin, and the second line ends two words short of|" +
				"the margin, so that the next one starts in lower case|and ends here.",
			"Then a second paragraph starts after a wider gap than the one|between its own lines, and it runs on over three lines, as the|text of a report does.",
			"A = adjustments to the account", "R = return of the form", "S = status history",
		}},
		// An item set in from the text (spaces move it right) has too
		// few lines to show a margin of its own, and shares the text's.
		{"set-in item", []ln{
			{"the body of the page runs on over its full lines, as a text does,", 0},
			{"and its lines reach the margin of the column, one after another,", pitch},
			{"as the lines of a report set with a loose leading are apt to do.", pitch},
			{"    and an item set in from the text runs to the margin of the text", paraPitch},
			{"    too, and then it ends on a short line.", pitch},
			{"Then the body goes on after the item, over a full line of the text", paraPitch},
			{"and ends.", pitch},
		}, []string{
			"the body of the page runs on over its full lines, as a text does,|and its lines reach the margin of the column, one after another,|" +
				"as the lines of a report set with a loose leading are apt to do.",
			"and an item set in from the text runs to the margin of the text|too, and then it ends on a short line.",
			"Then the body goes on after the item, over a full line of the text|and ends.",
		}},
		// A block set tight (a list, footnotes) beside a text on a loose
		// leading: the text's line gap is its own, and its lines go on
		// into lines in lower case; one-line entries in capitals at the
		// same gap stand apart, and so does a formula whose variables
		// are mathematical italic letters.
		{"tight beside loose", []ln{
			{"a block set tight, as a list or the notes of a page are set,", 0},
			{"with its lines close one under another, runs on over six", tight},
			{"lines of the page before the text on a loose leading", tight},
			{"begins, and these lines are set at the text's own size,", tight},
			{"so that their gaps and the text's are measured together", tight},
			{"on the page, and the tight ones are the more common.", tight},
			{"The text then runs on over its lines, as a report's text does,", paraPitch},
			{"and a line ends short of the margin by a word or two, as", pitch},
			{"lines set ragged right do, and the next goes on.", pitch},
			{"Then a second paragraph starts after a wider gap than the", paraPitch},
			{"lines of the first, and goes on over two lines of the text.", pitch},
			{"One entry of a list in capitals", paraPitch}, {"Another entry under it", pitch},
			{"and a set of equations follows the text, as a paper sets them:", paraPitch}, {"𝑓(𝑥) = sin 𝑥 + cos 𝑥", pitch},
		}, []string{
			"a block set tight, as a list or the notes of a page are set,|with its lines close one under another, runs on over six|" +
				"lines of the page before the text on a loose leading|begins, and these lines are set at the text's own size,|" +
				"so that their gaps and the text's are measured together|on the page, and the tight ones are the more common.",
			"The text then runs on over its lines, as a report's text does,|and a line ends short of the margin by a word or two, as|" +
				"lines set ragged right do, and the next goes on.",
			"Then a second paragraph starts after a wider gap than the|lines of the first, and goes on over two lines of the text.",
			"One entry of a list in capitals", "Another entry under it",
			"and a set of equations follows the text, as a paper sets them:", "𝑓", // (the first character of a line starting past U+3000)
		}},
		{"labels", []ln{
			{"Name", 0}, {"Street", pitch}, {"City", pitch}, {"Country", pitch},
			{"Signature", paraPitch}, {"Date", pitch},
		}, []string{"Name", "Street", "City", "Country", "Signature", "Date"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			var gs []glyph
			y := 100.0
			for _, l := range tc.lines {
				y += l.gap
				gs = append(gs, lineGlyphs(&seq, 50, y, size, l.text)...)
			}
			var got []string
			for _, b := range layout(gs, nil, core.BBox{X1: 612, Y1: 792}) {
				var firsts []string
				for _, l := range b.Lines {
					r := []rune(l.Text())
					if len(r) > 0 && r[0] >= 0x3000 {
						r = r[:1]
					}
					firsts = append(firsts, string(r))
				}
				got = append(got, strings.Join(firsts, "|"))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("blocks %q; want %q", got, tc.want)
			}
		})
	}
}

// TestDoubleSpacedProse: a report set double-spaced leaves a blank line's
// height between the lines of a paragraph, as wide as between paragraphs.
// Its paragraphs are the lines whose words run on, broken by an indent or
// a short last line (or a sentence that ends with its line, where the
// next starts a capital: nothing tells that from a paragraph's end); a
// list of one-line entries set as far apart, and a contents page, stay a
// block a line.
func TestDoubleSpacedProse(t *testing.T) {
	t.Parallel()
	prose := []string{
		"     As indicated above, about sixty percent of the sample was assigned to",
		"the first group, and about forty percent was assigned to the control group;",
		"this imbalance reduces the precision of the estimates by less than two",
		"percent, compared to a balanced design. However, it provided several",
		"important benefits, among them a lower cost of the collection of data.",
		"     Random assignment rarely results in perfect adherence to the assigned",
		"status, and some of the children assigned to the first group did not take",
		"part in the program at all, while some assigned to the control group were",
		"enrolled by their parents in another program nearby.",
	}
	list := []string{
		"Series A Organization of the work of the sector and its committees",
		"Series B Means of expression: definitions, symbols and classification",
		"Series C General telecommunication statistics and their sources today",
		"Series D General tariff principles for the services in this section",
		"Series E Overall network operation, telephone service and human factors",
		"Series F Non-telephone telecommunication services of several kinds",
		"Series G Transmission systems and media, digital systems and networks",
	}
	contents := []string{
		"1 Introduction to the filters and to the way they are used here 5",
		"2 Purpose of the encoding and decoding filters in this language 5",
		"3 Alternative compression possibilities for images of several kinds 6",
		"4 Compatibility with the specifications of the joint photographic 6",
		"5 The interchange format of the images and of their tables 7",
		"6 The way the parameters of the filters are given and read 9",
		"7 Examples of the use of the filters in programs of this kind 11",
	}
	cases := []struct {
		name  string
		lines []string
		want  int // blocks
	}{
		{"paragraphs", prose, 2},
		{"a list", list, len(list)},
		{"contents", contents, len(contents)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			content := "BT /F1 11 Tf 24 TL 72 700 Td"
			for _, l := range tc.lines {
				content += " (" + l + ") Tj T*"
			}
			res, err := extractAll(t, onePage("", helvRes, content+" ET").Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			p := res[1].Page
			if got := len(p.Blocks); got != tc.want {
				t.Errorf("%d blocks, want %d:\n%s", got, tc.want, p.Text())
			}
		})
	}
}

// TestContentsEntries: a contents set full width, its page numbers at
// the margin, has a block an entry; an entry whose title runs over two
// lines is one. An entry set larger (a part's) is a paragraph, not a
// heading: it names one. Leader dots set apart, a word each (an IBM
// Redbook's 'Roles. . . . . 8'), are leaders too.
func TestContentsEntries(t *testing.T) {
	t.Parallel()
	entry := func(title, page string) string {
		return title + " " + strings.Repeat(".", 44-len(title)-len(page)) + " " + page
	}
	spaced := func(title, page string) string {
		return title + strings.Repeat(" .", 20-len(title)/2) + " " + page
	}
	seq := 0
	gs := drawLines(&seq,
		placed{72, 100, 12, entry("MAIN GAME", "6")},
		placed{72, 112, 10, entry("Creatures", "6")},
		placed{72, 124, 10, "Falon'Din: Friend of the Dead, the Guide"},
		placed{72, 136, 10, entry("", "27")},
		placed{72, 148, 10, entry("Preface", "vii")},
		placed{72, 160, 10, spaced("Chapter 2. Roles and duties", "7")},
		placed{72, 172, 10, spaced("2.1 Roles.", "8")},
	)
	got := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
	if len(got) != 6 {
		t.Fatalf("%d blocks; want 6: %q", len(got), blockTexts(got))
	}
	if !strings.HasPrefix(got[2].Text(), "Falon'Din") || !strings.HasSuffix(got[2].Text(), "27") {
		t.Errorf("third entry %q", got[2].Text())
	}
	for _, b := range got {
		if b.Kind != core.KindParagraph {
			t.Errorf("entry %q is %s; want a paragraph", b.Text(), b.Kind)
		}
	}
}

// blockTexts lists the texts of blocks, in order.
func blockTexts(blocks []core.Block) []string {
	var out []string
	for _, b := range blocks {
		out = append(out, b.Text())
	}
	return out
}

// TestWrapAroundFloat: the lines of a paragraph that wrap around a
// picture floated to their right (testdata/float-wrap.pdf) are one
// paragraph, though each ends short of the column's margin; the
// paragraph under the picture, full width, is another.
func TestWrapAroundFloat(t *testing.T) {
	t.Parallel()
	res, err := extractAll(t, "testdata/float-wrap.pdf", 1)
	if err != nil {
		t.Fatal(err)
	}
	var paras []string
	for _, b := range res[1].Page.Blocks {
		if b.Kind == core.KindParagraph {
			paras = append(paras, strings.Join(strings.Fields(b.Text()), " "))
		}
	}
	first := "The lighthouse keeper rose before dawn each morning to trim the wicks and polish the great lens, " +
		"a task his father had taught him when he was barely tall enough to reach the brass rail."
	if len(paras) == 0 || !strings.HasPrefix(paras[0], first) || !strings.HasSuffix(paras[0], "outlast the storms.") {
		t.Errorf("the first paragraph is not whole; paragraphs:\n%s", strings.Join(paras, "\n"))
	}
	if !slices.ContainsFunc(paras, func(p string) bool { return strings.HasPrefix(p, "The harbour master thanked him") }) {
		t.Errorf("the last paragraph is not one of its own:\n%s", strings.Join(paras, "\n"))
	}
}

// TestFewLinesLooseLeading: a page too short to learn its leading from
// (a request for proposals' first page, two numbered paragraphs of two
// lines 18 points apart at 11 points) keeps each paragraph's lines in
// one block where the words run on in lower case; a line of code after
// a lead-in's colon, and a lettered note after a full stop, start blocks
// of their own.
func TestFewLinesLooseLeading(t *testing.T) {
	t.Parallel()
	line := func(x, y int, text string) string {
		return fmt.Sprintf("BT /F1 11 Tf 1 0 0 1 %d %d Tm (%s) Tj ET\n", x, y, text)
	}
	cases := []struct {
		name, content string
		want          []string
	}{
		{"numbered paragraphs",
			line(90, 700, ".1") + line(144, 700, "The intent of this Request for Proposal (RFP) is to solicit submissions, in the") +
				line(144, 682, "format detailed in this document, from qualified Construction Managers.") +
				line(90, 646, ".2") + line(144, 646, "Available information is included in Section 00 00 45."),
			[]string{".1", "The intent of this Request for Proposal (RFP) is to solicit submissions, in the format detailed in this document, from qualified Construction Managers.",
				".2", "Available information is included in Section 00 00 45."}},
		{"an indented first line",
			line(108, 700, "By order dated May 1, 2007 (docket no. 213), the court dismissed this case in its") +
				line(72, 682, "entirety, with prejudice, upon the settlement of the parties."),
			[]string{"By order dated May 1, 2007 (docket no. 213), the court dismissed this case in its entirety, with prejudice, upon the settlement of the parties."}},
		{"code after a colon",
			line(144, 700, "Thus, every time a Counter object is created with new, as in, for example:") +
				line(144, 682, "c = new Counter;"),
			[]string{"Thus, every time a Counter object is created with new, as in, for example:", "c = new Counter;"}},
		{"lettered notes",
			line(144, 700, "a In Alaska, Delaware, Indiana, and Nebraska, no districts exceeded the cap.") +
				line(144, 682, "b The alternate assessment of Missouri is not based on alternate achievement standards."),
			[]string{"a In Alaska, Delaware, Indiana, and Nebraska, no districts exceeded the cap.", "b The alternate assessment of Missouri is not based on alternate achievement standards."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			blocks := helvPage(t, c.content)
			var got []string
			for _, b := range blocks {
				got = append(got, strings.Join(strings.Fields(b.Text()), " "))
			}
			if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", c.want) {
				t.Errorf("blocks %q\nwant %q", got, c.want)
			}
		})
	}
}
