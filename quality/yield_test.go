package quality

import (
	"strings"
	"testing"
	"unicode"

	"github.com/assay-pdf/assay/core"
)

// yieldText is a page of running text: twelve lines of about 60
// characters, words of every length.
var yieldText = strings.TrimSpace(strings.Repeat(`The committee reviewed the annual accounts and approved them.
Revenue rose by twelve percent, driven by exports to new markets.
Operating costs were held flat despite higher energy prices.
`, 4))

// producer is how a PDF producer draws text: the glyphs it shows for
// each line and how many of them draw no text.
type producer struct {
	name string
	// glyphs returns the glyphs drawn for one line of text and how
	// many of them are blank.
	glyphs func(line string) (glyphs, blank int)
	// needsOwnCounts: only a result that counts its own blank glyphs
	// can be measured; with the glyph count alone, blanks that are not
	// spaces look like text lost.
	needsOwnCounts bool
}

var producers = []producer{
	// Spaces drawn as glyphs (word processors, justified text).
	{"spaces drawn", func(l string) (int, int) {
		return len([]rune(l)), strings.Count(l, " ")
	}, false},
	// Words placed by position, no space glyphs (TeX, many PDF libraries).
	{"words placed", func(l string) (int, int) {
		return len([]rune(strings.ReplaceAll(l, " ", ""))), 0
	}, false},
	// Spaces drawn, and a soft hyphen at every break opportunity in
	// words of seven letters or more (browsers print them as glyphs).
	{"soft hyphens drawn", func(l string) (int, int) {
		g, b := len([]rune(l)), strings.Count(l, " ")
		for _, w := range strings.Fields(l) {
			if n := len(w); n >= 7 {
				g += n / 3
				b += n / 3
			}
		}
		return g, b
	}, true},
	// Spaces drawn, two between sentences, and each line but the last
	// ending in a hyphen that the reading joins.
	{"double spaces, hyphens joined", func(l string) (int, int) {
		g, b := len([]rune(l))+1, strings.Count(l, " ")
		b += strings.Count(l, ". ")
		return g + strings.Count(l, ". "), b
	}, false},
}

// drawn is what the producer draws for text.
func (p producer) drawn(text string) (glyphs, blank int) {
	for _, l := range strings.Split(text, "\n") {
		g, b := p.glyphs(l)
		glyphs += g
		blank += b
	}
	return glyphs, blank
}

// reading is a result holding text, reporting its own counts of the
// glyphs the page draws when own is set.
func reading(text string, glyphs, blank int, own bool) core.PageResult {
	r := page(text)
	if own {
		r.Stats = map[string]float64{core.FactGlyphs: float64(glyphs), core.FactBlankGlyphs: float64(blank)}
	}
	return r
}

// firstHalf is the first half of the lines of text.
func firstHalf(text string) string {
	lines := strings.Split(text, "\n")
	return strings.Join(lines[:len(lines)/2], "\n")
}

// TestYieldCompleteReading: a reading that holds every word of the text
// layer yields 1 however the producer drew it, whether the result counts
// its own glyphs or only the analysis's glyph count is known.
func TestYieldCompleteReading(t *testing.T) {
	t.Parallel()
	for _, p := range producers {
		g, b := p.drawn(yieldText)
		for _, own := range []bool{true, false} {
			if !own && p.needsOwnCounts {
				continue
			}
			r := Score(reading(yieldText, g, b, own), Hints{ExpectedChars: g})
			if y := r.Signals[SignalYield]; y != 1 {
				t.Errorf("%s (own counts %v): yield %.3f, want 1: %v", p.name, own, y, r.Reasons)
			}
		}
	}
}

// TestYieldHalfMissing: a reading that lost half the lines yields about
// half, says so, and scores under a complete reading by as much.
func TestYieldHalfMissing(t *testing.T) {
	t.Parallel()
	half := firstHalf(yieldText)
	for _, p := range producers {
		g, b := p.drawn(yieldText)
		for _, own := range []bool{true, false} {
			if !own && p.needsOwnCounts {
				continue
			}
			full := Score(reading(yieldText, g, b, own), Hints{ExpectedChars: g})
			r := Score(reading(half, g, b, own), Hints{ExpectedChars: g})
			y := r.Signals[SignalYield]
			// With only the glyph count known, the reading's gaps may
			// stand for drawn spaces, so the share read is a bound from
			// above: half the text and its gaps.
			hi := 0.5
			if !own {
				hi = 0.62
			}
			if y < 0.4 || y > hi {
				t.Errorf("%s (own counts %v): half the text yields %.3f, want 0.4-%.2f", p.name, own, y, hi)
			}
			if !strings.Contains(strings.Join(r.Reasons, ";"), "characters of text found") {
				t.Errorf("%s (own counts %v): no reason for the yield: %v", p.name, own, r.Reasons)
			}
			if r.Score > y*full.Score+1e-9 {
				t.Errorf("%s (own counts %v): score %.3f, want at most %.3f", p.name, own, r.Score, y*full.Score)
			}
		}
	}
}

// TestYieldOwnCountsWin: a result that counts its own glyphs is measured
// against the glyphs that draw text, not against a hint that counts
// blanks too.
func TestYieldOwnCountsWin(t *testing.T) {
	t.Parallel()
	p := producers[2] // soft hyphens: many blanks
	g, b := p.drawn(yieldText)
	r := Score(reading(yieldText, g, b, true), Hints{ExpectedChars: g + 1000})
	if y := r.Signals[SignalYield]; y != 1 {
		t.Errorf("yield %.3f against the result's own counts, want 1", y)
	}
}

// TestYieldFakeBold: a page whose producer fakes bold by drawing every
// line four times, a hair apart, yields 1 for a reading that holds each
// line once, when the result counts the copies it read once
// (core.FactRepeatGlyphs); without that count it looks three quarters
// lost (pdfplumber's issue-842 scored 0.25 and went to OCR).
func TestYieldFakeBold(t *testing.T) {
	t.Parallel()
	g, b := producers[0].drawn(yieldText)
	r := reading(yieldText, 4*(g-b)+b, b, true)
	if y := Score(r, Hints{}).Signals[SignalYield]; y > 0.3 {
		t.Errorf("copies not counted: yield %.3f, want it low", y)
	}
	r.Stats[core.FactRepeatGlyphs] = float64(3 * (g - b))
	if y := Score(r, Hints{}).Signals[SignalYield]; y != 1 {
		t.Errorf("copies counted: yield %.3f, want 1", y)
	}
}

func TestTextChars(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in          string
		chars, gaps int
	}{
		{"", 0, 0},
		{"  one  ", 3, 0},
		{"one two\nthree", 11, 2},
		{"syl\u00adla\u00adble  end", 11, 1},
		{"a\u00a0b\u3000c", 3, 2},
	} {
		chars, gaps := textChars(c.in)
		if chars != c.chars || gaps != c.gaps {
			t.Errorf("textChars(%q) = %d, %d; want %d, %d", c.in, chars, gaps, c.chars, c.gaps)
		}
	}
	if !core.Blank('\u00ad') || !core.Blank(' ') || core.Blank('a') || !unicode.IsSpace('\u3000') {
		t.Error("core.Blank")
	}
}
