package output

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/assay-pdf/assay/merge"
)

// DefaultChunkTokens is the token bound of a chunk when none is given.
const DefaultChunkTokens = 512

// minChunkTokens is the smallest bound accepted: a table row or a
// sentence has to fit somewhere.
const minChunkTokens = 16

// ChunkOptions tune the chunks writer.
type ChunkOptions struct {
	// MaxTokens bounds each chunk's tokens (DefaultChunkTokens when 0).
	MaxTokens int
	// Overlap is how many tokens of prose from the end of a chunk the next
	// chunk repeats at its start, when the two were cut from one section
	// to fit the bound; 0 for none. It must be under half of MaxTokens.
	Overlap int
	// Tokenizer counts the tokens (cl100k_base when nil).
	Tokenizer TokenCounter
	// DocID names the document in chunk ids, "<DocID>-0001" and on; the
	// source's base name without extension when empty. The same DocID
	// and result give the same ids.
	DocID string
}

// Chunk is one line of the chunks format: a piece of the document's
// Markdown small enough for a retrieval system, with where it came from.
type Chunk struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	// HeadingPath are the headings the text sits under, outermost first;
	// the last is the chunk's own section.
	HeadingPath []string `json:"heading_path"`
	Pages       []int    `json:"pages"`
	// BBoxes are where the text is: a box per block, or per page of a
	// table, in reading order.
	BBoxes []ChunkBox `json:"bboxes"`
	// Kinds are the kinds of the blocks in the chunk, in order of first
	// appearance (core.BlockKind values).
	Kinds []string `json:"kinds"`
	// Engine is the engine that read the chunk's pages; engines joined by
	// "," when its pages were read by different ones.
	Engine string `json:"engine"`
	// Quality is the lowest score of the chunk's pages.
	Quality float64 `json:"quality"`
	// Tokens counts Text with the tokenizer.
	Tokens int `json:"tokens"`
	// Overlap is the number of characters (Unicode code points, as
	// Python counts them) at the start of Text that repeat the end of the
	// chunk before; OwnText is the rest.
	Overlap int `json:"overlap,omitempty"`
}

// OwnText is the chunk's text after the part that repeats the chunk
// before.
func (c *Chunk) OwnText() string {
	n := 0
	for i := range c.Text {
		if n == c.Overlap {
			return c.Text[i:]
		}
		n++
	}
	return ""
}

// ChunkBox is a box on a page, in PDF points from the top-left corner:
// x0, y0, x1, y1.
type ChunkBox struct {
	Page int        `json:"page"`
	BBox [4]float64 `json:"bbox"`
}

// Chunks writes the result as JSON Lines, one chunk per line.
func Chunks(w io.Writer, res *merge.Result, opts ChunkOptions) error {
	chunks, err := BuildChunks(res, opts)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := range chunks {
		if err := enc.Encode(&chunks[i]); err != nil {
			return fmt.Errorf("chunk %s: %w", chunks[i].ID, err)
		}
	}
	return nil
}

// BuildChunks cuts the result into chunks: a heading starts a chunk,
// blocks follow it while they fit the token bound, a block too long for a
// chunk is cut at sentences, then words, and a table too long at rows,
// each part repeating its header rows. Running headers and footers are
// left out. One table row with the header rows is never cut: a chunk
// holding only that may exceed the bound.
func BuildChunks(res *merge.Result, opts ChunkOptions) ([]Chunk, error) {
	opts, err := opts.withDefaults(res.Source)
	if err != nil {
		return nil, err
	}
	c := newChunker(res, opts)
	for _, u := range chunkFlow(res) {
		c.measure(&u)
		c.add(u)
	}
	c.flush()
	if c.err != nil {
		return nil, fmt.Errorf("counting tokens: %w", c.err)
	}
	return c.out, nil
}

// Check reports a bound or an overlap out of range (a MaxTokens of 0 is
// the default).
func (o ChunkOptions) Check() error {
	maxTokens := cmp.Or(o.MaxTokens, DefaultChunkTokens)
	if maxTokens < minChunkTokens {
		return fmt.Errorf("chunk tokens %d: want at least %d", o.MaxTokens, minChunkTokens)
	}
	if o.Overlap < 0 || 2*o.Overlap >= maxTokens {
		return fmt.Errorf("chunk overlap %d: want 0 or more and under half of the %d chunk tokens", o.Overlap, maxTokens)
	}
	return nil
}

// withDefaults checks the bounds and fills in the defaults.
func (o ChunkOptions) withDefaults(source string) (ChunkOptions, error) {
	if err := o.Check(); err != nil {
		return o, err
	}
	o.MaxTokens = cmp.Or(o.MaxTokens, DefaultChunkTokens)
	if o.Tokenizer == nil {
		tok, err := NewTokenizer(EncodingCl100k)
		if err != nil {
			return o, err
		}
		o.Tokenizer = tok
	}
	if o.DocID == "" {
		o.DocID = strings.TrimSuffix(filepath.Base(source), filepath.Ext(source))
	}
	if o.DocID == "" || o.DocID == "." {
		o.DocID = "doc"
	}
	return o, nil
}

// count is the token count of s; a failure is kept and later counts are 0.
func (c *chunker) count(s string) int {
	if c.err != nil {
		return 0
	}
	n, err := c.opts.Tokenizer.Count(s)
	if err != nil {
		c.err = err
		return 0
	}
	return n
}

// measure counts a unit's tokens, rendering a table first.
func (c *chunker) measure(u *unit) {
	if u.table != nil {
		u.text = gridMarkdown(cellGrid(u.table.header, u.table.rows))
		u.boxes = rowBoxes(slices.Concat(u.table.header, u.table.rows))
	}
	u.tokens = c.count(u.text)
}

// cellGrid is the header rows followed by rows, as cell texts.
func cellGrid(header, rows []flowRow) [][]string {
	g := make([][]string, 0, len(header)+len(rows))
	for _, r := range header {
		g = append(g, r.cells)
	}
	for _, r := range rows {
		g = append(g, r.cells)
	}
	return g
}

// rowBoxes is one box per page for rows: the union of the rows on it.
func rowBoxes(rows []flowRow) []ChunkBox {
	var out []ChunkBox
	var cur []flowRow
	flush := func() {
		if len(cur) == 0 {
			return
		}
		u := cur[0].box
		for _, r := range cur[1:] {
			u = u.Union(r.box)
		}
		out = append(out, ChunkBox{Page: cur[0].page, BBox: box(u)})
		cur = nil
	}
	for _, r := range rows {
		if len(cur) > 0 && cur[0].page != r.page {
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return out
}
