package nativetext

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// proseLines are n lines of running text of about 45 characters (22 ems
// at lineGlyphs' half-em characters), each starting with marker and its
// number, 12 points apart from y.
func proseLines(marker string, x, y float64, n int) []placed {
	var out []placed
	for i := range n {
		out = append(out, placed{x, y + 12*float64(i), 10, fmt.Sprintf("%s%d runs on across the width of its column", marker, i)})
	}
	return out
}

// A picture set in one column takes that column's place: the text beside
// it is read with its column, after the column the picture heads. What is
// not such a picture (labels or a legend beside it, text set over it, a
// picture across both columns) reads as without it.
func TestLayoutPictureTakesItsColumnsPlace(t *testing.T) {
	t.Parallel()
	page := core.BBox{X1: 612, Y1: 792}
	const left, right = 50.0, 330.0
	// The other cases: a running head over what follows.
	headed := func(lines ...placed) []placed {
		return append([]placed{{left, 40, 10, "Journal of Examples 12 (2026) 3-9"}}, lines...)
	}
	// A journal page: a running head, a picture atop the left column
	// with its caption under it, the left column's text under that, and
	// the right column's text from the top down (MinerU's demo1, page 4).
	head := []placed{{left, 78, 7, "256"}, {175, 78, 7, "P.N.J. Lane et al. / Journal of Hydrology"}}
	atopLeft := append(append(append(head,
		placed{left, 441, 7, "Fig. 2. (a) Schematic of the change in the FDC over time"},
		placed{left, 451, 7, "(b) definition of model parameters."}),
		proseLines("Left", left, 496, 6)...),
		proseLines("Right", 286, 101, 34)...)
	legend := headed(append(
		// Entries of a name and a figure, 10 ems: wider than a column's
		// least width, narrower than prose.
		[]placed{{right, 90, 10, "A. Lovelace (Analytics)"}, {right, 102, 10, "C. Babbage (Engines) 30"}, {right, 114, 10, "G. Hopper (Compilers) 58"}},
		proseLines("Below", left, 300, 6)...)...)
	over := headed(proseLines("Over", left, 90, 10)...)
	across := headed(append(proseLines("Under", left, 300, 6), proseLines("Other", right, 300, 6)...)...)
	tests := []struct {
		name    string
		lines   []placed
		picture core.BBox
		want    []string // first words of the blocks with the picture; nil: as without it
	}{
		{"picture atop the left column, prose beside it", atopLeft, core.BBox{X0: left, Y0: 94, X1: 257, Y1: 423},
			[]string{"256", "P.N.J.", "Fig.", "Left0", "Right0"}},
		{"a legend beside a chart", legend, core.BBox{X0: left, Y0: 80, X1: 280, Y1: 260}, nil},
		{"text set over a picture", over, core.BBox{X0: left - 10, Y0: 70, X1: 300, Y1: 250}, nil},
		{"a picture across both columns", across, core.BBox{X0: left, Y0: 60, X1: 560, Y1: 280}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			without, with := layoutBothWays(tc.lines, tc.picture, page)
			want := tc.want
			if want == nil {
				want = firstWords(without)
			}
			if got := firstWords(with); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("blocks start %q, want %q (without the picture: %q)", got, want, firstWords(without))
			}
		})
	}
}

// layoutBothWays lays out lines on page without a picture and with one.
func layoutBothWays(lines []placed, picture, page core.BBox) (without, with []core.Block) {
	seq := 0
	gs := drawLines(&seq, lines...)
	without, _ = layoutPage(append([]glyph(nil), gs...), nil, nil, page)
	with, _ = layoutPage(gs, nil, []core.BBox{picture}, page)
	return without, with
}

// Once a picture has set its column apart, the column's text is laid out
// as without it: its own labels (a grid of them, as under an infographic's
// icons) keep the order they have alone, not rows glued by the picture.
func TestLayoutPictureLabelsReadAsAlone(t *testing.T) {
	t.Parallel()
	page := core.BBox{X1: 612, Y1: 792}
	labels := []placed{{60, 150, 9, "Fully addressed"}, {160, 150, 9, "Partly addressed"},
		{60, 161, 9, "Purpose and scope"}, {160, 161, 9, "Risk assessment"}}
	seq := 0
	gs := drawLines(&seq, append(labels, proseLines("Right", 286, 101, 34)...)...)
	blocks, _ := layoutPage(gs, nil, []core.BBox{{X0: 50, Y0: 94, X1: 257, Y1: 423}}, page)
	seq = 0
	alone, _ := layoutPage(drawLines(&seq, labels...), nil, nil, page)
	if got, want := labelOrder(blocks, labels), labelOrder(alone, labels); got != want {
		t.Errorf("labels read in the order %s, alone %s", got, want)
	}
}

// labelOrder is the order in which the text of blocks holds the labels.
func labelOrder(blocks []core.Block, labels []placed) string {
	var all strings.Builder
	for _, b := range blocks {
		all.WriteString(b.Text() + "\n")
	}
	text := strings.Join(strings.Fields(all.String()), " ")
	type at struct {
		label string
		i     int
	}
	var found []at
	for _, l := range labels {
		found = append(found, at{l.text, strings.Index(text, l.text)})
	}
	slices.SortStableFunc(found, func(a, b at) int { return cmp.Compare(a.i, b.i) })
	var out []string
	for _, f := range found {
		out = append(out, strconv.Quote(f.label))
	}
	return strings.Join(out, " ")
}

// Whatever pictures a page has, their stand-ins drop no text and add
// none: the blocks hold the same words as without them. Boxes at random,
// inverted, empty, across the page or off it, and not finite.
func TestLayoutPicturesKeepEveryWord(t *testing.T) {
	t.Parallel()
	page := core.BBox{X1: 612, Y1: 792}
	seq := 0
	gs := drawLines(&seq, append(append(
		[]placed{{50, 78, 7, "256"}, {175, 78, 7, "A running head of the journal"}, {50, 441, 7, "Fig. 2. A caption under it"}},
		proseLines("Left", 50, 496, 6)...),
		proseLines("Right", 286, 101, 34)...)...)
	count := func(blocks []core.Block) map[string]int {
		n := map[string]int{}
		for _, b := range blocks {
			for _, w := range strings.Fields(b.Text()) {
				n[w]++
			}
		}
		return n
	}
	without, _ := layoutPage(append([]glyph(nil), gs...), nil, nil, page)
	want := fmt.Sprint(count(without))
	r := rand.New(rand.NewPCG(3, 4))
	odd := []core.BBox{{X0: 300, Y0: 300, X1: 100, Y1: 100}, {}, {X0: -50, Y0: -50, X1: 700, Y1: 900},
		{X0: math.NaN(), Y0: 0, X1: 10, Y1: 10}, {X0: 0, Y0: 0, X1: math.Inf(1), Y1: 500}}
	for i := range 300 {
		var pics []core.BBox
		if i < len(odd) {
			pics = append(pics, odd[i])
		}
		for range r.IntN(4) {
			x, y := r.Float64()*612, r.Float64()*792
			pics = append(pics, core.BBox{X0: x, Y0: y, X1: x + r.Float64()*400, Y1: y + r.Float64()*500})
		}
		with, _ := layoutPage(append([]glyph(nil), gs...), nil, pics, page)
		if got := fmt.Sprint(count(with)); got != want {
			t.Fatalf("pictures %v: words %s, want %s", pics, got, want)
		}
	}
}

// Running text set round a photograph is short beside it for the
// photograph's sake: two columns of prose whose second narrows beside a
// picture (MinerU's magazine_complex_layout, page 2) read as two
// columns, the first before the second, not as a table whose rows pair
// their lines. A chart's labels beside its bars end at a picture too, but
// do not run on from line to line: they stay the table they are without
// the picture.
func TestLayoutProseWrappedRoundAPicture(t *testing.T) {
	t.Parallel()
	page := core.BBox{X1: 612, Y1: 792}
	const left, right, top, rows = 50.0, 300.0, 100.0, 16
	text := "the vaccine was found to be safe and the study that claimed otherwise was " +
		"retracted by the journal after a long inquiry into how its data were gathered and " +
		"reported so that parents who had read of it were left to wonder whom they could trust "
	other := "meanwhile health officials in every county watched the rate of measles " +
		"climb with growing concern because a disease spreads easily where few children " +
		"have had their shots and the youngest cannot yet be protected by any vaccine at all " +
		"so the officials asked every school to keep a record of which pupils were immunised"
	first := wrapText(strings.Repeat(text, 3), 44)[:rows]
	second := wrapText(other, 44)[:3]
	second = append(second, wrapText(other[len(strings.Join(second, " "))+1:], 18)[:rows-3]...)
	names := []string{"North", "South and East", "West", "Islands", "Capital district", "Rest",
		"Overseas", "North-west", "Hills", "Coast", "Lakes", "Plains and valleys", "Forest"}
	const bars = right + 100
	var prose, labels []placed
	for i := range rows {
		y := top + 12*float64(i)
		prose = append(prose, placed{left, y, 10, first[i]}, placed{right, y, 10, second[i]})
		labels = append(labels, placed{left, y, 10, first[i]})
		if i < 3 {
			labels = append(labels, placed{right, y, 10, second[i]})
		} else {
			// Set flush right against the bars, at half an em a character.
			labels = append(labels, placed{bars - 5 - 5*float64(len(names[i-3])), y, 10, names[i-3]})
		}
	}
	picture := core.BBox{X0: bars, Y0: top + 28, X1: 560, Y1: top + 12*rows}
	tests := []struct {
		name      string
		lines     []placed
		wantTable bool
	}{
		{"prose set round a picture", prose, false},
		{"a chart's labels beside its bars", labels, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			without, blocks := layoutBothWays(tc.lines, picture, page)
			if !slices.Contains(blockKinds(without), core.KindTable) {
				t.Fatalf("without the picture, blocks %v: no table to tell apart", blockKinds(without))
			}
			if table := slices.Contains(blockKinds(blocks), core.KindTable); table != tc.wantTable {
				t.Fatalf("blocks %v, want a table: %v", blockKinds(blocks), tc.wantTable)
			}
			if tc.wantTable {
				return
			}
			var all strings.Builder
			for _, b := range blocks {
				all.WriteString(b.Text() + " ")
			}
			// The first column's last line is read before the second
			// column's first.
			got := strings.Join(strings.Fields(all.String()), " ")
			if i, j := strings.Index(got, first[rows-1]), strings.Index(got, second[0]); i < 0 || j < 0 || i > j {
				t.Errorf("first column's last line at %d, second column's first at %d:\n%s", i, j, got)
			}
		})
	}
}

// wrapText breaks text into lines of at most width characters.
func wrapText(text string, width int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			out = append(out, line)
			line = ""
		}
		line = strings.TrimSpace(line + " " + w)
	}
	return append(out, line)
}
