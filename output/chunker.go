package output

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
)

// sepTokens is what the estimate of a chunk's tokens allows for each
// separator; the estimate is checked against a real count before a chunk
// is written.
const sepTokens = 1

// smallestFirstPart: a unit that has to be cut starts in the open chunk
// when at least this share of a chunk is left there, else in the next.
const smallestFirstPart = 4

// heading is one level of the heading path.
type heading struct {
	level int
	title string
}

// chunker packs units into chunks.
type chunker struct {
	opts  ChunkOptions
	pages map[int]*merge.Entry
	path  []heading
	// cur are the units of the open chunk and est its estimated tokens.
	cur []unit
	est int
	out []Chunk
	err error
}

func newChunker(res *merge.Result, opts ChunkOptions) *chunker {
	c := &chunker{opts: opts, pages: make(map[int]*merge.Entry, len(res.Entries))}
	for i := range res.Entries {
		c.pages[res.Entries[i].Number] = &res.Entries[i]
	}
	return c
}

// add places the next unit of the flow. A heading starts a chunk, unless
// the open one holds only headings; a unit that does not fit starts the
// next chunk; one longer than a chunk is cut, its first part filling the
// open chunk, and so is text that does not fit beside its headings (a
// table that fits a chunk is kept whole, and its headings go out alone).
func (c *chunker) add(u unit) {
	if u.kind == core.KindHeading {
		if c.hasContent() || !c.fits(u) {
			c.flush() // before the path changes: it is the open chunk's
		}
		c.enter(u)
	}
	if c.fits(u) || u.tokens <= c.opts.MaxTokens && (c.hasContent() || u.table != nil) {
		c.place(u)
		return
	}
	rest := c.opts.MaxTokens - c.opts.Overlap - sepTokens
	first := c.room()
	if first < c.opts.MaxTokens/smallestFirstPart {
		first = rest // too little room: the first part starts the next chunk
	}
	for _, p := range c.split(u, first, rest) {
		c.place(p)
	}
}

// place adds u to the open chunk, or, when it does not fit, closes that
// chunk and starts the next with u, after the overlap that fits beside it.
func (c *chunker) place(u unit) {
	for !c.fits(u) && len(c.cur) > 0 {
		c.cut(c.opts.MaxTokens - u.tokens - sepTokens)
	}
	if len(c.cur) > 0 {
		c.est += sepTokens
	}
	c.cur = append(c.cur, u)
	c.est += u.tokens
}

// hasContent reports whether the open chunk holds anything but headings
// and overlap.
func (c *chunker) hasContent() bool {
	for _, u := range c.cur {
		if u.kind != core.KindHeading && !u.overlap {
			return true
		}
	}
	return false
}

// fits reports whether u fits in the open chunk.
func (c *chunker) fits(u unit) bool {
	return u.tokens <= c.room()
}

// room is how many tokens the open chunk has left for one more unit.
func (c *chunker) room() int {
	if len(c.cur) == 0 {
		return c.opts.MaxTokens
	}
	return c.opts.MaxTokens - c.est - sepTokens
}

// enter puts a heading on the path, in place of those at its level and
// below.
func (c *chunker) enter(u unit) {
	for len(c.path) > 0 && c.path[len(c.path)-1].level >= u.level {
		c.path = c.path[:len(c.path)-1]
	}
	c.path = append(c.path, heading{level: u.level, title: u.title})
}

// cut closes the open chunk because the next unit does not fit, and opens
// the next with up to budget tokens of overlap (never more than asked).
func (c *chunker) cut(budget int) {
	prev := c.cur
	held := c.emit()
	if emitted := prev[:len(prev)-len(held)]; c.hasContentIn(emitted) {
		c.cur = c.overlapFrom(emitted, min(budget, c.opts.Overlap))
		for i, u := range c.cur {
			c.est += u.tokens
			if i > 0 {
				c.est += sepTokens
			}
		}
	}
	for _, u := range held {
		c.place(u)
	}
}

// hasContentIn reports whether units hold anything but headings and
// overlap.
func (c *chunker) hasContentIn(units []unit) bool {
	return slices.ContainsFunc(units, func(u unit) bool { return u.kind != core.KindHeading && !u.overlap })
}

// flush closes the open chunk with no overlap: a section or the document
// ends.
func (c *chunker) flush() {
	for held := c.emit(); len(held) > 0; held = c.emit() {
		for _, u := range held {
			c.place(u)
		}
	}
}

// emit writes the open chunk and empties it. Should the real count of its
// text exceed the bound, which the estimate rarely lets happen, its last
// units are held back and returned for the next chunk.
func (c *chunker) emit() (held []unit) {
	for len(c.cur) > 0 {
		text, overlap := c.text()
		n := c.count(text)
		if n <= c.opts.MaxTokens || c.contentUnits() <= 1 {
			c.out = append(c.out, c.chunk(text, overlap, n))
			break
		}
		held = append([]unit{c.cur[len(c.cur)-1]}, held...)
		c.cur = c.cur[:len(c.cur)-1]
	}
	c.cur, c.est = nil, 0
	return held
}

// contentUnits counts the open chunk's units that are not overlap.
func (c *chunker) contentUnits() int {
	n := 0
	for _, u := range c.cur {
		if !u.overlap {
			n++
		}
	}
	return n
}

// text joins the open chunk's units; overlap is the length in characters
// of the part repeated from the chunk before.
func (c *chunker) text() (text string, overlap int) {
	var sb strings.Builder
	for i, u := range c.cur {
		if i > 0 {
			sb.WriteString(u.sep)
		}
		sb.WriteString(u.text)
		if u.overlap {
			overlap = utf8.RuneCountInString(sb.String())
		}
	}
	return sb.String(), overlap
}

// chunk describes the open chunk.
func (c *chunker) chunk(text string, overlap, tokens int) Chunk {
	ch := Chunk{
		ID:          fmt.Sprintf("%s-%04d", c.opts.DocID, len(c.out)+1),
		Text:        text,
		HeadingPath: make([]string, 0, len(c.path)),
		Tokens:      tokens,
		Overlap:     overlap,
		Pages:       []int{},
		BBoxes:      []ChunkBox{},
		Kinds:       []string{},
	}
	for _, h := range c.path {
		ch.HeadingPath = append(ch.HeadingPath, h.title)
	}
	for _, u := range c.cur {
		if !slices.Contains(ch.Kinds, string(u.kind)) {
			ch.Kinds = append(ch.Kinds, string(u.kind))
		}
		for _, b := range u.boxes {
			if b.BBox != ([4]float64{}) && !slices.Contains(ch.BBoxes, b) {
				ch.BBoxes = append(ch.BBoxes, b)
			}
			if !slices.Contains(ch.Pages, b.Page) {
				ch.Pages = append(ch.Pages, b.Page)
			}
		}
	}
	slices.Sort(ch.Pages)
	ch.Engine, ch.Quality = c.provenance(ch.Pages)
	return ch
}

// provenance is the engines that read pages, in page order, and the
// lowest of their scores.
func (c *chunker) provenance(pages []int) (engine string, quality float64) {
	var engines []string
	for i, p := range pages {
		e, ok := c.pages[p]
		if !ok {
			continue
		}
		if e.Engine != "" && !slices.Contains(engines, e.Engine) {
			engines = append(engines, e.Engine)
		}
		if i == 0 || e.Quality.Score < quality {
			quality = e.Quality.Score
		}
	}
	return strings.Join(engines, ","), round4(quality)
}
