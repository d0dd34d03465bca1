package core

import (
	"slices"
	"strings"
	"unicode"
)

// Document is the merged result for one PDF.
type Document struct {
	Source string `json:"source"`
	Pages  []Page `json:"pages"`
}

// Page is one page of the document. Width and Height are the size of the
// page as displayed (after rotation), in points.
type Page struct {
	Number   int     `json:"number"` // 1-based
	Width    float64 `json:"width"`
	Height   float64 `json:"height"`
	Rotation int     `json:"rotation,omitempty"` // 0, 90, 180 or 270, clockwise
	Blocks   []Block `json:"blocks,omitempty"`
}

// Box is the whole page.
func (p *Page) Box() BBox { return BBox{0, 0, p.Width, p.Height} }

// Text is the page's text, blocks separated by a blank line. It is
// written in one builder: each block's Text, those that have any.
func (p *Page) Text() string {
	n := 0
	for i := range p.Blocks {
		n += p.Blocks[i].TextSize() + 2
	}
	var sb strings.Builder
	sb.Grow(n)
	for i := range p.Blocks {
		b := &p.Blocks[i]
		whole, lines := b.textSource()
		if whole == "" && !lines {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteString("\n\n")
		}
		if lines {
			b.writeLines(&sb)
		} else {
			sb.WriteString(whole)
		}
	}
	return sb.String()
}

// Words counts the words on the page, table cells included.
func (p *Page) Words() int {
	n := 0
	for i := range p.Blocks {
		n += countFields(p.Blocks[i].Text())
	}
	return n
}

// countFields is len(strings.Fields(s)), without building the fields.
func countFields(s string) int {
	n, inField := 0, false
	for _, r := range s {
		space := unicode.IsSpace(r)
		if !space && !inField {
			n++
		}
		inField = !space
	}
	return n
}

// BlockKind says what role a block plays on the page.
type BlockKind string

// The block kinds. Engines that cannot tell use KindParagraph.
const (
	KindParagraph  BlockKind = "paragraph"
	KindHeading    BlockKind = "heading"
	KindListItem   BlockKind = "list_item"
	KindTable      BlockKind = "table"
	KindFigure     BlockKind = "figure"
	KindCaption    BlockKind = "caption"
	KindFormula    BlockKind = "formula"
	KindCode       BlockKind = "code"
	KindPageHeader BlockKind = "page_header"
	KindPageFooter BlockKind = "page_footer"
	KindFootnote   BlockKind = "footnote"
)

// Furniture reports a page header or footer: text that repeats on the
// pages and is no part of the document's reading flow.
func (k BlockKind) Furniture() bool {
	return k == KindPageHeader || k == KindPageFooter
}

// Block is a unit of reading order: a paragraph, a heading, a table, ...
//
// Its text is the lines' words joined by spaces and the lines joined by
// newlines, unless the engine set Content explicitly (a formula in LaTeX,
// text an engine already cleaned). A table block carries its cells in Table.
type Block struct {
	Kind    BlockKind `json:"kind"`
	Level   int       `json:"level,omitempty"` // heading level 1-6; list nesting depth from 0
	BBox    BBox      `json:"bbox"`
	Lines   []Line    `json:"lines,omitempty"`
	Table   *Table    `json:"table,omitempty"`
	Content string    `json:"content,omitempty"`
	// TextFree marks a figure whose pixels the engine looked at and found
	// no text in (no run of sharp steps that strokes of glyphs make): a
	// region reader need not read it. False when nobody looked.
	TextFree bool `json:"text_free,omitempty"`
	// Continues marks a paragraph that goes on from the last paragraph of
	// the page before: a sentence the page's break cut. The block stays
	// on its page; a writer may print the two as one paragraph.
	Continues bool `json:"continues,omitempty"`
}

// WordRows is the table's text as rows of words, a word per cell with
// text, in column order: the grid read as lines.
func (t *Table) WordRows() [][]Word {
	rows := make([][]Word, max(t.Rows, 0))
	cells := slices.Clone(t.Cells)
	slices.SortStableFunc(cells, func(x, y Cell) int { return x.Col - y.Col })
	for _, c := range cells {
		if c.Text != "" && c.Row >= 0 && c.Row < len(rows) {
			rows[c.Row] = append(rows[c.Row], Word{Text: c.Text, BBox: c.BBox})
		}
	}
	return rows
}

// RowsBlock is a block of kind with a line for each row of words that has
// any, line and block boxes the union of their words': the text of a grid
// read as lines.
func RowsBlock(kind BlockKind, rows [][]Word) Block {
	b := Block{Kind: kind}
	for _, ws := range rows {
		if len(ws) == 0 {
			continue
		}
		ln := Line{Words: ws}
		for _, w := range ws {
			ln.BBox = ln.BBox.Union(w.BBox)
		}
		b.BBox = b.BBox.Union(ln.BBox)
		b.Lines = append(b.Lines, ln)
	}
	return b
}

// Text is the block's plain text.
func (b *Block) Text() string { return b.TextFunc(nil) }

// TextFunc is Text with each word of the block's lines written by word
// (a writer's markup around a word: Markdown's superscripts; nil: the
// word's Text); spaces and line breaks fall as in Text. A block whose
// text is its Content or its table's is that text.
func (b *Block) TextFunc(word func(w *Word) string) string {
	if whole, lines := b.textSource(); !lines {
		return whole
	}
	var sb strings.Builder
	sb.Grow(b.TextSize())
	b.writeLinesFunc(&sb, word)
	return sb.String()
}

// textSource is where the block's text comes from: whole, its Content or
// its table's text, when it has either; else lines reports whether its
// lines give any (one of them is not empty).
func (b *Block) textSource() (whole string, lines bool) {
	switch {
	case b.Content != "":
		return b.Content, false
	case b.Table != nil && len(b.Lines) == 0:
		return b.Table.Text(), false
	}
	for i := range b.Lines {
		if !b.Lines[i].empty() {
			return "", true
		}
	}
	return "", false
}

// writeLines writes the text of the block's lines to sb: a line break
// between lines, none after a line whose last word goes on at the start
// of the next (FlagJoinNext).
func (b *Block) writeLines(sb *strings.Builder) { b.writeLinesFunc(sb, nil) }

// writeLinesFunc is writeLines with each word written by word (nil: its
// Text).
func (b *Block) writeLinesFunc(sb *strings.Builder, word func(w *Word) string) {
	joined := true // no separator before the first line
	for i := range b.Lines {
		l := &b.Lines[i]
		if l.empty() {
			continue
		}
		if !joined {
			sb.WriteByte('\n')
		}
		l.writeText(sb, word)
		ws := l.Words
		joined = len(ws) > 0 && ws[len(ws)-1].Flags.Has(FlagJoinNext)
	}
}

// TextSize is about the length of the block's Text, for sizing a buffer
// it is written into: its Content, and its lines' words with a space or
// line break after each (a table's cells are not counted).
func (b *Block) TextSize() int {
	n := len(b.Content)
	for i := range b.Lines {
		ws := b.Lines[i].Words
		n += len(ws)
		for j := range ws {
			n += len(ws[j].Text)
		}
	}
	return n
}

// Line is a run of words on one baseline.
type Line struct {
	BBox  BBox   `json:"bbox"`
	Words []Word `json:"words"`
}

// Text is the line's words joined by single spaces, but after a word
// that goes on in the next (FlagJoinNext: a power's base before its
// exponent).
func (l *Line) Text() string {
	n := len(l.Words) - 1
	for i := range l.Words {
		n += len(l.Words[i].Text)
	}
	var sb strings.Builder
	sb.Grow(max(n, 0))
	l.writeText(&sb, nil)
	return sb.String()
}

// writeText writes the line's Text to sb, each word by word (nil: its
// Text).
func (l *Line) writeText(sb *strings.Builder, word func(w *Word) string) {
	for i := range l.Words {
		if i > 0 && !l.Words[i-1].Flags.Has(FlagJoinNext) {
			sb.WriteByte(' ')
		}
		if word != nil {
			sb.WriteString(word(&l.Words[i]))
		} else {
			sb.WriteString(l.Words[i].Text)
		}
	}
}

// empty reports whether the line's Text is "": its words are empty, and
// each joined to the next (no space between them).
func (l *Line) empty() bool {
	for i := range l.Words {
		if l.Words[i].Text != "" || i > 0 && !l.Words[i-1].Flags.Has(FlagJoinNext) {
			return false
		}
	}
	return true
}

// WordFlags describe how a word was drawn.
type WordFlags uint32

// Word flags.
const (
	FlagBold        WordFlags = 1 << iota
	FlagItalic                // slanted or italic font
	FlagMonospace             // fixed-pitch font
	FlagInvisible             // text render mode 3: an OCR layer or hidden text
	FlagSuperscript           // raised above the line's baseline
	FlagSubscript             // lowered below the line's baseline
	FlagVertical              // vertical writing mode
	FlagRotated               // baseline not horizontal
	// FlagJoinNext: the word goes on in the next word of its line (a
	// power's base before its exponent, 'x' and a raised '2', drawn as one
	// word) or, as a line's last word, at the start of the next line of
	// its block (a word broken at the line's end, its break hyphen
	// dropped or a real hyphen kept); Text writes no space between them.
	FlagJoinNext
)

// Has reports whether all of f's bits are set.
func (w WordFlags) Has(f WordFlags) bool { return w&f == f }

// Word is the smallest unit engines return.
type Word struct {
	Text  string    `json:"text"`
	BBox  BBox      `json:"bbox"`
	Font  string    `json:"font,omitempty"`
	Size  float64   `json:"size,omitempty"` // font size in points, the text matrix and CTM applied
	Flags WordFlags `json:"flags,omitempty"`
	// Confidence in [0,1] for engines that recognise text (OCR); 0 means
	// not measured.
	Confidence float64 `json:"confidence,omitempty"`
}

// Table is a grid of cells. Rows and Cols count the grid's slots; a cell
// spanning several slots is stored once, at its top-left slot.
type Table struct {
	Rows  int    `json:"rows"`
	Cols  int    `json:"cols"`
	Cells []Cell `json:"cells"`
	// Continues marks a table that continues the last table of the
	// previous page: the same columns, its header repeated or not. Its
	// cells are this page's part only; writers that join pages print
	// the parts as one table.
	Continues bool `json:"continues,omitempty"`
}

// Cell is one table cell.
type Cell struct {
	Row     int    `json:"row"`
	Col     int    `json:"col"`
	RowSpan int    `json:"row_span,omitempty"` // 0 and 1 both mean one row
	ColSpan int    `json:"col_span,omitempty"`
	Header  bool   `json:"header,omitempty"` // in a header row (column titles), repeated or not
	BBox    BBox   `json:"bbox"`
	Text    string `json:"text"`
}

// HeaderRows is the number of rows at the top of t that cells marked
// Header cover.
func (t *Table) HeaderRows() int {
	n := 0
	for _, c := range t.Cells {
		if c.Header {
			n = max(n, c.Row+max(c.RowSpan, 1))
		}
	}
	return min(n, t.Rows)
}

// Grid lays the cells out as rows of column texts; slots covered by a
// spanning cell are empty strings.
func (t *Table) Grid() [][]string {
	if t.Rows <= 0 || t.Cols <= 0 {
		return nil
	}
	g := make([][]string, t.Rows)
	for r := range g {
		g[r] = make([]string, t.Cols)
	}
	for _, c := range t.Cells {
		if c.Row >= 0 && c.Row < t.Rows && c.Col >= 0 && c.Col < t.Cols {
			g[c.Row][c.Col] = c.Text
		}
	}
	return g
}

// Text is the table as tab-separated rows.
func (t *Table) Text() string {
	var sb strings.Builder
	for i, row := range t.Grid() {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(strings.Join(row, "\t"))
	}
	return sb.String()
}
