package nativetext

import (
	"strconv"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestMarginLineNumbers: a transcript numbers every line of its page in
// the margin, and those numbers are left out of its text; a table's
// numbered rows, and a listing whose count runs into its lines' text,
// keep theirs.
func TestMarginLineNumbers(t *testing.T) {
	t.Parallel()
	transcript := []string{"IN THE SUPREME COURT OF THE UNITED STATES", "", "MICHAEL A. KNOWLES, Warden,",
		"Petitioner", "v.", "ALEXANDRE MIRZAYANCE.", "", "Washington, D.C.", "Tuesday, January 13, 2009", "",
		"The above-entitled matter came on for oral", "argument before the Supreme Court of the United States",
		"at 1:01 p.m.", "APPEARANCES:"}
	rows := []string{"Level Bridge 94,721", "Winter Trade 2,392", "Forward Image 94,286", "Evidence Factor 59,535",
		"Voice Cheplaind 39,437", "Shelter Balance 30,880", "Agree Health 53,616", "Direct Nation 61,800",
		"Deliver Window 77,304", "Editor Danger 21,603", "Network Carry 12,844"}
	listing := []string{"\"bufio\"", "\"bytes\"", "\"io\"", "\"os\"", "\"sort\"", "\"strconv\"", "\"strings\"", "",
		"\"github.com/pdfcpu/pdfcpu/pkg/filter\"", "\"github.com/pdfcpu/pdfcpu/pkg/log\"", "\"github.com/pkg/errors\""}
	code := []string{"package main", "", "import ( \"fmt\"; \"os\" )", "", "func main() {",
		"    sec, nsec, err := os.Time();", "", "    if nil != err {", "        os.Exit(1);", "    }", "", "}"}
	tests := []struct {
		name    string
		lines   []string
		numbers bool // the numbers stay in the text
		above   string
		mono    bool
	}{
		{"transcript", transcript, false, "", false},
		{"transcript in a typewriter face", transcript, false, "", true},
		{"numbered rows", rows, true, "", false},
		{"a listing counted on from its text", listing, true, "0 import (", false},
		{"a listing its prose cites by line", code, true, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			var gs []glyph
			if tc.above != "" {
				gs = append(gs, lineGlyphs(&seq, 74, 74, 12, tc.above)...)
			}
			for i, l := range tc.lines {
				y := 100 + 26*float64(i)
				n := strconv.Itoa(i + 1)
				gs = append(gs, lineGlyphs(&seq, 80-6*float64(len(n)), y, 12, n)...)
				gs = append(gs, typewritten(lineGlyphs(&seq, 110, y, 12, l), tc.mono)...)
			}
			var text []string
			for _, b := range layout(gs, nil, core.BBox{X1: 612, Y1: 792}) {
				text = append(text, b.Text())
			}
			all := " " + strings.Join(strings.Fields(strings.Join(text, " ")), " ") + " "
			for _, n := range []string{"1", "9", "11"} {
				if got := strings.Contains(all, " "+n+" "); got != tc.numbers {
					t.Errorf("number %s in the text: %v, want %v:\n%s", n, got, tc.numbers, all)
				}
			}
			if !tc.numbers && !strings.Contains(all, "oral argument before") {
				t.Errorf("the sentence does not run on:\n%s", all)
			}
		})
	}
}

// TestDotRules: a line of nothing but dots, alone on its line (a
// journal's rule under its title, a blank to sign on), is left out;
// leaders beside an entry, an ellipsis and a row of a few dots stay.
func TestDotRules(t *testing.T) {
	t.Parallel()
	page := core.BBox{X1: 612, Y1: 792}
	rule := strings.Repeat(".", 60)
	seq := 0
	gs := drawLines(&seq,
		placed{72, 100, 10, "Corporate social responsibility"},
		placed{72, 116, 10, rule},
		placed{72, 132, 10, "Signature"},
		placed{72, 148, 10, ". . . . . . . . . . . . . . . ."},
		placed{72, 164, 10, "Introduction " + strings.Repeat(".", 30) + " 1"},
		placed{72, 180, 10, "and so on..."},
		placed{72, 196, 10, "....."},
	)
	var all strings.Builder
	for _, b := range layout(gs, nil, page) {
		all.WriteString(b.Text() + "\n")
	}
	got := all.String()
	for _, want := range []string{"Corporate", "Signature", "Introduction " + strings.Repeat(".", 30) + " 1", "and so on...", "....."} {
		if !strings.Contains(got, want) {
			t.Errorf("text lost %q:\n%s", want, got)
		}
	}
	for _, gone := range []string{rule, ". . . . . . . . . . . . . . . ."} {
		if strings.Contains(got, gone+"\n") || strings.Contains(got, "\n"+gone) {
			t.Errorf("rule %q read as text:\n%s", gone, got)
		}
	}
}
