package nativetext

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// Loose leading. Chinese and Japanese text, and text set double-spaced,
// leave more blank space between the lines of one paragraph than paraGap
// allows (an em box over a line height of 1.8 leaves 0.8 em), so that
// every line would be a paragraph of its own. Where a page's lines show
// two kinds of gap, the lines' own and a wider one between paragraphs,
// a gap of the first kind after a full line continues the paragraph.
const (
	leadingStep    = 0.4 // ems: a paragraph gap is at least this much wider than a line gap
	leadingSamples = 4   // gaps a page needs to show its line gap
	leadingMax     = 3.0 // ems: wider gaps are not between lines of text
	fullLineSlack  = 2.0 // ems: a full line ends this close to its column's right edge
	sameSize       = 0.1 // relative: lines of one paragraph have one size within this
	fullLineWidth  = 8.0 // ems: the least width of a line that fills a column
	marginLines    = 3   // full lines that end at one edge make it a right margin
)

// leading is what a page's line gaps say: the widest gap, in ems, that
// may lie between two lines of one paragraph (paraGap where the lines sit
// close or show one kind of gap only), and, where it is wider, the page's
// segments, whose column margins tell a full line from a paragraph's last
// (found for the lines continues asks about, once each).
type leading struct {
	gap   float64
	segs  []*seg
	right map[marginKey]margin
	// uniform: the page shows one kind of gap, wider than paraGap, and a
	// line gap continues a paragraph only where its words run on.
	uniform bool
	// lower: the line gap was measured beside a tighter text's
	// (looseBesideTight), and continues a paragraph only into a line
	// that starts in lower case: one-line items of a list set as far
	// apart start in capitals.
	lower bool
	// body is the size of the page's running text (0: unknown).
	body float64
	// heads is the page's subheading styles (subheadFaces).
	heads map[faceKey]bool
	// floats are what text on the page may wrap around (wrapRight).
	floats floats
}

// floats are a page's pictures and its rules, of which the vertical ones
// (a boxed infobox's side) are floats too: what text may wrap around.
type floats struct {
	pictures []core.BBox
	edges    []edge
}

// nearestRight is the nearest float to the right of box b, beside it.
func (f floats) nearestRight(b core.BBox) (core.BBox, bool) {
	near, found := core.BBox{}, false
	consider := func(c core.BBox) {
		if c.X0 > b.X1 && c.Y1 > b.Y0 && c.Y0 < b.Y1 && (!found || c.X0 < near.X0) {
			near, found = c, true
		}
	}
	for _, p := range f.pictures {
		consider(p)
	}
	for _, e := range f.edges {
		if !e.horiz {
			consider(core.BBox{X0: e.pos, Y0: e.lo, X1: e.pos, Y1: e.hi})
		}
	}
	return near, found
}

// pageLeading measures the gaps between segments that follow each other
// down one column (the next below the last, sharing its left edge and
// its size) in the reading order segs; body is the size of the page's
// running text.
func pageLeading(segs []*seg, body float64) leading {
	gaps, prose := lineGaps(segs)
	l := leading{gap: paraGap, body: body}
	if len(gaps) < leadingSamples {
		return l
	}
	slices.Sort(gaps)
	line, para, two := gapKinds(gaps)
	if line <= paraGap {
		return looseBesideTight(l, gaps, segs)
	}
	if !two {
		// One kind of gap only: lines of paragraphs set double-spaced
		// that show their breaks by an indent or a short last line, or
		// paragraphs of one line each. On a page of prose (most gaps
		// after a line of prose width), a line gap continues a paragraph
		// where the words run on (uniform).
		if float64(prose) < minProseGaps*float64(len(gaps)) {
			return l
		}
		l.gap, l.uniform = line+leadingStep, true
	} else {
		l.gap = para
	}
	l.segs, l.right = segs, map[marginKey]margin{}
	return l
}

// gapKinds is the line gap of the sorted gaps, their lower quartile, and
// where some gap is wider than it by leadingStep (two: a paragraph's),
// the widest gap that continues a paragraph, halfway from the line gap
// to the narrowest such.
func gapKinds(gaps []float64) (line, para float64, two bool) {
	line = gaps[len(gaps)/4]
	i, _ := slices.BinarySearch(gaps, line+leadingStep)
	if i == len(gaps) {
		return line, 0, false
	}
	return line, (line + gaps[i]) / 2, true
}

// looseBesideTight is the leading of a page whose lines show a tight
// gap (under paraGap: a list, footnotes, a table's rows) and a text on a
// loose leading beside it, with paragraph gaps wider still: the loose
// text's line gap is the lower quartile of the gaps over paraGap, and a
// gap wider than it by leadingStep is a paragraph's. Without two kinds
// of gap over paraGap, l (paraGap) stands. gaps are sorted.
func looseBesideTight(l leading, gaps []float64, segs []*seg) leading {
	k, _ := slices.BinarySearch(gaps, math.Nextafter(paraGap, math.Inf(1)))
	loose := gaps[k:]
	if len(loose) < leadingSamples || 2*len(loose) < len(gaps) {
		return l
	}
	_, para, two := gapKinds(loose)
	if !two {
		return l
	}
	l.gap = para
	l.segs, l.right = segs, map[marginKey]margin{}
	l.lower = true
	return l
}

// lineGaps are the gaps, in ems, between segments that follow each other
// down one column in segs (starting at one edge: the left one, or the
// right one for lines written right to left), and how many of them
// follow a line of prose width.
func lineGaps(segs []*seg) (gaps []float64, prose int) {
	for i := 1; i < len(segs); i++ {
		p, s := segs[i-1], segs[i]
		if p.table != nil || s.table != nil {
			continue
		}
		em := max(1, p.size)
		rtl := p.rtl && s.rtl // such lines share their right edge
		if math.Abs(s.size-p.size) > sameSize*em || math.Abs(forward(s.b, rtl).X0-forward(p.b, rtl).X0) > em {
			continue
		}
		if g := (s.b.Y0 - p.b.Y1) / em; g >= 0 && g < leadingMax {
			gaps = append(gaps, g)
			if p.b.Width() >= proseLineWidth*em {
				prose++
			}
		}
	}
	return gaps, prose
}

// runsOnTo reports whether the words of line p run on into line s, in a
// block whose first line is first: p is not a contents or list line
// (leaderLine) nor a row of figures, s does not start a list item as p or
// the block did (the same first word, or a number after a number), and p
// ends inside a sentence (on no stop, colon, question or exclamation
// mark, in Latin, Chinese or Arabic print) or s starts in lower case. It
// tells the lines of a double-spaced paragraph from one-line paragraphs
// set as far apart.
func runsOnTo(first, p, s *seg) bool {
	if len(p.words) == 0 || len(s.words) == 0 || len(first.words) == 0 || leaderLine(p) || figureRow(p) {
		return false
	}
	pf, sf := p.words[0].Text, s.words[0].Text
	if pf == sf || sf == first.words[0].Text || startsDigit(pf) && startsDigit(sf) {
		return false
	}
	last := []rune(p.words[len(p.words)-1].Text)
	next := []rune(sf)
	if len(last) == 0 || len(next) == 0 {
		return false
	}
	return !strings.ContainsRune(".!?:。！？：؟", last[len(last)-1]) || unicode.IsLower(next[0])
}

// runsOnLower reports whether the sentence of line p goes on in line s,
// which starts in lower case (a mathematical letter is no case): the
// next line of a paragraph set ragged right, where a line may end short
// of the margin by a word or two. A line of a list, a legend or a form
// starts a new entry in capitals, or in a script without case, and the
// last line of a paragraph is followed by a gap wider than its line
// gaps.
func runsOnLower(p, s *seg) bool {
	if len(p.words) == 0 || len(s.words) == 0 || leaderLine(p) || figureRow(p) {
		return false
	}
	return startsLower(s.words[0].Text) && !startsMath(s.words[0].Text)
}

// uncasedRunOn reports whether line s starts with a letter of a script
// without case (Arabic, Hebrew, Chinese), where runsOnLower cannot tell,
// and the words of p run on into it (runsOnTo).
func uncasedRunOn(first, p, s *seg) bool {
	if len(s.words) == 0 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s.words[0].Text)
	return unicode.IsLetter(r) && !unicode.IsUpper(r) && !unicode.IsLower(r) && runsOnTo(first, p, s)
}

// startsMath reports whether text starts with a letter of the
// Mathematical Alphanumeric Symbols ('𝑓', '𝑥'): a formula's variable,
// which a line of equations starts with, not a word of running text.
func startsMath(text string) bool {
	r, _ := utf8.DecodeRuneInString(text)
	return 0x1D400 <= r && r <= 0x1D7FF
}

// figureRow reports whether at least half of a line's words are
// figures: a row of values or codes, not prose.
func figureRow(p *seg) bool {
	return figureWords(p.words)
}

// startsDigit reports whether text starts with a digit.
func startsDigit(text string) bool {
	r := []rune(text)
	return len(r) > 0 && unicode.IsDigit(r[0])
}

// leaderLine reports a line of a contents or a list: leader dots in it,
// or a last word that is a number (a page, a value).
func leaderLine(p *seg) bool {
	if leaders(p.words) {
		return true
	}
	last := p.words[len(p.words)-1].Text
	return last != "" && strings.TrimFunc(last, unicode.IsDigit) == ""
}

// minSpacedLeaders is the fewest words of dots alone, one after another,
// that are leader dots set apart ('Roles. . . . . 8'): an ellipsis
// spaced out ('. . .') has three.
const minSpacedLeaders = 4

// leaders reports whether words hold leader dots: a word of them, or
// minSpacedLeaders words of dots alone in a row.
func leaders(words []core.Word) bool {
	run := 0
	for _, w := range words {
		if strings.Contains(w.Text, "....") || strings.Contains(w.Text, ". . .") {
			return true
		}
		if w.Text != "" && strings.Trim(w.Text, ".") == "" {
			if run++; run >= minSpacedLeaders {
				return true
			}
			continue
		}
		run = 0
	}
	return false
}

// columnRight is the right margin of the text that starts where s starts
// (within an em): the rightmost edge that at least marginLines lines of
// fullLineWidth ems or more end at (within an em). Text without such a
// margin (labels, a form, a ragged list), and a table, has none. Where
// rtl, the lines run right to left, and the margin is where they end, on
// the left, in the mirror image that forward makes of the boxes (so -X).
func columnRight(segs []*seg, s *seg, rtl bool) margin {
	if s.table != nil {
		return margin{}
	}
	em := max(1, s.size)
	sb := forward(s.b, rtl)
	var ends []float64
	for _, o := range segs {
		if ob := forward(o.b, rtl); o.table == nil && math.Abs(ob.X0-sb.X0) <= em && ob.Width() >= fullLineWidth*em {
			ends = append(ends, ob.X1)
		}
	}
	return marginOf(ends, em)
}

// margin is the x where a column's full lines end, if found.
type margin struct {
	x  float64
	ok bool
}

// marginOf is the rightmost of ends that at least marginLines of them
// lie within em of, if any.
func marginOf(ends []float64, em float64) margin {
	slices.Sort(ends)
	for i := len(ends) - 1; i >= marginLines-1; i-- {
		if ends[i]-ends[i-marginLines+1] <= em {
			return margin{ends[i], true}
		}
	}
	return margin{}
}

// marginKey names a segment's column margin in one direction of writing.
type marginKey struct {
	s   *seg
	rtl bool
}

// rightOf is columnRight of p, found once.
func (l *leading) rightOf(p *seg, rtl bool) margin {
	k := marginKey{p, rtl}
	r, ok := l.right[k]
	if !ok {
		r = columnRight(l.segs, p, rtl)
		l.right[k] = r
	}
	return r
}

// enclosingRight is the right margin of the text around s: the rightmost
// edge that at least marginLines lines of fullLineWidth ems or more end
// at (within an em), of the lines that start at or left of s and reach
// past its middle. An item of a list or a quotation set in from the
// text has too few lines of its own to show a margin, and shares the
// text's; without this, each of its lines on a loose leading was a
// paragraph (icdar2013-eu's eu-004, a bullet of three lines). A line of
// another column does not reach over s. continues asks for it only for
// lines that share a left edge: a line centred over the text is no
// line of a set-in block. rtl is as for columnRight.
func enclosingRight(segs []*seg, s *seg, rtl bool) margin {
	if s.table != nil {
		return margin{}
	}
	em := max(1, s.size)
	sb := forward(s.b, rtl)
	mid := (sb.X0 + sb.X1) / 2
	var ends []float64
	for _, o := range segs {
		if ob := forward(o.b, rtl); o.table == nil && ob.X0 <= sb.X0+em && ob.X1 > mid && ob.Width() >= fullLineWidth*em {
			ends = append(ends, ob.X1)
		}
	}
	return marginOf(ends, em)
}

// continues reports whether a gap of gap points between the line p and
// the line s keeps s in p's paragraph (whose first line is first): within the page's line gap, after
// a line that runs to its column's right margin, and not indented. Lines
// both written right to left are measured in their mirror image
// (forward): they start at the right margin and end at the left one. Where
// s goes on in lower case (runsOnLower), or the page is uniform, p may
// end short of the margin by raggedShare of the column: a text set
// ragged right on a loose leading (a report's spread, 1.8 lines apart)
// was cut into a paragraph at each line that ended a word or two short.
func (l *leading) continues(first, p, s *seg, gap float64) bool {
	em := max(1, p.size)
	rtl := p.rtl && s.rtl
	pb, sb := forward(p.b, rtl), forward(s.b, rtl)
	if l.segs == nil {
		return unlearnedRunOn(p, s, pb, sb, gap, em)
	}
	if gap > l.gap*em || sb.X0-pb.X0 >= indentMin*em || pb.Width() < fullLineWidth*em {
		return false
	}
	if l.uniform && (pb.Width() < proseLineWidth*em || !runsOnTo(first, p, s)) || l.lower && !runsOnLower(p, s) && !uncasedRunOn(first, p, s) {
		return false
	}
	r := l.rightOf(p, rtl)
	if !r.ok {
		r = l.rightOf(s, rtl) // p indented: the first line of a paragraph
	}
	if !r.ok && math.Abs(sb.X0-pb.X0) <= em {
		r = enclosingRight(l.segs, p, rtl) // a set-in block: a list's item
	}
	if w := l.wrapRight(p, rtl); w.ok && (!r.ok || w.x < r.x) && len(s.words) > 0 && wrappedProse(p, s, em) {
		// Wrapped text is set ragged: p is full where the next line's
		// first word would not have fitted after it.
		return pb.X1+wrapSpace*em+s.words[0].BBox.Width() > w.x
	}
	slack := fullLineSlack * em
	if l.uniform || runsOnLower(p, s) {
		// Whether the words run on decides there; a ragged right edge
		// leaves a line of a paragraph short of the margin by a word or
		// two.
		slack = max(slack, raggedShare*(r.x-min(pb.X0, sb.X0)))
	}
	return r.ok && pb.X1 >= r.x-slack
}

// unlearnedLineGap is the widest gap, in ems, between two lines that
// unlearnedRunOn keeps in one paragraph: lines set one and a half apart
// leave about 0.6 em, double-spaced about one.
const unlearnedLineGap = 1.0

// unlearnedRunOn reports whether line s goes on p's paragraph where the
// page shows too few gaps to learn its leading from (leadingSamples):
// a gap of at most unlearnedLineGap ems; s starting under p (within half
// an em), or p set in by a paragraph's indent (anIndent: its first
// line); p a line of prose that ends no sentence and no lead-in
// (endsSentence: no stop, colon or mark after its last word, closing
// quotes and brackets aside; a table's lettered notes, and a line of
// code after 'for example:', start in lower case too); and s
// going on in lower case (runsOnLower). A one-page request for proposals
// sets its paragraphs' lines 18 points apart at 11 points, two lines
// each beside '.1', '.2', and each line was a paragraph: 'The intent of
// this Request for Proposal (RFP) is to solicit submissions, in the
// format' | 'detailed in this document'.
func unlearnedRunOn(p, s *seg, pb, sb core.BBox, gap, em float64) bool {
	in := pb.X0 - sb.X0 // p's indent over s: a paragraph's first line
	return gap <= unlearnedLineGap*em && in >= -em/2 && (in <= em/2 || anIndent(in, em)) && pb.Width() >= proseLineWidth*em &&
		len(p.words) > 0 && !endsSentence(p.words[len(p.words)-1].Text) && runsOnLower(p, s)
}

// wrappedProse says whether lines p and s, at a size of em points, may
// be lines of prose wrapped around a float: neither fixed-pitch (a
// listing's lines each end short), p of prose width.
func wrappedProse(p, s *seg, em float64) bool {
	return !monospace(p.words) && !monospace(s.words) && p.b.Width() >= proseLineWidth*em
}

// wrapSpace is the width of a word space, in ems, that the first word
// of the next line would have needed before it.
const wrapSpace = 0.25

// wrapRight is the right margin of the lines that wrap around a float
// set to the right of p (a picture, a wiki's infobox and its border):
// the rightmost end of the lines that start where p starts (within an
// em) beside the float, when marginLines of them do. Measured
// against the column's margin, each such line ended short, and on a
// loose leading each was a paragraph. Written right to left, none.
func (l *leading) wrapRight(p *seg, rtl bool) margin {
	if rtl {
		return margin{}
	}
	near, found := l.floats.nearestRight(p.b)
	if !found {
		return margin{}
	}
	em := max(1, p.size)
	end, n := 0.0, 0
	for _, q := range l.segs {
		if q.table == nil && math.Abs(q.b.X0-p.b.X0) <= em && q.b.X1 < near.X0 && q.b.Y1 > near.Y0 && q.b.Y0 < near.Y1 {
			end, n = max(end, q.b.X1), n+1
		}
	}
	if n < marginLines {
		return margin{}
	}
	return margin{end, true}
}

// raggedShare is the share of its column's width by which a line of a
// double-spaced paragraph set ragged right may fall short of the margin;
// proseLineWidth is the least width, in ems, of such a line: a report's
// text column is thirty ems and more, where labels of a form or rows of a
// character chart set as far apart are short.
const (
	raggedShare    = 0.25
	proseLineWidth = 20.0
)

// minProseGaps is the share of a page's line gaps that must follow a line
// of prose width (proseLineWidth) for its uniform gaps to be read as
// double spacing: a page of lists, captions or credits set as far apart
// keeps a paragraph a line.
const minProseGaps = 0.6
