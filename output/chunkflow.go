package output

import (
	"strings"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
)

// Separators between the units of one chunk, as the Markdown writer puts
// them between blocks.
const (
	sepBlock = "\n\n" // between blocks
	sepItem  = "\n"   // between the items of one list
	sepPart  = " "    // between the parts of one paragraph cut to fit
)

// unit is one piece of the reading flow as the chunker places it: a
// block rendered as Markdown by the Markdown writer, a table joined over
// its pages, or a part of either cut to fit the token bound.
type unit struct {
	kind core.BlockKind
	text string // Markdown
	// sep joins the unit to the one before it in a chunk.
	sep    string
	tokens int
	// level and title are a heading's level (1-6) and plain text.
	level int
	title string
	// boxes are where the text is, page by page.
	boxes []ChunkBox
	// words are the text's whitespace-separated words and wordBoxes each
	// one's box on page, when the block's words line up with them; a
	// part or an overlap takes its box from its words. Tables, code and
	// formulas have no words: they are never overlapped.
	words     []string
	wordBoxes []core.BBox
	page      int
	// open and close wrap every part of a unit that is cut (code fences,
	// formula delimiters); body is the text between them.
	open, close, body string
	// table is a whole table, joined over pages; nil for its parts.
	table *flowTable
	// overlap marks a unit repeated from the end of the chunk before.
	overlap bool
}

// flowTable is a table as one grid, its parts on later pages joined to it
// without their repeated header rows.
type flowTable struct {
	header []flowRow // the rows every part of the table repeats
	rows   []flowRow // the body, over pages
}

// flowRow is one row of a table: its cell texts and where it is.
type flowRow struct {
	cells []string
	page  int
	box   core.BBox
}

// flowBuilder turns the pages of a result into units, dropping running
// headers and footers and joining tables continued over pages, as the
// Markdown writer does.
type flowBuilder struct {
	units []unit
	// open is the part of a table that ended the last page, head that
	// table's first part, and table its unit: a table that continues it at
	// the top of the next page joins it.
	open, head *core.Table
	table      *flowTable
	// engine read the page of the last unit.
	engine string
}

// runsOn says whether a paragraph of a page that engine read may go on
// from the last unit: a paragraph from a page the same engine read, as
// the Markdown writer asks (mdWriter.runOn).
func (f *flowBuilder) runsOn(engine string) bool {
	return len(f.units) > 0 && f.units[len(f.units)-1].kind == core.KindParagraph && f.engine == engine
}

// chunkFlow is the document's reading flow as units, in order.
func chunkFlow(res *merge.Result) []unit {
	f := &flowBuilder{}
	res = notesOnce(res)
	for _, e := range res.Entries {
		f.page(e.Number, e.Engine, e.Page.Blocks)
	}
	return f.units
}

// page adds one page's blocks to the flow.
func (f *flowBuilder) page(number int, engine string, blocks []core.Block) {
	cont := continuedAt(blocks, f.open)
	var last *core.Table // the table written last, while nothing follows it
	for i := range blocks {
		b := &blocks[i]
		if b.Kind.Furniture() { // no chunk holds a running head
			continue
		}
		md := blockMarkdown(b)
		switch {
		case md == "":
			continue
		case i == cont:
			f.continueTable(b, number)
		case b.Kind == core.KindTable && b.Table != nil && strings.HasPrefix(md, "|"):
			f.startTable(b, number)
		default:
			sep := sepBlock
			switch {
			case b.Kind == core.KindListItem && i > 0 && blocks[i-1].Kind == core.KindListItem && len(f.units) > 0 && last == nil:
				sep = sepItem
			case b.Continues && b.Kind == core.KindParagraph && f.open == nil && f.runsOn(engine) && i == firstWritten(blocks, false):
				sep = sepPart // a paragraph the page's break cut, as the Markdown writer joins it
			}
			f.units = append(f.units, textUnit(b, md, number, sep))
			last = nil
			continue
		}
		last = b.Table
	}
	f.open, f.engine = last, engine
	if last == nil {
		f.head, f.table = nil, nil
	}
}

// startTable adds a table unit; its header rows are the rows marked
// header, or the first row, which a pipe table shows as its header.
func (f *flowBuilder) startTable(b *core.Block, page int) {
	rows := tableRows(b, page, 0)
	n := min(max(b.Table.HeaderRows(), 1), len(rows))
	f.table = &flowTable{header: rows[:n], rows: rows[n:]}
	f.head = b.Table
	f.units = append(f.units, unit{kind: core.KindTable, sep: sepBlock, table: f.table})
}

// continueTable appends a continued part's rows to the open table,
// leaving out the rows that repeat the first part's header.
func (f *flowBuilder) continueTable(b *core.Block, page int) {
	f.table.rows = append(f.table.rows, tableRows(b, page, repeatedHeader(f.head, b.Table))...)
}

// tableRows are the rows of a table block from row skip on, each with the
// union of its cells' boxes (the block's box when the cells have none).
func tableRows(b *core.Block, page, skip int) []flowRow {
	g := b.Table.Grid()
	boxes := make([]core.BBox, len(g))
	for _, c := range b.Table.Cells {
		if c.Row >= 0 && c.Row < len(g) {
			boxes[c.Row] = boxes[c.Row].Union(c.BBox)
		}
	}
	rows := make([]flowRow, 0, len(g))
	for r := skip; r < len(g); r++ {
		box := boxes[r]
		if box == (core.BBox{}) {
			box = b.BBox
		}
		rows = append(rows, flowRow{cells: g[r], page: page, box: box})
	}
	return rows
}

// textUnit is a block other than a table as one unit: its Markdown, and
// for prose its words with their boxes.
func textUnit(b *core.Block, md string, page int, sep string) unit {
	u := unit{kind: b.Kind, text: md, sep: sep, page: page, body: md,
		boxes: []ChunkBox{{Page: page, BBox: box(b.BBox)}}}
	switch b.Kind {
	case core.KindHeading:
		u.level = min(max(b.Level, 1), 6)
		u.title = joinLines(b)
	case core.KindCode:
		u.open, u.body, u.close = "```\n", b.Text(), "\n```"
		return u
	case core.KindFormula:
		u.open, u.body, u.close = "$$", joinLines(b), "$$"
		return u
	}
	u.words = strings.Fields(md)
	u.wordBoxes = wordBoxes(b, len(u.words))
	return u
}

// wordBoxes is the box of each of the n words of a block's Markdown, from
// the block's words; nil when they do not line up (text the engine set
// itself). A heading's "#" or a list's "-" has no word of its own.
func wordBoxes(b *core.Block, n int) []core.BBox {
	if b.Content != "" {
		return nil
	}
	var boxes []core.BBox
	joined := false // the word before goes on in this one
	for _, l := range b.Lines {
		for _, w := range l.Words {
			for i := range strings.Fields(w.Text) {
				if i == 0 && joined && len(boxes) > 0 {
					// One Markdown word: 'x' and its raised '2', or a word
					// broken at a line's end and its rest.
					boxes[len(boxes)-1] = boxes[len(boxes)-1].Union(w.BBox)
					continue
				}
				boxes = append(boxes, w.BBox)
			}
			joined = w.Flags.Has(core.FlagJoinNext)
		}
	}
	pad := n - len(boxes)
	if len(boxes) == 0 || pad < 0 || pad > 1 {
		return nil
	}
	return append(make([]core.BBox, pad), boxes...)
}
