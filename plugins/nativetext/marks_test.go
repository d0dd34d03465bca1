package nativetext

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestLayoutMarksStayInTheirLine: a footnote reference raised half an em,
// more than a baseline's tolerance, and a subscript set low, are read in
// their line; the paragraph is one block, not three. A second column whose
// baselines fall between the first's pulls the raised mark into another
// baseline cluster, as real two-column pages do.
func TestLayoutMarksStayInTheirLine(t *testing.T) {
	t.Parallel()
	seq := 0
	var gs []glyph
	gs = append(gs, lineGlyphs(&seq, 50, 100, 10, "Alpha paragraph starts on this first line")...)
	gs = append(gs, lineGlyphs(&seq, 50, 112, 10, "and this line has a mark")...)
	gs = append(gs, lineGlyphs(&seq, 170, 107, 6, "12")...)
	gs = append(gs, lineGlyphs(&seq, 181, 112, 10, "then goes on")...)
	gs = append(gs, lineGlyphs(&seq, 50, 124, 10, "and water is H")...)
	gs = append(gs, lineGlyphs(&seq, 120, 127, 6, "2")...)
	gs = append(gs, lineGlyphs(&seq, 123, 124, 10, "O in the end.")...)
	right, _ := column(&seq, 340, 106.5, "Bravo column runs down beside it here",
		"with baselines between the left ones", "to the end of the right column.")
	gs = append(gs, right...)
	blocks := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
	got := firstWords(blocks)
	if want := "Alpha Bravo"; strings.Join(got, " ") != want {
		t.Fatalf("blocks start %q; want %q", got, want)
	}
	text := strings.Join(strings.Fields(blocks[0].Text()), " ")
	for _, want := range []string{"mark12 then goes on", "H2O in the end."} {
		if !strings.Contains(text, want) {
			t.Errorf("first block %q lacks %q", text, want)
		}
	}
	// The mark glued to its word is a superscript joined to it, and the
	// formula's count a subscript between 'H' and 'O'.
	found := 0
	for _, l := range blocks[0].Lines {
		for i, w := range l.Words {
			if i+1 >= len(l.Words) || !w.Flags.Has(core.FlagJoinNext) {
				continue
			}
			next := l.Words[i+1]
			switch {
			case w.Text == "mark" && next.Text == "12" && next.Flags.Has(core.FlagSuperscript),
				w.Text == "H" && next.Text == "2" && next.Flags.Has(core.FlagSubscript|core.FlagJoinNext):
				found++
			}
		}
	}
	if found != 2 {
		t.Errorf("found %d of 'mark' joined to a superscript '12', and 'H' to a subscript '2'", found)
	}
}

// TestLayoutRubyIsNotAMark: small kana set over the Han characters they
// gloss take no room of their own in the line, so they are not marks of
// it and the base line's text is left whole.
func TestLayoutRubyIsNotAMark(t *testing.T) {
	t.Parallel()
	seq := 0
	var gs []glyph
	gs = append(gs, lineGlyphs(&seq, 50, 100, 5, "かんじ")...)
	gs = append(gs, lineGlyphs(&seq, 50, 106, 10, "漢字を読む")...)
	blocks := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
	var lines []string
	for _, b := range blocks {
		for _, l := range b.Lines {
			lines = append(lines, l.Text())
		}
	}
	if strings.Join(lines, "|") != "かんじ|漢字を読む" {
		t.Errorf("lines %q; want the ruby and its base apart", lines)
	}
}

// Citations raised after a line's last word, two or three numbered
// references in a row ('[12][13]', eight glyphs: more than a mark's few),
// stay at the end of their line when another column's line at their
// height pulls them into its baseline cluster. A raised run of small
// words that are no citations is not taken for a mark.
func TestLayoutCitationsAtALinesEnd(t *testing.T) {
	t.Parallel()
	tests := []struct {
		raised, want string
	}{
		{"[12][13]", "is used in Nextcloud,[12][13] and as browser extensions"},
		{"[4],[5],[6]", "is used in Nextcloud,[4],[5],[6] and as browser extensions"},
		{"see figure", ""},
	}
	for _, tc := range tests {
		t.Run(tc.raised, func(t *testing.T) {
			t.Parallel()
			seq := 0
			gs := drawLines(&seq,
				placed{50, 100, 10, "PDF.js is used in Nextcloud,"},
				placed{50, 112, 10, "and as browser extensions for most"},
				placed{340, 95, 10, "Initial release 2 July 2011"},
				placed{340, 108.5, 10, "Stable release 4.0.379"})
			gs = append(gs, lineGlyphs(&seq, 190, 95.5, 7, tc.raised)...)
			blocks := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
			text := strings.Join(strings.Fields(blocks[0].Text()), " ")
			if tc.want != "" && !strings.Contains(text, tc.want) {
				t.Errorf("first block %q lacks %q (blocks start %q)", text, tc.want, firstWords(blocks))
			}
			if tc.want == "" && strings.Contains(text, "Nextcloud,"+strings.Fields(tc.raised)[0]) {
				t.Errorf("first block %q took %q into its line", text, tc.raised)
			}
		})
	}
}

// TestLayoutChargeOverCount: chemistry sets an ion's charge over its
// count ('SO₄²⁻', the '2−' raised over the lowered '4'). The charge
// stands over a script of its line, not over the line's letters, and is
// the line's mark: read apart it was a paragraph of its own that cut the
// sentence in two.
func TestLayoutChargeOverCount(t *testing.T) {
	t.Parallel()
	seq := 0
	var gs []glyph
	gs = append(gs, lineGlyphs(&seq, 50, 100, 10, "cells of SO")...)
	gs = append(gs, lineGlyphs(&seq, 105, 102.5, 7, "4")...)
	gs = append(gs, lineGlyphs(&seq, 105, 95.5, 7, "2−")...)
	gs = append(gs, lineGlyphs(&seq, 112, 100, 10, "-reducing bacteria were counted in the")...)
	gs = append(gs, lineGlyphs(&seq, 50, 112, 10, "column after two months of the experiment.")...)
	blocks := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
	var texts []string
	for _, b := range blocks {
		texts = append(texts, b.Text())
	}
	if len(blocks) != 1 || !strings.Contains(blocks[0].Text(), "SO42−-reducing") {
		t.Errorf("blocks %q; want one paragraph reading 'SO42−-reducing'", texts)
	}
}

// A mark's host is looked for only among the segments whose baselines
// lie near the mark's (byBase): on pages of random lines and marks it is
// the segment a pass over every segment finds, the nearest baseline and,
// of equals, the first, as segments merge with their marks one by one.
func TestHostOfByBaseline(t *testing.T) {
	t.Parallel()
	everySegment := func(segs []*seg, m int) int {
		s := segs[m]
		best, bestD := -1, math.Inf(1)
		for i, h := range segs {
			if i == m || h == nil || h.size*markRatio < s.size || len(h.gl) <= len(s.gl) {
				continue
			}
			d := h.base - s.base
			if d > markRaise*h.size || d < -markDrop*h.size || math.Abs(d) < 0.05*h.size || !besideGlyphs(s, h) {
				continue
			}
			if math.Abs(d) < bestD {
				best, bestD = i, math.Abs(d)
			}
		}
		return best
	}
	segOf := func(gs []glyph) *seg {
		fgs := make([]fg, len(gs))
		for i := range gs {
			fgs[i] = fg{g: &gs[i], b: gs[i].box, ox: gs[i].ox, oy: gs[i].oy}
		}
		return newSeg(fgs, 0)
	}
	r := rand.New(rand.NewPCG(5, 6))
	hosts := 0
	for page := range 40 {
		seq := 0
		var segs []*seg
		for range 30 {
			size := []float64{9, 10, 12}[r.IntN(3)]
			y := 60 + float64(r.IntN(120))*2 // baselines 2 points apart: marks have several lines near
			segs = append(segs, segOf(lineGlyphs(&seq, 40+float64(r.IntN(8))*20, y, size, "a line of words")))
		}
		for range 20 {
			size := []float64{5, 6, 7}[r.IntN(3)]
			segs = append(segs, segOf(lineGlyphs(&seq, 40+float64(r.IntN(40))*5, 60+float64(r.IntN(240)), size, "12")))
		}
		order := byBaseOf(segs)
		for m, s := range segs {
			if !markShaped(s) {
				continue
			}
			want, got := everySegment(segs, m), order.hostOf(segs, m)
			if got != want {
				t.Fatalf("page %d, mark %d: host %d; a pass over every segment finds %d", page, m, got, want)
			}
			if got >= 0 {
				hosts++
				host := segs[got]
				merged := append(slices.Clone(host.gl), s.gl...)
				slices.SortStableFunc(merged, func(a, b fg) int { return cmp.Compare(a.b.X0, b.b.X0) })
				segs[got], segs[m] = newSeg(merged, 0), nil
				order.merged(segs, got, m)
			}
		}
	}
	if hosts == 0 {
		t.Fatal("no mark found a host: the pages test nothing")
	}
}
