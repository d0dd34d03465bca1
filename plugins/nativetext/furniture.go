package nativetext

import (
	"hash/fnv"
	"math"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
)

// Page furniture: running headers and footers are found across the pages
// of one window (see pageRun), not on a page alone.

// marginBand is the share of the page height, at the top and at the
// bottom, where headers and footers live.
const marginBand = 0.12

// furnitureKey is a block's text with digits folded, so that "Page 2 of 9"
// and "Page 3 of 9" agree.
func furnitureKey(s string) string {
	var sb strings.Builder
	prevDigit := false
	for _, r := range strings.ToLower(textclean.CollapseSpace(s)) {
		if unicode.IsDigit(r) {
			if !prevDigit {
				sb.WriteByte('#')
			}
			prevDigit = true
			continue
		}
		prevDigit = false
		sb.WriteRune(r)
	}
	return sb.String()
}

// isPageNumber reports text that is only a page number: "7", "- 7 -",
// "Page 7", "7 / 12", "Page 7 of 12", "vii".
func isPageNumber(s string) bool {
	t := strings.ToLower(strings.TrimSpace(s))
	t = strings.Trim(t, "-–— ")
	t = strings.TrimPrefix(t, "page ")
	t = strings.TrimPrefix(t, "p. ")
	if t == "" || len(t) > 16 {
		return false
	}
	digits, parted := 0, false
	for _, r := range t {
		switch {
		case unicode.IsDigit(r):
			digits++
		case r == '/' || r == '|':
			parted = true
		case r == ' ':
		default:
			if !strings.ContainsRune("of", r) {
				return isRoman(t)
			}
			parted = true
		}
	}
	// Two numbers with nothing between them ('145 150', a plot's ticks)
	// are no page's number: a folio out of the total says 'of' or '/'.
	return digits > 0 && (parted || len(strings.Fields(t)) == 1)
}

// folioLike says whether s, recurring with other numbers, can be a
// running head or folio: it has letters ("Page 2 of 9"), or its figures
// are joined by no decimal point or thousands separator ("3-1", a
// chapter's first page). Bare amounts ("40,017.86") and section numbers
// ("2.3.59.6") that recur with other figures are a table's column or a
// document's numbering.
func folioLike(s string) bool {
	return strings.ContainsFunc(s, unicode.IsLetter) || !strings.ContainsAny(s, ".,")
}

// ofTotal reports a folio that numbers its page out of the document's
// pages and says nothing else: '1 of 4', '2/9'. Set large and bold (a
// spec sheet's foot), it is still no heading.
func ofTotal(s string) bool {
	a, b, ok := strings.Cut(strings.ToLower(textclean.CollapseSpace(s)), " of ")
	if !ok {
		a, b, ok = strings.Cut(strings.ReplaceAll(s, " ", ""), "/")
	}
	digits := func(x string) bool { return x != "" && strings.TrimFunc(x, unicode.IsDigit) == "" }
	return ok && digits(a) && digits(b)
}

// isRoman reports a page number in lower-case roman numerals.
func isRoman(s string) bool {
	return len(s) <= 6 && strings.Trim(s, "ivxlc") == ""
}

// inMargin says whether a block sits in the top (-1) or bottom (+1) band
// of the page, 0 otherwise.
func inMargin(b core.BBox, h float64) int {
	if h <= 0 {
		return 0
	}
	switch {
	case b.Y1 <= marginBand*h:
		return -1
	case b.Y0 >= (1-marginBand)*h:
		return 1
	}
	return 0
}

// markFurniture marks running headers and footers on pages of one
// document. A block in the top or bottom band is furniture when it says
// nothing about its page: its text recurs word for word in the same band
// on at least two pages, at one size, whatever that is; a line the
// layout took for a heading by its size, on minHeadRepeats pages or a
// quarter of the window's (a company's name over every page; a journal's
// running heads in capitals, the authors over the even pages and the
// title over the odd ones; a manual's, its block holding the section's
// number on some pages and not on others, so that each text recurs on a
// few of them). A slide's title carried over to the next slide
// ('Sophistication', 'Channels' in Rob Pike's talk of 56 slides) is each
// slide's title. Text that recurs only with
// other numbers ("Page 2 of 9", "Page 3 of 9"; a few of them change,
// maxFolioChanges) or that is a page number alone is furniture unless
// the layout took it for a heading by its size and it says more than the
// page's number out of the pages' ('1 of 4' is
// furniture at any size; folioLike says which figures can number pages):
// folios and running heads are set at the body size or smaller, while a
// line set larger that names its page ("Page 1", "Chapter 2") is that
// page's heading.
func markFurniture(pages []*core.Page) {
	count, varied := bandCounts(pages)
	body := documentBody(pages)
	for _, p := range pages {
		for i := range p.Blocks {
			b := &p.Blocks[i]
			band := furnitureBand(b, p.Height)
			if band == 0 {
				continue
			}
			t := b.Text()
			n := count[exactBandKey(band, t, b)]
			repeated := n >= 2 && (!sizedHeading(b, body) || n >= minHeadRepeats || 4*n >= len(pages))
			folded := bandKey{band: band, k: furnitureKey(t)}
			numbered := (folioLike(t) && !varied[folded] && count[folded] >= 2) || isPageNumber(t)
			if !repeated && !(numbered && (!sizedHeading(b, body) || ofTotal(t))) {
				continue
			}
			markBand(b, band)
		}
		markSideStamps(p)
	}
	markLineMates(pages)
}

// A stamp set up the side of a page, outside its text: an archive's
// 'arXiv:2103.15348v2 [cs.CV] 21 Jun 2021' beside a paper's first page,
// a publisher's 'Downloaded from ... on July 12, 2017', a preprint's
// licence. It is on one page alone, so no repetition finds it, and it
// says nothing of the page's content: it is furniture when it is one line
// of turned text (its words' baselines not horizontal) in the page's side
// band (marginBand of its width, as headers and footers have theirs),
// with no block of the page's other text between it and the edge nor
// level with it further out, and when it runs along minStampRun of the
// page's side, holds minLoneMateWords words with letters, and stands
// beside running text: the nearest block level with it holds more
// letters than figures. A chart's axis title is set up the side of its
// plot, as long as the plot is high, beside the figures of its ticks (a
// page that is one chart: 'Document Depth Percent (%)' beside '0 7 14
// 21'); a page of turned text (a landscape table on a portrait page)
// has its body turned too (maxTurnedShare).
const (
	minStampRun    = 0.25
	maxTurnedShare = 0.5
)

// markSideStamps marks p's side stamps as page headers. The share of the
// page's words that are turned is counted only on a page with a turned
// line in a side band: most pages have none.
func markSideStamps(p *core.Page) {
	if p.Width <= 0 || p.Height <= 0 {
		return
	}
	counted := false
	for i := range p.Blocks {
		b := &p.Blocks[i]
		if b.Kind.Furniture() || b.Kind == core.KindTable || b.Kind == core.KindFigure || len(b.Lines) != 1 ||
			!allTurned(b) || b.BBox.Height() < minStampRun*p.Height || wordsWithLetters(b) < minLoneMateWords {
			continue
		}
		side := 0
		switch {
		case b.BBox.X1 <= marginBand*p.Width:
			side = -1
		case b.BBox.X0 >= (1-marginBand)*p.Width:
			side = 1
		}
		if side == 0 || !outermostAcross(p, b, side) || !besideProse(p, b, side) {
			continue
		}
		if !counted && turnedShare(p) > maxTurnedShare {
			return
		}
		counted = true
		markBand(b, -1)
	}
}

// turnedShare is the share of p's words whose baselines are not
// horizontal.
func turnedShare(p *core.Page) float64 {
	t, n := turnedWords(p.Blocks)
	if n == 0 {
		return 0
	}
	return float64(t) / float64(n)
}

// besideProse says whether the nearest block level with b, on the page's
// inner side of it (side -1: b is at the left edge), holds more letters
// than figures.
func besideProse(p *core.Page, b *core.Block, side int) bool {
	var near *core.Block
	gap := math.Inf(1)
	for i := range p.Blocks {
		o := &p.Blocks[i]
		if o == b || o.Kind.Furniture() || o.BBox.Y0 >= b.BBox.Y1 || o.BBox.Y1 <= b.BBox.Y0 {
			continue
		}
		g := o.BBox.X0 - b.BBox.X1
		if side > 0 {
			g = b.BBox.X0 - o.BBox.X1
		}
		if g < gap {
			near, gap = o, g
		}
	}
	if near == nil {
		return false
	}
	letters, figures := 0, 0
	for _, r := range near.Text() {
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.IsDigit(r):
			figures++
		}
	}
	return letters > figures
}

// outermostAcross says whether no other block that is not furniture lies
// between b and the side edge of p (-1 left, +1 right), or reaches as far
// out as b does.
func outermostAcross(p *core.Page, b *core.Block, side int) bool {
	for i := range p.Blocks {
		o := &p.Blocks[i]
		if o == b || o.Kind.Furniture() {
			continue
		}
		if (side < 0 && o.BBox.X0 <= b.BBox.X1) || (side > 0 && o.BBox.X1 >= b.BBox.X0) {
			return false
		}
	}
	return true
}

// maxFolioChanges is the most numbers in which the copies of a running
// head or foot that recurs with other numbers differ from page to page:
// the page's number, and its number out of another count (a frame, a
// sheet), while its date, edition or address stay. A test page's
// caption of its parameters ('WhitePoint [ 0.9505 1.0000 1.0890 ]
// BlackPoint [ ... ] Gamma [ ... ] Matrix [ ... ]' over each page of
// pdf.js's calrgb), the same words with other values on each page, is
// each page's own text.
const maxFolioChanges = 2

// numbersOf lists the numbers of s: runs of digits, with the points and
// commas between digits.
func numbersOf(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		digit := unicode.IsDigit(r)
		inner := (r == '.' || r == ',') && start >= 0 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9'
		switch {
		case digit || inner:
			if start < 0 {
				start = i
			}
		case start >= 0:
			out = append(out, s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// changedFigures counts the places where two lists of numbers differ.
func changedFigures(a, b []string) int {
	n := max(len(a), len(b)) - min(len(a), len(b))
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

// minHeadRepeats is the fewest pages that a heading-size line recurs on,
// whatever their share of the window, to be furniture: a slide's title is
// carried over to one or two more slides (a FOSDEM talk's 'How suitable
// is Go for HPC?' heads three), seldom to three.
const minHeadRepeats = 4

// markBand makes b a page header (band -1) or footer (+1).
func markBand(b *core.Block, band int) {
	if band < 0 {
		b.Kind = core.KindPageHeader
	} else {
		b.Kind = core.KindPageFooter
	}
	b.Level = 0
}

// markLineMates marks the blocks that share a line with a running head
// or foot. A running head often sets a fixed part (the publisher, the
// title) and a part that changes with the page (its section, its
// chapter) on one line, and only the fixed part recurs word for word. A
// one-line block is such a part (lineMate) when it sits in the band on
// the baseline of a block marked furniture there, at that block's size,
// and when a line mate stands in the same place on another page of the
// window: a form's title beside its number, or an equation's number
// beside a folio, is on one page alone. A window of one page (a page
// extracted alone) has no other page to tell; there a line mate of
// minLoneMateWords words is furniture.
func markLineMates(pages []*core.Page) {
	type place struct{ band, y int }
	mates := map[*core.Block]place{}
	count := map[place]int{}
	for _, p := range pages {
		seen := map[place]bool{}
		for i := range p.Blocks {
			b := &p.Blocks[i]
			band := lineMate(p, b)
			if band == 0 {
				continue
			}
			at := place{band, int(math.Round((b.BBox.Y0 + b.BBox.Y1) / 2 / mateSlack))}
			mates[b] = at
			if !seen[at] {
				seen[at] = true
				count[at]++
			}
		}
	}
	for b, at := range mates {
		if count[at] >= 2 || len(pages) == 1 && wordsWithLetters(b) >= minLoneMateWords {
			markBand(b, at.band)
		}
	}
}

// minLoneMateWords is the fewest words with letters that a line mate on a
// page read alone (no other page in the window to find it on again)
// must hold to be furniture with the folio beside it: a journal's name
// and issue beside the page's number ('PLOS Neglected Tropical Diseases |
// www.plosntds.org', '1', 'March 2014 | Volume 8 | Issue 3'), a running
// title, authors, a date. A figure's labels or a test page's letters
// that share the line of a lone figure in the margin ('Device 0 1 2 3',
// 'G') are one word or none.
const minLoneMateWords = 2

// wordsWithLetters counts the words of b that hold a letter.
func wordsWithLetters(b *core.Block) int {
	n := 0
	for _, l := range b.Lines {
		for _, w := range l.Words {
			if strings.IndexFunc(w.Text, unicode.IsLetter) >= 0 {
				n++
			}
		}
	}
	return n
}

// mateSlack is the grid, in points, on which the middles of line mates
// on different pages are compared: the same running head, drawn by one
// template, lands on the same point on every page.
const mateSlack = 2

// mateSize is how far the size of a line mate may be from its fixed
// part's: a running head sets both in one style.
const mateSize = 0.1

// lineMate is the band of b when b is a one-line block of plain text
// beside a block of furniture on p's line in that band, at its size, with
// only furniture between that line and the page's edge; 0 otherwise. A
// heading beside a recurring label (a catalogue's entry and its
// category) begins the page's text, and so do lines under a title that
// changes from page to page (the labels of a page of figures).
func lineMate(p *core.Page, b *core.Block) int {
	band := furnitureBand(b, p.Height)
	if band == 0 || b.Kind.Furniture() || b.Kind == core.KindHeading || len(b.Lines) != 1 || !outermost(p, b, band) {
		return 0
	}
	size := wordSize(b)
	for j := range p.Blocks {
		m := &p.Blocks[j]
		if !m.Kind.Furniture() || inMargin(m.BBox, p.Height) != band || !sameLine(b.BBox, m.BBox) {
			continue
		}
		if ms := wordSize(m); ms > 0 && math.Abs(size-ms) <= mateSize*ms {
			return band
		}
	}
	return 0
}

// outermost says whether nothing but furniture lies wholly between b and
// the edge of p that its band (-1 top, +1 bottom) is at.
func outermost(p *core.Page, b *core.Block, band int) bool {
	for i := range p.Blocks {
		o := &p.Blocks[i]
		if o.Kind.Furniture() {
			continue
		}
		if (band < 0 && o.BBox.Y1 <= b.BBox.Y0) || (band > 0 && o.BBox.Y0 >= b.BBox.Y1) {
			return false
		}
	}
	return true
}

// sameLine says whether boxes a and b sit side by side on one line: apart
// across, and each over the other's middle height.
func sameLine(a, b core.BBox) bool {
	if overlapX(a, b) {
		return false
	}
	am, bm := (a.Y0+a.Y1)/2, (b.Y0+b.Y1)/2
	return a.Y0 <= bm && bm <= a.Y1 && b.Y0 <= am && am <= b.Y1
}

// bandKey is a block's text in one band (-1 top, +1 bottom), and for
// text word for word its size, to the half point (0 for text with its
// numbers folded).
type bandKey struct {
	band int
	k    string
	size float64
}

// exactBandKey is the key of b's text t word for word in band: a
// running head is drawn by one template, at one size on every page. A
// document's title set large on its first page, under a running head
// of the same words, is no running head.
func exactBandKey(band int, t string, b *core.Block) bandKey {
	return bandKey{band, exactKey(t), math.Round(2*wordSize(b)) / 2}
}

// bandCounts counts, for the text of each block in a band, the pages
// where it appears in that band: word for word at its size
// (exactBandKey) and with its numbers folded (furnitureKey). Copies of
// one page count once (a form printed once for each of its recipients,
// a page duplicated): a running head recurs over other text, and a line
// that recurs only with the rest of its page is part of that page. A
// folio changes from copy to copy, and each copy counts for its folded
// text. varied lists the folded keys whose copies differ from the first
// in more than maxFolioChanges of their numbers.
func bandCounts(pages []*core.Page) (count map[bandKey]int, varied map[bandKey]bool) {
	type copyKey struct {
		k    bandKey
		copy uint64
	}
	count, varied = map[bandKey]int{}, map[bandKey]bool{}
	counted := map[copyKey]bool{}
	firstNumbers := map[bandKey][]string{}
	for _, p := range pages {
		body := bodyHash(p)
		seen := map[bandKey]bool{} // a page counts once for each key
		add := func(k bandKey, copy uint64) {
			if k.k == "" || seen[k] {
				return
			}
			seen[k] = true
			if ck := (copyKey{k, copy}); !counted[ck] {
				counted[ck] = true
				count[k]++
			}
		}
		for i := range p.Blocks {
			b := &p.Blocks[i]
			band := furnitureBand(b, p.Height)
			if band == 0 {
				continue
			}
			t := b.Text()
			exact := exactBandKey(band, t, b)
			folded := bandKey{band: band, k: furnitureKey(t)}
			add(exact, body)
			add(folded, body^textHash(exact.k))
			nums := numbersOf(t)
			if first, ok := firstNumbers[folded]; !ok {
				firstNumbers[folded] = nums
			} else if changedFigures(first, nums) > maxFolioChanges {
				varied[folded] = true
			}
		}
	}
	return count, varied
}

// textHash is a hash of s.
func textHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// bodyHash is a hash of the text of p outside its bands, words and
// table cells in reading order: equal on copies of one page.
func bodyHash(p *core.Page) uint64 {
	h := fnv.New64a()
	word := func(s string) {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	for i := range p.Blocks {
		b := &p.Blocks[i]
		if furnitureBand(b, p.Height) != 0 {
			continue
		}
		for _, l := range b.Lines {
			for _, w := range l.Words {
				word(w.Text)
			}
		}
		if b.Table != nil {
			for _, c := range b.Table.Cells {
				word(c.Text)
			}
		}
	}
	return h.Sum64()
}

// furnitureBand is the band a block that may be furniture sits in (see
// inMargin); 0 for tables and figures, which never are.
func furnitureBand(b *core.Block, h float64) int {
	if b.Kind == core.KindTable || b.Kind == core.KindFigure {
		return 0
	}
	return inMargin(b.BBox, h)
}

// exactKey is a block's text with case and spacing folded, numbers kept.
func exactKey(s string) string {
	return strings.ToLower(textclean.CollapseSpace(s))
}

// sizedHeading reports a block the layout took for a heading that is set
// at least headingRatio times the body size (the layout's own cut), not a
// bold line of body size; false when either size is unknown.
func sizedHeading(b *core.Block, body float64) bool {
	if b.Kind != core.KindHeading || body <= 0 {
		return false
	}
	size := wordSize(b)
	return size > 0 && size >= headingRatio*body
}

// rankHeadings turns the provisional heading levels (minus ten times the
// size, set by makeBlock) into levels 1–6, the same for a size on every
// page. A size's level is where its ratio to the body text falls on the
// conventional type scale (scaleLevel); sizes within 0.6 pt share a
// level, and a smaller size always gets a deeper level than a larger one,
// so a document that skips a level (a title over subsections) keeps the
// gap, and one with sizes between the steps keeps them apart.
func rankHeadings(pages []*core.Page) {
	seen := map[int]bool{}
	var sizes []int
	for _, p := range pages {
		for _, b := range p.Blocks {
			if b.Kind == core.KindHeading && b.Level <= 0 && !seen[b.Level] {
				seen[b.Level] = true
				sizes = append(sizes, b.Level)
			}
		}
	}
	sort.Ints(sizes) // largest size first
	body := documentBody(pages)
	level := map[int]int{}
	lv := 0
	prev := math.MinInt
	for _, s := range sizes {
		if prev == math.MinInt || s-prev > 6 {
			lv = max(lv+1, scaleLevel(float64(-s)/10, body))
		}
		prev = s
		level[s] = min(lv, 6)
	}
	for _, p := range pages {
		for i := range p.Blocks {
			b := &p.Blocks[i]
			if b.Kind == core.KindHeading && b.Level <= 0 {
				b.Level = level[b.Level]
			}
		}
	}
	nestNumbered(pages)
}

// sectionNumber matches a heading's section number: figures of one or two
// digits joined by points ('2', '2.1.', '3.2.2'), then a space and a
// letter. A year or a quantity ('2015 Annual Report', '100 mg') is not
// one.
var sectionNumber = regexp.MustCompile(`^(\d{1,2}(?:\.\d{1,2})*)\.?\s+\pL`)

// sectionDepth is the depth of a heading's section number (1 for '2.',
// 2 for '2.1.'), 0 for a heading without one.
func sectionDepth(text string) int {
	m := sectionNumber.FindStringSubmatch(text)
	if m == nil {
		return 0
	}
	return strings.Count(m[1], ".") + 1
}

// nestNumbered deepens the numbered headings that share a level with
// headings numbered less deeply: a paper that sets '2. MATERIAL AND
// METHODS', '2.1. Study site' and '3.2.2. Sub-peak N-Q1' all in bold at
// the text's size says by their numbers what their sizes do not, and a
// reader that builds a section's path (chunks' heading trails) wants
// '2.1.' under '2.'. Each is moved down by its depth less the shallowest
// numbered depth at its level, to level 6 at most; headings without a
// number keep the level, and so does every heading of a level whose
// numbered headings are all of one depth (sizes already rank them).
func nestNumbered(pages []*core.Page) {
	shallowest, deepest := map[int]int{}, map[int]int{}
	for _, p := range pages {
		for _, b := range p.Blocks {
			if b.Kind != core.KindHeading {
				continue // a paragraph's text is long, and no heading's number
			}
			if d := sectionDepth(b.Text()); d > 0 {
				if s, ok := shallowest[b.Level]; !ok || d < s {
					shallowest[b.Level] = d
				}
				deepest[b.Level] = max(deepest[b.Level], d)
			}
		}
	}
	for _, p := range pages {
		for i := range p.Blocks {
			b := &p.Blocks[i]
			if b.Kind != core.KindHeading || deepest[b.Level] == shallowest[b.Level] {
				continue
			}
			if d := sectionDepth(b.Text()); d > 0 {
				b.Level = min(6, b.Level+d-shallowest[b.Level])
			}
		}
	}
}

// The conventional type scale puts a top heading near twice the body
// size, a section heading near 1.45× and a subsection near 1.2×: HTML's
// default style sheet (2, 1.5, 1.17 em), LaTeX's article class (1.73 title,
// 1.44 section, 1.2 subsection) and Word's defaults (Title 2.5×, Heading 1
// 1.45×, Heading 2 1.18×) agree. The cuts lie between the steps; the one
// for subsections sits just above the largest of them (1.2), so that only
// a size that is a subsection's in every convention skips a level.
const (
	scaleCut1 = 1.66 // at least this × body: level 1
	scaleCut2 = 1.24 // level 2
	scaleCut3 = 1.09 // level 3; smaller (bold body-size headings): level 4
)

// scaleLevel is the level of a heading of size points over body text of
// body points; 1 when the body is unknown.
func scaleLevel(size, body float64) int {
	if body <= 0 {
		return 1
	}
	switch r := size / body; {
	case r >= scaleCut1:
		return 1
	case r >= scaleCut2:
		return 2
	case r >= scaleCut3:
		return 3
	}
	return 4
}

// documentBody is the size of most of the pages' text outside headings,
// weighted by characters; 0 without any.
func documentBody(pages []*core.Page) float64 {
	var t runTally[int]
	for _, p := range pages {
		for j := range p.Blocks {
			b := &p.Blocks[j]
			if b.Kind == core.KindHeading {
				continue
			}
			for _, l := range b.Lines {
				for i := range l.Words {
					if w := &l.Words[i]; w.Size > 0 {
						t.add(int(math.Round(w.Size*10)), len(w.Text))
					}
				}
			}
		}
	}
	chars := t.done()
	best, n := 0, 0
	for s, c := range chars {
		if c > n || c == n && s < best {
			best, n = s, c
		}
	}
	return float64(best) / 10
}
