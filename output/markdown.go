package output

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
	"github.com/assay-pdf/assay/merge"
)

// MarkdownOptions tune the Markdown writer.
type MarkdownOptions struct {
	// PageMarkers puts "<!-- page N -->" before each page, with the status
	// for pages that are not ok.
	PageMarkers bool
	// HeadersFooters keeps running page headers and footers, which RAG
	// usually wants dropped. Without it, a note that they repeat is
	// written once (see minNoteWords).
	HeadersFooters bool
}

// Markdown writes the result as Markdown. A table continued on the next
// page (core.Table.Continues) is printed as one pipe table: the next
// part's rows follow the first part's, its repeated header rows dropped,
// and the page marker and running headers and footers that fall between
// the parts follow the table.
func Markdown(w io.Writer, res *merge.Result, opts MarkdownOptions) error {
	// Written straight into a buffer the caller passes (the CLI and the
	// library write into one), else into one of our own, grown once.
	out, direct := w.(*bytes.Buffer)
	if !direct {
		out = new(bytes.Buffer)
	}
	out.Grow(textSize(res))
	if !opts.HeadersFooters {
		res = notesOnce(res)
	}
	m := &mdWriter{opts: opts, first: true, out: out}
	for i, e := range res.Entries {
		holdTail := false
		if i+1 < len(res.Entries) {
			last := lastFlowTable(e.Page.Blocks)
			holdTail = last >= 0 && continuedAt(res.Entries[i+1].Page.Blocks, e.Page.Blocks[last].Table) >= 0
		}
		m.page(e, holdTail)
	}
	m.closeTable()
	if direct {
		return nil
	}
	_, err := w.Write(out.Bytes())
	return err
}

// textSize is about the size of the result's text (core.Block.TextSize),
// which Markdown's marks add little to.
func textSize(res *merge.Result) int {
	n := 0
	for i := range res.Entries {
		blocks := res.Entries[i].Page.Blocks
		for j := range blocks {
			n += blocks[j].TextSize()
		}
	}
	return n
}

// mdWriter writes Markdown block by block.
type mdWriter struct {
	opts  MarkdownOptions
	out   *bytes.Buffer
	first bool
	// open is the table printed last, with nothing after it yet: a part
	// on the next page that continues it joins it. head is that table's
	// first part, whose header rows later parts may repeat.
	open, head *core.Table
	// held are the page markers, headers and footers that fall between
	// the parts of a table over pages, printed when the table ends.
	held []string
	// para says that a paragraph was written last, from a page that
	// paraEngine read: a paragraph that continues it at the top of the
	// next page, read by the same engine, joins it (runOn).
	para       bool
	paraEngine string
}

// page writes one page's marker and blocks; holdTail holds back the
// headers and footers after its last block, a table the next page
// continues.
func (m *mdWriter) page(e merge.Entry, holdTail bool) {
	blocks := e.Page.Blocks
	cont := -1
	if m.open != nil {
		cont = continuedAt(blocks, m.open)
	}
	last := lastFlowTable(blocks)
	runOn := -1
	if e.Engine == m.paraEngine {
		runOn = m.runOn(blocks)
	}
	if m.opts.PageMarkers {
		switch {
		case cont >= 0:
			m.held = append(m.held, pageMarker(e))
		case runOn >= 0:
			// The marker goes inside the paragraph the page break cut,
			// where the page starts: a comment, which breaks no
			// paragraph.
			m.joinParagraph(pageMarker(e))
		default:
			m.write(pageMarker(e))
		}
	}
	for i := range blocks {
		b := &blocks[i]
		furniture := b.Kind.Furniture()
		if furniture && !m.opts.HeadersFooters {
			continue
		}
		md := blockMarkdown(b)
		switch {
		case md == "":
		case furniture && (i < cont || holdTail && i > last):
			m.held = append(m.held, md)
		case i == cont:
			m.continueTable(b.Table)
		case i == runOn:
			m.joinParagraph(md)
		case b.Kind == core.KindListItem && i > 0 && blocks[i-1].Kind == core.KindListItem && !m.first && m.open == nil:
			// Consecutive list items form one list: no blank line between them.
			m.out.WriteString(md)
			m.out.WriteString("\n")
		default:
			m.write(md)
			if b.Kind == core.KindTable && b.Table != nil && strings.HasPrefix(md, "|") {
				m.open, m.head = b.Table, b.Table
			}
			m.para, m.paraEngine = b.Kind == core.KindParagraph, e.Engine
		}
	}
}

// runOn is the index of the page's first block written when it is a
// paragraph that continues the paragraph written last
// (core.Block.Continues), else -1. A running head written between the
// two (HeadersFooters) keeps them apart. The engine that marked the
// block judged it against its own reading of the page before, so page
// asks only when that page's reading came from the same engine.
func (m *mdWriter) runOn(blocks []core.Block) int {
	if !m.para || m.open != nil {
		return -1
	}
	if i := firstWritten(blocks, m.opts.HeadersFooters); i >= 0 && blocks[i].Kind == core.KindParagraph && blocks[i].Continues {
		return i
	}
	return -1
}

// joinParagraph writes md on the line of the paragraph written last,
// after a space.
func (m *mdWriter) joinParagraph(md string) {
	m.out.Truncate(m.out.Len() - 1) // the paragraph's line end
	m.out.WriteString(" ")
	m.out.WriteString(md)
	m.out.WriteString("\n")
}

// write ends an open table, then writes a block after a blank line.
func (m *mdWriter) write(md string) {
	m.closeTable()
	m.block(md)
}

// block writes md after a blank line (none before the first).
func (m *mdWriter) block(md string) {
	m.para = false
	if !m.first {
		m.out.WriteString("\n")
	}
	m.first = false
	m.out.WriteString(md)
	m.out.WriteString("\n")
}

// closeTable ends the open table: the held markers and blocks follow it.
func (m *mdWriter) closeTable() {
	m.open, m.head = nil, nil
	held := m.held
	m.held = nil
	for _, h := range held {
		m.block(h)
	}
}

// continueTable appends a continued part's rows to the open table,
// leaving out the rows that repeat the first part's header.
func (m *mdWriter) continueTable(t *core.Table) {
	g := t.Grid()
	for _, r := range g[repeatedHeader(m.head, t):] {
		m.out.WriteString(tableRow(r))
		m.out.WriteString("\n")
	}
	m.open = t
}

// lastFlowTable is the index of the page's last block other than page
// headers and footers when it is a table, else -1.
func lastFlowTable(blocks []core.Block) int {
	for i := len(blocks) - 1; i >= 0; i-- {
		switch b := &blocks[i]; {
		case b.Kind.Furniture() || blockMarkdown(b) == "":
		case b.Kind == core.KindTable && b.Table != nil:
			return i
		default:
			return -1
		}
	}
	return -1
}

// continuedAt is the index of the page's first block other than page
// headers and footers when it is a table continuing open (Continues, as
// many columns), else -1.
func continuedAt(blocks []core.Block, open *core.Table) int {
	if open == nil {
		return -1
	}
	if i := firstWritten(blocks, false); i >= 0 {
		if t := blocks[i].Table; blocks[i].Kind == core.KindTable && t != nil && t.Continues && t.Cols == open.Cols && t.Rows > 0 {
			return i
		}
	}
	return -1
}

// firstWritten is the index of the page's first block that a writer
// prints, -1 when it prints none: one with text, not a page header or
// footer unless furniture is printed too.
func firstWritten(blocks []core.Block, furniture bool) int {
	for i := range blocks {
		if b := &blocks[i]; (furniture || !b.Kind.Furniture()) && blockMarkdown(b) != "" {
			return i
		}
	}
	return -1
}

// repeatedHeader is the number of rows at the top of t, marked header,
// that repeat the header rows of first (same texts).
func repeatedHeader(first, t *core.Table) int {
	n := t.HeaderRows()
	if first == nil || n == 0 || n != first.HeaderRows() || first.Cols != t.Cols {
		return 0
	}
	a, b := first.Grid(), t.Grid()
	for r := 0; r < n; r++ {
		for c := range a[r] {
			if cellText(a[r][c]) != cellText(b[r][c]) {
				return 0
			}
		}
	}
	return n
}

func pageMarker(e merge.Entry) string {
	if e.Status == core.StatusOK {
		return fmt.Sprintf("<!-- page %d -->", e.Number)
	}
	detail := string(e.Status)
	if e.Err != nil {
		// One line of reason; a stack or log an engine put in its error
		// belongs in the log, not in the document.
		first, _, _ := strings.Cut(e.Err.Error(), "\n")
		detail += ": " + sanitizeComment(first)
	}
	return fmt.Sprintf("<!-- page %d (%s) -->", e.Number, detail)
}

func sanitizeComment(s string) string {
	s = strings.ReplaceAll(s, "--", "- -")
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// blockMarkdown renders one block; "" for a block with no text.
func blockMarkdown(b *core.Block) string {
	switch b.Kind {
	case core.KindTable:
		if b.Table != nil {
			if t := tableMarkdown(b.Table); t != "" {
				return t
			}
		}
		return joinLines(b)
	case core.KindHeading:
		t := joinLines(b)
		if t == "" {
			return ""
		}
		level := min(max(b.Level, 1), 6)
		return strings.Repeat("#", level) + " " + t
	case core.KindListItem:
		t := joinItem(b)
		if t == "" {
			return ""
		}
		return strings.Repeat("  ", max(b.Level, 0)) + listItem(t)
	case core.KindCode:
		t := b.Text()
		if strings.TrimSpace(t) == "" {
			return ""
		}
		return "```\n" + t + "\n```"
	case core.KindFormula:
		t := joinLines(b)
		if t == "" {
			return ""
		}
		return "$$" + t + "$$"
	case core.KindFigure:
		return figureMarkdown(b)
	}
	return plainStart(joinLines(b))
}

// plainStart escapes the first character of a paragraph's text where
// Markdown would read the line as another kind of block: a heading
// ('# the document's first outline item', a Python comment set beside
// its code), a quotation, a code fence (which would take in the rest of
// the document), an HTML block or comment (which would hide it), a rule,
// or a list item whose marker is an asterisk or a plus (a footnote's
// '* Corresponding author'). A chunker that cuts sections at headings
// cut one at each. A dash, or a number and a stop, starting a
// paragraph, read as a list, keep their text, and are left.
func plainStart(t string) string {
	if t == "" {
		return t
	}
	switch c := t[0]; {
	case c == '#' && atxHeading(t),
		c == '>',
		strings.HasPrefix(t, "```"), strings.HasPrefix(t, "~~~"),
		c == '<' && len(t) > 1 && (textclean.IsASCIILetter(t[1]) || strings.ContainsRune("/!?", rune(t[1]))) && !scriptTagged(t),
		(c == '*' || c == '+') && (len(t) == 1 || t[1] == ' '),
		thematicBreak(t):
		return `\` + t
	}
	return t
}

// atxHeading says whether t, starting with '#', opens as a Markdown
// heading: one to six hashes, then a space or the end.
func atxHeading(t string) bool {
	n := len(t) - len(strings.TrimLeft(t, "#"))
	return n <= 6 && (n == len(t) || t[n] == ' ')
}

// thematicBreak says whether t is a Markdown rule: three or more of one
// of '-', '*' and '_', and spaces, alone.
func thematicBreak(t string) bool {
	c := t[0]
	if c != '-' && c != '*' && c != '_' {
		return false
	}
	return strings.Count(t, string(c)) >= 3 && strings.Trim(t, string(c)+" ") == ""
}

// figureMarkdown writes the text read in a picture (labels, a legend, a
// scanned note) as a quotation, a line of it per line read, so that it
// stays apart from the page's own paragraphs; "" for a picture without
// text.
func figureMarkdown(b *core.Block) string {
	var lines []string
	if len(b.Lines) == 0 && b.Content != "" {
		for _, l := range strings.Split(b.Content, "\n") {
			if t := textclean.CollapseSpace(l); t != "" {
				lines = append(lines, "> "+t)
			}
		}
	}
	for _, l := range b.Lines {
		var ws []string
		for _, w := range l.Words {
			ws = append(ws, strings.Fields(w.Text)...)
		}
		if len(ws) > 0 {
			lines = append(lines, "> "+strings.Join(ws, " "))
		}
	}
	return strings.Join(lines, "\n")
}

// joinLines is the block's text as one Markdown line: lines joined with a
// space, a hyphen at a line end kept as the engine left it, words raised
// or lowered off their line (core.FlagSuperscript, FlagSubscript: a
// note's number, a power, a chemical formula's count) in HTML's sup and
// sub, which Markdown passes through: 'x<sup>2</sup>', 'CO<sub>2</sub>'.
func joinLines(b *core.Block) string { return markedLines(b, nil) }

// joinItem is joinLines for a list item, whose first word, its bullet
// or its number, is written plain: listItem reads it ('▶' drawn small
// and raised is a bullet, a raised '3)' an affiliation's number).
func joinItem(b *core.Block) string {
	var marker *core.Word
	if len(b.Lines) > 0 && len(b.Lines[0].Words) > 0 {
		marker = &b.Lines[0].Words[0]
	}
	return markedLines(b, marker)
}

// markedLines is joinLines with the word plain (nil: none) written as it
// is, scripts or not.
func markedLines(b *core.Block, plain *core.Word) string {
	if !hasScripts(b) {
		return textclean.CollapseSpace(b.Text())
	}
	return textclean.CollapseSpace(b.TextFunc(func(w *core.Word) string {
		if w == plain {
			return w.Text
		}
		return scriptMarkup(w)
	}))
}

// hasScripts reports whether a word of b's lines is a super- or
// subscript.
func hasScripts(b *core.Block) bool {
	for i := range b.Lines {
		for _, w := range b.Lines[i].Words {
			if w.Flags&(core.FlagSuperscript|core.FlagSubscript) != 0 {
				return true
			}
		}
	}
	return false
}

// scriptLike reports whether a word set off its line reads as a script:
// figures with their signs ('2', '−1', '(3)', 'i=1'), a note's marks
// ('*', '†', '12,13'), or a letter or two (an affiliation's 'a', 'TM').
// A raised stop or dash is punctuation set small, and pieces of a
// formula set small (a fraction's '∂F' over its bar, a sum's 'M∈T'
// under its sign) are written as they are: sup would misname them.
func scriptLike(t string) bool {
	digits, letters := 0, 0
	for _, r := range t {
		switch {
		case unicode.IsDigit(r) || strings.ContainsRune(noteMarks, r):
			digits++
		case unicode.IsLetter(r):
			letters++
		case !strings.ContainsRune("+-−=(),.", r):
			return false
		}
	}
	return digits > 0 || letters > 0 && letters <= maxScriptLetters
}

// maxScriptLetters is the most letters of a script word that holds no
// figure: an affiliation's mark, an ordinal's ending, 'TM'.
const maxScriptLetters = 2

// scriptTagged reports whether t opens with the sup or sub that
// scriptMarkup writes (a note's number opening a footnote): inline HTML,
// which CommonMark does not read as the start of an HTML block.
func scriptTagged(t string) bool {
	return strings.HasPrefix(t, "<sup>") || strings.HasPrefix(t, "<sub>")
}

// scriptMarkup is a word's text, in sup or sub when it is a script
// (scriptLike).
func scriptMarkup(w *core.Word) string {
	switch {
	case w.Text == "" || !scriptLike(w.Text):
		return w.Text
	case w.Flags.Has(core.FlagSuperscript):
		return "<sup>" + w.Text + "</sup>"
	case w.Flags.Has(core.FlagSubscript):
		return "<sub>" + w.Text + "</sub>"
	}
	return w.Text
}

// listItem writes an item as "- text", in place of the bullet it starts
// with in the PDF (textclean.Bullet), or keeps an ordinal ("1.", "a)").
func listItem(t string) string {
	first, rest, ok := strings.Cut(t, " ")
	if textclean.Bullet(first) {
		return "- " + strings.TrimSpace(rest)
	}
	if ok && isOrdinal(first) {
		return first + " " + rest
	}
	return "- " + t
}

func isOrdinal(s string) bool {
	if len(s) < 2 || len(s) > 5 {
		return false
	}
	last := s[len(s)-1]
	if last != '.' && last != ')' {
		return false
	}
	body := s[:len(s)-1]
	for _, r := range body {
		if !(r >= '0' && r <= '9') && !(r >= 'a' && r <= 'z' && len(body) == 1) {
			return false
		}
	}
	return true
}

// tableMarkdown writes a GitHub pipe table; the first row is the header.
func tableMarkdown(t *core.Table) string {
	return gridMarkdown(t.Grid())
}

// gridMarkdown writes rows of cell texts as a pipe table; the first row
// is the header.
func gridMarkdown(g [][]string) string {
	if len(g) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString(tableRow(g[0]))
	sb.WriteString("\n|")
	for range g[0] {
		sb.WriteString(" --- |")
	}
	for _, r := range g[1:] {
		sb.WriteString("\n")
		sb.WriteString(tableRow(r))
	}
	return sb.String()
}

// tableRow writes one row of a pipe table.
func tableRow(cells []string) string {
	var sb strings.Builder
	sb.WriteString("|")
	for _, c := range cells {
		sb.WriteString(" ")
		sb.WriteString(cellText(c))
		sb.WriteString(" |")
	}
	return sb.String()
}

// cellText is a table cell's text as a pipe table holds it: spaces
// collapsed, leader dots left out (textclean.DropLeaders: 'Violent crime.
// . . . . . .' is 'Violent crime'), pipes escaped.
func cellText(s string) string {
	return strings.ReplaceAll(textclean.DropLeaders(textclean.CollapseSpace(s)), "|", `\|`)
}
