package output

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
	"github.com/assay-pdf/assay/quality"
)

// boxed is a block of kind whose words each get a box on a line of their
// own height, so parts of it can be told apart by their boxes.
func boxed(kind core.BlockKind, level int, y float64, text string) core.Block {
	b := core.Block{Kind: kind, Level: level}
	var ws []core.Word
	for i, w := range strings.Fields(text) {
		x := float64(i%20) * 20
		ws = append(ws, core.Word{Text: w, BBox: core.BBox{X0: 72 + x, Y0: y, X1: 90 + x, Y1: y + 10}})
		if i%20 == 19 {
			b.Lines = append(b.Lines, core.Line{Words: ws})
			ws, y = nil, y+12
		}
	}
	if ws != nil {
		b.Lines = append(b.Lines, core.Line{Words: ws})
	}
	for _, l := range b.Lines {
		for _, w := range l.Words {
			b.BBox = b.BBox.Union(w.BBox)
		}
	}
	return b
}

// sentences is n numbered sentences of about a dozen tokens each.
func sentences(n int) string {
	var parts []string
	for i := range n {
		parts = append(parts, fmt.Sprintf("Sentence number %d tells of rivers, hills and the sea.", i+1))
	}
	return strings.Join(parts, " ")
}

// onePage is a result of one page read by nativetext with the blocks.
func onePage(blocks ...core.Block) *merge.Result {
	return merge.Document("doc.pdf", []merge.Entry{{Number: 1, Status: core.StatusOK, Engine: "nativetext",
		Quality: quality.Report{Score: 0.9}, Page: core.Page{Number: 1, Width: 612, Height: 792, Blocks: blocks}}})
}

// build chunks res and checks what holds for every chunk: its tokens are
// the tokenizer's count of its text, it has pages and kinds, and it fits
// the bound unless it is one table row with its header.
func build(t *testing.T, res *merge.Result, opts ChunkOptions) []Chunk {
	t.Helper()
	chunks, err := BuildChunks(res, opts)
	if err != nil {
		t.Fatal(err)
	}
	tok, _ := NewTokenizer(EncodingCl100k)
	bound := cmp.Or(opts.MaxTokens, DefaultChunkTokens)
	for _, c := range chunks {
		if n, _ := tok.Count(c.Text); n != c.Tokens {
			t.Errorf("%s: tokens %d, the tokenizer counts %d", c.ID, c.Tokens, n)
		}
		if len(c.Pages) == 0 || len(c.Kinds) == 0 {
			t.Errorf("%s: pages %v, boxes %v, kinds %v", c.ID, c.Pages, c.BBoxes, c.Kinds)
		}
		if c.Tokens > bound && !oneTableRow(c) {
			t.Errorf("%s: %d tokens over the bound %d:\n%s", c.ID, c.Tokens, bound, c.Text)
		}
	}
	return chunks
}

// oneTableRow reports a chunk that is one pipe table with one body row.
func oneTableRow(c Chunk) bool {
	lines := strings.Split(c.Text, "\n")
	return slices.Equal(c.Kinds, []string{"table"}) && len(lines) <= 3 && strings.HasPrefix(lines[0], "|")
}

func TestChunksOfTheSample(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := Chunks(&buf, sample(), ChunkOptions{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 1 {
		t.Fatalf("%d chunks, want 1:\n%s", len(lines), buf.String())
	}
	var c Chunk
	if err := json.Unmarshal([]byte(lines[0]), &c); err != nil {
		t.Fatal(err)
	}
	want := "# Title\n\nFirst line second line.\n\n- one\n  2. two\n\n| Name | a\\|b |\n| --- | --- |\n| x | 1 |"
	if c.Text != want || c.ID != "s-0001" || !slices.Equal(c.HeadingPath, []string{"Title"}) {
		t.Fatalf("chunk %+v\ntext:\n%s", c, c.Text)
	}
	if !slices.Equal(c.Kinds, []string{"heading", "paragraph", "list_item", "table"}) || !slices.Equal(c.Pages, []int{1}) {
		t.Fatalf("kinds %v pages %v", c.Kinds, c.Pages)
	}
	if c.Engine != "nativetext" || c.Quality != 1 || strings.Contains(buf.String(), "Running header") {
		t.Fatalf("engine %q quality %v, or the running header is in:\n%s", c.Engine, c.Quality, buf.String())
	}
}

func TestChunkHeadingPath(t *testing.T) {
	t.Parallel()
	res := onePage(
		text(core.KindParagraph, 0, "Before any heading."),
		text(core.KindHeading, 1, "A"), text(core.KindParagraph, 0, "In A."),
		text(core.KindHeading, 2, "B"), text(core.KindParagraph, 0, "In B."),
		text(core.KindHeading, 2, "C"), text(core.KindHeading, 3, "C.1"), text(core.KindParagraph, 0, "In C.1."),
		text(core.KindHeading, 1, "D"), text(core.KindParagraph, 0, "In D."),
		text(core.KindHeading, 2, "E"),
	)
	want := []struct {
		text string
		path []string
	}{
		{"Before any heading.", []string{}},
		{"# A\n\nIn A.", []string{"A"}},
		{"## B\n\nIn B.", []string{"A", "B"}},
		{"## C\n\n### C.1\n\nIn C.1.", []string{"A", "C", "C.1"}}, // a heading with nothing under it joins the next
		{"# D\n\nIn D.", []string{"D"}},
		{"## E", []string{"D", "E"}}, // a last heading is still written
	}
	chunks := build(t, res, ChunkOptions{})
	if len(chunks) != len(want) {
		t.Fatalf("%d chunks, want %d: %+v", len(chunks), len(want), chunks)
	}
	for i, w := range want {
		if c := chunks[i]; c.Text != w.text || !slices.Equal(c.HeadingPath, w.path) {
			t.Errorf("chunk %d: %q under %q, want %q under %q", i, c.Text, c.HeadingPath, w.text, w.path)
		}
	}
}

func TestChunkLongText(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		block core.Block
		// each part must end like this
		ends func(string) bool
	}{
		{"a paragraph is cut at sentences", boxed(core.KindParagraph, 0, 100, sentences(40)),
			func(s string) bool { return strings.HasSuffix(s, ".") }},
		{"a sentence too long is cut at words", boxed(core.KindParagraph, 0, 100, strings.Repeat("word and ", 300)+"end."),
			func(s string) bool { return !strings.HasSuffix(s, " ") }},
		{"a word too long is sliced", boxed(core.KindParagraph, 0, 100, strings.Repeat("abcdefgh", 200)),
			func(string) bool { return true }},
		{"code is cut at lines, each part fenced", core.Block{Kind: core.KindCode, Content: strings.Repeat("x := compute(y, z) // a line of code\n", 60)},
			func(s string) bool { return strings.HasPrefix(s, "```\n") && strings.HasSuffix(s, "\n```") }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := onePage(tc.block)
			chunks := build(t, res, ChunkOptions{MaxTokens: 64})
			if len(chunks) < 3 {
				t.Fatalf("%d chunks", len(chunks))
			}
			var joined []string
			for _, c := range chunks {
				if !tc.ends(c.Text) {
					t.Errorf("%s does not end as it should: %q", c.ID, c.Text)
				}
				joined = append(joined, c.Text)
			}
			var md bytes.Buffer
			_ = Markdown(&md, res, MarkdownOptions{})
			if squash(strings.Join(joined, "")) != squash(md.String()) {
				t.Errorf("the chunks joined are not the Markdown")
			}
		})
	}
}

// squash drops whitespace and code fences, which cutting adds.
func squash(s string) string {
	s = strings.ReplaceAll(s, "```", "")
	return strings.Join(strings.Fields(s), "")
}

func TestChunkPartsHaveTheirWordsBoxes(t *testing.T) {
	t.Parallel()
	chunks := build(t, onePage(boxed(core.KindParagraph, 0, 100, sentences(30))), ChunkOptions{MaxTokens: 64})
	for i := 1; i < len(chunks); i++ {
		prev, cur := chunks[i-1].BBoxes[0].BBox, chunks[i].BBoxes[0].BBox
		if cur[1] < prev[1] || cur == prev {
			t.Errorf("part %d's box %v is not below part %d's %v", i, cur, i-1, prev)
		}
	}
}

// A word joined to the next (core.FlagJoinNext) is one word of the
// Markdown with it, 'x<sup>2</sup>' or a word broken at its line's end
// and mended: its box and the next word's make that word's box, so the
// boxes still line up with the Markdown's words.
func TestWordBoxesOfJoinedWords(t *testing.T) {
	t.Parallel()
	bb := func(x0, y0 float64) core.BBox { return core.BBox{X0: x0, Y0: y0, X1: x0 + 10, Y1: y0 + 10} }
	b := core.Block{Kind: core.KindParagraph, Lines: []core.Line{
		{Words: []core.Word{{Text: "area", BBox: bb(0, 0)}, {Text: "x", BBox: bb(20, 0), Flags: core.FlagJoinNext}, {Text: "2", BBox: bb(30, 0), Flags: core.FlagSuperscript}, {Text: "exam", BBox: bb(50, 0), Flags: core.FlagJoinNext}}},
		{Words: []core.Word{{Text: "ple", BBox: bb(0, 20)}, {Text: "here", BBox: bb(20, 20)}}},
	}}
	md := joinLines(&b)
	boxes := wordBoxes(&b, len(strings.Fields(md)))
	want := []core.BBox{bb(0, 0), bb(20, 0).Union(bb(30, 0)), bb(50, 0).Union(bb(0, 20)), bb(20, 20)}
	if !slices.Equal(boxes, want) {
		t.Errorf("Markdown %q: boxes %v, want %v", md, boxes, want)
	}
}

func TestChunkOverlap(t *testing.T) {
	t.Parallel()
	res := onePage(
		text(core.KindHeading, 1, "Rivers"),
		boxed(core.KindParagraph, 0, 100, sentences(20)),
		text(core.KindHeading, 1, "Hills"),
		boxed(core.KindParagraph, 0, 400, sentences(3)),
	)
	const overlap = 12
	chunks := build(t, res, ChunkOptions{MaxTokens: 80, Overlap: overlap})
	tok, _ := NewTokenizer("")
	for i, c := range chunks {
		if c.Overlap == 0 {
			if i > 0 && slices.Equal(c.HeadingPath, chunks[i-1].HeadingPath) {
				t.Errorf("%s continues %s with no overlap", c.ID, chunks[i-1].ID)
			}
			continue
		}
		repeated := strings.TrimSuffix(c.Text, c.OwnText())
		if n, _ := tok.Count(repeated); n > overlap || !strings.HasSuffix(chunks[i-1].Text, repeated) {
			t.Errorf("%s repeats %q (%d tokens), not the end of %q", c.ID, repeated, n, chunks[i-1].Text)
		}
		if c.HeadingPath[0] != chunks[i-1].HeadingPath[0] {
			t.Errorf("%s overlaps across a heading", c.ID)
		}
	}
	if last := chunks[len(chunks)-1]; last.Overlap != 0 || !strings.HasPrefix(last.Text, "# Hills") {
		t.Errorf("the new section starts with overlap: %+v", last)
	}
}

func TestChunkIDsAreStable(t *testing.T) {
	t.Parallel()
	res := onePage(boxed(core.KindParagraph, 0, 100, sentences(30)))
	a := build(t, res, ChunkOptions{MaxTokens: 64, DocID: "report-1a2b"})
	b := build(t, res, ChunkOptions{MaxTokens: 64, DocID: "report-1a2b"})
	if len(a) != len(b) || a[0].ID != "report-1a2b-0001" || a[len(a)-1].ID != b[len(b)-1].ID {
		t.Fatalf("ids %s..%s and %s..%s", a[0].ID, a[len(a)-1].ID, b[0].ID, b[len(b)-1].ID)
	}
}

func TestChunkOptionsAreChecked(t *testing.T) {
	t.Parallel()
	for _, o := range []ChunkOptions{{MaxTokens: 8}, {MaxTokens: 100, Overlap: 50}, {Overlap: -1}} {
		if _, err := BuildChunks(sample(), o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	if _, err := NewTokenizer("p50k_base"); err == nil {
		t.Error("an encoding that is not linked in gave no error")
	}
}

// longTable is a table of rows body rows over pages pages, each part with
// the header row repeated and boxes on its rows, a running header and
// footer on every page, and a paragraph after it.
func longTable(pages, rows int, header ...[]string) *merge.Result {
	var entries []merge.Entry
	n := 0
	for p := 1; p <= pages; p++ {
		t := &core.Table{Cols: 3, Continues: p > 1}
		add := func(cells []string, head bool) {
			y := 100 + float64(t.Rows)*14
			for c, s := range cells {
				t.Cells = append(t.Cells, core.Cell{Row: t.Rows, Col: c, Text: s, Header: head, BBox: core.BBox{X0: 72 + float64(c)*100, Y0: y, X1: 160 + float64(c)*100, Y1: y + 12}})
			}
			t.Rows++
		}
		for _, h := range header {
			add(h, true)
		}
		for range rows / pages {
			n++
			add([]string{fmt.Sprint(n), fmt.Sprintf("item %d", n), fmt.Sprintf("%d.00", n*7)}, false)
		}
		blocks := []core.Block{text(core.KindPageHeader, 0, "Annual Report")}
		if p == 1 {
			blocks = append(blocks, text(core.KindHeading, 1, "Accounts"))
		}
		blocks = append(blocks, core.Block{Kind: core.KindTable, Table: t, BBox: core.BBox{X0: 72, Y0: 100, X1: 372, Y1: 700}})
		if p == pages {
			blocks = append(blocks, text(core.KindParagraph, 0, "The table ends here."))
		}
		blocks = append(blocks, text(core.KindPageFooter, 0, fmt.Sprintf("Page %d of %d", p, pages)))
		entries = append(entries, merge.Entry{Number: p, Status: core.StatusOK, Engine: "nativetext", Quality: quality.Report{Score: 1}, Page: core.Page{Number: p, Blocks: blocks}})
	}
	return merge.Document("accounts.pdf", entries)
}

func TestChunkTables(t *testing.T) {
	t.Parallel()
	head := []string{"No.", "Item", "Amount"}
	cases := []struct {
		name    string
		res     *merge.Result
		max     int
		rows    int
		header  string
		oneLine bool // the table fits one chunk
	}{
		{"a table that fits is kept whole", longTable(3, 12, head), 512, 12, "| No. | Item | Amount |", true},
		{"a long table repeats its header in every part", longTable(3, 90, head), 128, 90, "| No. | Item | Amount |", false},
		{"two header rows are both repeated", longTable(3, 90, []string{"", "Budget", ""}, head), 128, 90, "|  | Budget |  |\n| --- | --- | --- |\n| No. | Item | Amount |", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			chunks := build(t, tc.res, ChunkOptions{MaxTokens: tc.max})
			var rows []string
			var perPart []int // body rows in each chunk
			for _, c := range chunks {
				if strings.Contains(c.Text, "Annual Report") || strings.Contains(c.Text, "Page ") {
					t.Errorf("%s holds a running header or footer:\n%s", c.ID, c.Text)
				}
				if !slices.Equal(c.HeadingPath, []string{"Accounts"}) {
					t.Errorf("%s under %q", c.ID, c.HeadingPath)
				}
				table := c.Text[strings.Index(c.Text, "|"):]
				if !strings.HasPrefix(table, tc.header) {
					t.Errorf("%s does not start its table with the header:\n%s", c.ID, c.Text)
				}
				before := len(rows)
				for _, l := range strings.Split(table, "\n") {
					if strings.HasPrefix(l, "| ") && l[2] >= '0' && l[2] <= '9' {
						rows = append(rows, l)
					}
				}
				perPart = append(perPart, len(rows)-before)
				for _, b := range c.BBoxes {
					if !slices.Contains(c.Pages, b.Page) {
						t.Errorf("%s: box on page %d, pages %v", c.ID, b.Page, c.Pages)
					}
				}
			}
			last := chunks[len(chunks)-1]
			if !strings.HasSuffix(last.Text, "The table ends here.") || (len(chunks) == 1) != tc.oneLine {
				t.Errorf("%d chunks, the last:\n%s", len(chunks), last.Text)
			}
			for i, r := range rows {
				if !strings.HasPrefix(r, fmt.Sprintf("| %d |", i+1)) {
					t.Fatalf("row %d is %q: rows lost, repeated or out of order", i+1, r)
				}
			}
			if len(rows) != tc.rows {
				t.Errorf("%d rows, want %d", len(rows), tc.rows)
			}
			if most := slices.Max(perPart); 2*perPart[len(perPart)-1] < most {
				t.Errorf("rows per part %v: the parts are not even", perPart)
			}
		})
	}
}

// One row with the header that is longer than the bound is the one unit
// that is never cut: its chunk alone exceeds the bound.
func TestChunkTableRowOverTheBound(t *testing.T) {
	t.Parallel()
	long := strings.TrimSpace(strings.Repeat("a long cell ", 40))
	res := onePage(part(false, true, []string{"A", "B"}, []string{"1", "x"}, []string{"2", long}, []string{"3", "y"}))
	chunks := build(t, res, ChunkOptions{MaxTokens: 32})
	over := 0
	for _, c := range chunks {
		if c.Tokens > 32 {
			over++
			if !strings.Contains(c.Text, long) || strings.Count(c.Text, "\n") != 2 {
				t.Errorf("the chunk over the bound is not the long row alone:\n%s", c.Text)
			}
		}
	}
	if over != 1 || len(chunks) != 3 {
		t.Errorf("%d chunks, %d over the bound", len(chunks), over)
	}
}

// The counts are tiktoken's: OpenAI's cookbook gives cl100k_base's ids for
// this text as 83 1609 5963 374 2294 0.
func TestTokenizerCountsLikeTiktoken(t *testing.T) {
	t.Parallel()
	for _, enc := range Encodings {
		tok, err := NewTokenizer(enc)
		if err != nil {
			t.Fatal(err)
		}
		if n, err := tok.Count("tiktoken is great!"); n != 6 || err != nil {
			t.Errorf("%s: %d tokens (%v), want 6", enc, n, err)
		}
	}
}

// A table that fits a chunk but not beside its heading is kept whole; the
// heading goes out alone, and the table's chunk is still under it.
func TestChunkTableKeptWholeAfterItsHeading(t *testing.T) {
	t.Parallel()
	res := longTable(1, 12, []string{"No.", "Item", "Amount"})
	whole := build(t, res, ChunkOptions{MaxTokens: 512})[0]
	table := whole.Text[strings.Index(whole.Text, "|") : strings.LastIndex(whole.Text, "|")+1]
	tok, _ := NewTokenizer("")
	n, _ := tok.Count(table)
	chunks := build(t, res, ChunkOptions{MaxTokens: n + 1})
	if len(chunks) < 2 || chunks[0].Text != "# Accounts" || chunks[1].Text != table || !slices.Equal(chunks[1].HeadingPath, []string{"Accounts"}) {
		t.Fatalf("chunks %+v", chunks)
	}
}

// Headings with nothing under them that fill a chunk go out under their
// own path, not the next heading's.
func TestChunkRunOfHeadings(t *testing.T) {
	t.Parallel()
	var blocks []core.Block
	for i := range 12 {
		blocks = append(blocks, text(core.KindHeading, 2, fmt.Sprintf("Heading number %d of a long run", i)))
	}
	chunks := build(t, onePage(append(blocks, text(core.KindParagraph, 0, "At last, text."))...), ChunkOptions{MaxTokens: 40})
	for _, c := range chunks {
		lines := strings.Split(c.Text, "\n\n")
		last := strings.TrimPrefix(lines[len(lines)-1], "## ")
		if !strings.HasPrefix(last, "At last") && c.HeadingPath[0] != last {
			t.Errorf("%s ends with %q under %q", c.ID, last, c.HeadingPath)
		}
	}
}

// Overlap counts characters, not bytes, so that a consumer in Python can
// cut text[overlap:].
func TestChunkOverlapCountsCharacters(t *testing.T) {
	t.Parallel()
	para := strings.Repeat("Le café était déjà fermé à midi. ", 30)
	chunks := build(t, onePage(boxed(core.KindParagraph, 0, 100, para)), ChunkOptions{MaxTokens: 64, Overlap: 16})
	if len(chunks) < 2 || chunks[1].Overlap == 0 {
		t.Fatalf("no overlap: %+v", chunks)
	}
	c := chunks[1]
	repeated := string([]rune(c.Text)[:c.Overlap])
	if !strings.HasSuffix(chunks[0].Text, repeated) || repeated+c.OwnText() != c.Text || !strings.HasPrefix(c.OwnText(), " ") {
		t.Errorf("overlap %d: %q then %q", c.Overlap, repeated, c.OwnText())
	}
}

// TestChunkRunsOnOverPages: a paragraph that continues the last one of
// the page before is one paragraph of the chunk, as Markdown writes it.
func TestChunkRunsOnOverPages(t *testing.T) {
	t.Parallel()
	chunks, err := BuildChunks(runOnPages(true), ChunkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(chunks) != 1 || chunks[0].Text != "A sentence that the page break cut.\n\nNext paragraph." || !slices.Equal(chunks[0].Pages, []int{1, 2}) {
		t.Fatalf("chunks %+v", chunks)
	}
}
