package nativetext

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/assay-pdf/assay/core"
)

// Line numbers in the margin. Court transcripts, depositions and pleading
// paper number every line of the page (1 to 25 or 28), and listings
// number their lines, in a column of their own beside the text. Read as
// text, each number starts its line ("12 The above-entitled matter came
// on for oral 13 argument before the Supreme Court"), which cuts every
// sentence of the page. Such a column is left out of the text when it
// is:
//   - a run of at least minLineNumbers whole numbers, each one more than
//     the number above it, one to a line, down the page;
//   - set at one pitch (every step within pitchSlack of the median step),
//     as the lines of a page are, where a list's or a contents' numbers
//     follow their entries' lengths;
//   - aligned (their right edges, or their left edges, within an em) and
//     each the first thing on its line, an em or more before the text,
//     or each the last, an em or more after it;
//   - apart from all their lines: the count does not go on in the line
//     above or below, its number joined to the text (countsOn);
//   - beside text that is not a table's rows: some numbered lines are
//     blank, or a sentence runs on from one numbered line into the next,
//     which starts in lower case (a table's numbered rows start afresh);
//   - beside text that is not code (fixed pitch with the signs of code,
//     minCodeSigns): a listing's numbers are what its prose cites ("Line
//     3: import packages"), and stay.
const (
	minLineNumbers = 10
	pitchSlack     = 0.15
	maxLineNumber  = 9999
)

// dropLineNumbers returns segs without the segments that are a margin's
// line numbers (minLineNumbers).
func dropLineNumbers(segs []*seg) []*seg {
	var nums []*seg
	for _, s := range segs {
		if lineNumber(s) > 0 {
			nums = append(nums, s)
		}
	}
	if len(nums) < minLineNumbers {
		return segs
	}
	slices.SortFunc(nums, func(a, b *seg) int { return cmp.Compare(a.base, b.base) })
	drop := map[*seg]bool{}
	for _, run := range numberRuns(nums) {
		if marginColumn(run, segs) && !countsOn(run, segs) {
			for _, s := range run {
				drop[s] = true
			}
		}
	}
	if len(drop) == 0 {
		return segs
	}
	return slices.DeleteFunc(slices.Clone(segs), func(s *seg) bool { return drop[s] })
}

// lineNumber is the value of a segment that is one whole number alone
// (1 to maxLineNumber), 0 for any other.
func lineNumber(s *seg) int {
	if len(s.words) != 1 || s.table != nil || s.fr != 0 {
		return 0
	}
	t := s.words[0].Text
	if t == "" || len(t) > 4 || strings.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return 0
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 1 || n > maxLineNumber {
		return 0
	}
	return n
}

// numberRuns cuts nums (in order down the page) into runs of numbers
// that count up by one, each at least minLineNumbers long. A number out
// of the count (a page number, a figure) is passed over.
func numberRuns(nums []*seg) [][]*seg {
	var runs [][]*seg
	used := make([]bool, len(nums))
	for i := range nums {
		if used[i] {
			continue
		}
		run := []*seg{nums[i]}
		next := lineNumber(nums[i]) + 1
		for j := i + 1; j < len(nums); j++ {
			if !used[j] && lineNumber(nums[j]) == next && math.Abs(nums[j].size-nums[i].size) <= sameSize*nums[i].size {
				run = append(run, nums[j])
				used[j] = true
				next++
			}
		}
		if len(run) >= minLineNumbers {
			runs = append(runs, run)
		}
	}
	return runs
}

// marginColumn reports whether the numbers of run stand in a margin
// beside the text of segs (see minLineNumbers).
func marginColumn(run, segs []*seg) bool {
	em := max(1, run[0].size)
	if !onePitch(run) || !edgesMeet(run, func(s *seg) float64 { return s.b.X1 }, em) &&
		!edgesMeet(run, func(s *seg) float64 { return s.b.X0 }, em) {
		return false
	}
	first, last := true, true
	blank, runOn := false, false
	prevText, mono := false, true
	var beside []core.Line
	for _, n := range run {
		var lead *seg // the text's first segment on n's line
		for _, s := range segs {
			if s == n || s.line != n.line {
				continue
			}
			first = first && s.b.X0 >= n.b.X1+em
			last = last && s.b.X1 <= n.b.X0-em
			mono = mono && monospace(s.words)
			beside = append(beside, core.Line{Words: s.words})
			if lead == nil || s.b.X0 < lead.b.X0 {
				lead = s
			}
		}
		if lead == nil {
			blank, prevText = true, false
			continue
		}
		runOn = runOn || prevText && len(lead.words) > 0 && startsLower(lead.words[0].Text)
		prevText = true
	}
	listing := mono && codeSigns(beside) >= minCodeSigns
	return (first || last) && (blank || runOn) && !listing
}

// countsOn reports whether the count of run goes on in a line just above
// or below it whose text starts with the number before or after the run's
// ('19 import (' over a listing's '20'): the numbers are not set apart
// from all their lines, and leaving out some of them would leave the
// others in the text.
func countsOn(run, segs []*seg) bool {
	pitch := run[1].base - run[0].base
	before, after := lineNumber(run[0])-1, lineNumber(run[len(run)-1])+1
	top, bottom := run[0].base-pitch, run[len(run)-1].base+pitch
	for _, s := range segs {
		if len(s.words) < 2 {
			continue
		}
		n, err := strconv.Atoi(s.words[0].Text)
		if err != nil {
			continue
		}
		near := func(y float64) bool { return math.Abs(s.base-y) <= pitchSlack*pitch }
		if n == before && near(top) || n == after && near(bottom) {
			return true
		}
	}
	return false
}

// onePitch reports whether the numbers of run step down the page by one
// pitch (pitchSlack).
func onePitch(run []*seg) bool {
	steps := make([]float64, 0, len(run)-1)
	for i := 1; i < len(run); i++ {
		steps = append(steps, run[i].base-run[i-1].base)
	}
	m := median(slices.Clone(steps))
	if m <= 0 {
		return false
	}
	for _, d := range steps {
		if math.Abs(d-m) > pitchSlack*m {
			return false
		}
	}
	return true
}

// edgesMeet reports whether edge of every segment of run lies within em
// of the first's.
func edgesMeet(run []*seg, edge func(*seg) float64, em float64) bool {
	x := edge(run[0])
	for _, s := range run[1:] {
		if math.Abs(edge(s)-x) > em {
			return false
		}
	}
	return true
}

// A rule set in type, a line of nothing but dots (minDotRule of them or
// more, spaced or not, alone on its line), says nothing: BMJ's journals
// rule their titles and notes off with a row of a hundred full stops, and
// a form leaves a blank to sign on so. Leaders beside an entry share its
// line, and stay.
const minDotRule = 10

// dropDotRules returns segs without the lines that are rules set in dots.
func dropDotRules(segs []*seg) []*seg {
	perLine := map[int]int{}
	var rules map[*seg]bool // nil for most pages
	for _, s := range segs {
		perLine[s.line]++
		if dotRule(s.text) {
			if rules == nil {
				rules = map[*seg]bool{}
			}
			rules[s] = true
		}
	}
	if rules == nil {
		return segs
	}
	out := make([]*seg, 0, len(segs))
	for _, s := range segs {
		if rules[s] && perLine[s.line] == 1 {
			continue
		}
		out = append(out, s)
	}
	return out
}

// dotRule reports whether text is minDotRule dots or more and nothing
// else but spaces.
func dotRule(text string) bool {
	dots := 0
	for _, r := range text {
		switch r {
		case '.', '·', '…', '•':
			dots++
		case ' ':
		default:
			return false
		}
	}
	return dots >= minDotRule
}
