package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
	"github.com/assay-pdf/assay/quality"
)

func text(kind core.BlockKind, level int, lines ...string) core.Block {
	b := core.Block{Kind: kind, Level: level}
	for _, l := range lines {
		var ws []core.Word
		for _, w := range strings.Fields(l) {
			ws = append(ws, core.Word{Text: w})
		}
		b.Lines = append(b.Lines, core.Line{Words: ws})
	}
	return b
}

func sample() *merge.Result {
	table := core.Block{Kind: core.KindTable, Table: &core.Table{Rows: 2, Cols: 2, Cells: []core.Cell{
		{Row: 0, Col: 0, Text: "Name", Header: true}, {Row: 0, Col: 1, Text: "a|b", Header: true},
		{Row: 1, Col: 0, Text: "x"}, {Row: 1, Col: 1, Text: "1"},
	}}}
	return merge.Document("s.pdf", []merge.Entry{
		{Number: 1, Status: core.StatusOK, Engine: "nativetext", Quality: quality.Report{Score: 1}, Page: core.Page{Number: 1, Width: 612, Height: 792, Blocks: []core.Block{
			text(core.KindPageHeader, 0, "Running header"),
			text(core.KindHeading, 1, "Title"),
			text(core.KindParagraph, 0, "First line", "second line."),
			text(core.KindListItem, 0, "• one"),
			text(core.KindListItem, 1, "2. two"),
			table,
		}}},
		{Number: 2, Status: core.StatusTimeout, Err: core.ErrTimeout, Attempts: []merge.Attempt{{Engine: "nativetext", Status: core.StatusTimeout, Err: core.ErrTimeout}}},
	})
}

func TestMarkdown(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := Markdown(&buf, sample(), MarkdownOptions{PageMarkers: true}); err != nil {
		t.Fatal(err)
	}
	want := `<!-- page 1 -->

# Title

First line second line.

- one
  2. two

| Name | a\|b |
| --- | --- |
| x | 1 |

<!-- page 2 (timeout: timed out) -->
`
	if got := buf.String(); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
	buf.Reset()
	_ = Markdown(&buf, sample(), MarkdownOptions{HeadersFooters: true})
	if !strings.HasPrefix(buf.String(), "Running header\n\n# Title") {
		t.Fatalf("headers kept and markers off: %q", buf.String())
	}
}

func TestJSONHasEveryPage(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := JSON(&buf, sample(), JSONOptions{Words: true}); err != nil {
		t.Fatal(err)
	}
	var d jsonDoc
	if err := json.Unmarshal(buf.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	if d.Version != SchemaVersion || len(d.Pages) != 2 || d.Status != "timeout" {
		t.Fatalf("doc %+v", d)
	}
	if p := d.Pages[1]; p.Status != "timeout" || p.Error == nil || p.Error.Code != "timeout" || len(p.Attempts) != 1 {
		t.Fatalf("page 2 %+v", p)
	}
	if b := d.Pages[0].Blocks[5]; b.Table == nil || len(b.Table.Cells) != 4 {
		t.Fatalf("table block %+v", b)
	}
}

func TestJSONDocumentError(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	res := &merge.Result{Source: "x.pdf", Status: core.StatusFailed, Err: errors.Join(core.ErrEncrypted)}
	if err := JSON(&buf, res, JSONOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"code":"encrypted"`) || !strings.Contains(buf.String(), `"pages":[]`) {
		t.Fatalf("got %s", buf.String())
	}
}

func TestExplain(t *testing.T) {
	t.Parallel()
	res := sample()
	res.Entries[0].Class = "born_digital"
	res.Entries[0].Plan = []string{"nativetext", "ocr"}
	res.Entries[0].Analysis = "812 glyphs in 2 fonts, no images"
	res.Entries[0].Attempts = []merge.Attempt{{Engine: "nativetext", Status: core.StatusOK, Score: 0.97},
		{Engine: "ocr", Status: core.StatusOK, Regions: true, Reread: true, Elapsed: 94 * time.Millisecond}}
	var buf bytes.Buffer
	if err := Explain(&buf, res); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"page 1: ok by nativetext", "class    born_digital: 812 glyphs", "plan     nativetext → ocr", "try 1    nativetext: ok, score 0.97",
		"try 2    ocr (reread): ok, 94 ms\n", "page 2: timeout", "no engine produced the page"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("explain lacks %q:\n%s", want, buf.String())
		}
	}
}

// part is a table of rows, the first marked header when header is set.
func part(continues, header bool, rows ...[]string) core.Block {
	t := &core.Table{Rows: len(rows), Cols: len(rows[0]), Continues: continues}
	for r, row := range rows {
		for c, s := range row {
			t.Cells = append(t.Cells, core.Cell{Row: r, Col: c, Text: s, Header: header && r == 0})
		}
	}
	return core.Block{Kind: core.KindTable, Table: t}
}

func TestMarkdownTableOverPages(t *testing.T) {
	t.Parallel()
	head := []string{"No.", "Name"}
	footer := text(core.KindPageFooter, 0, "Page 1")
	header := text(core.KindPageHeader, 0, "Report")
	page := func(n int, blocks ...core.Block) merge.Entry {
		return merge.Entry{Number: n, Status: core.StatusOK, Page: core.Page{Number: n, Blocks: blocks}}
	}
	cases := []struct {
		name  string
		pages []merge.Entry
		opts  MarkdownOptions
		want  string
	}{
		{"repeated header dropped, markers after",
			[]merge.Entry{
				page(1, text(core.KindParagraph, 0, "Intro."), part(false, true, head, []string{"1", "a"}), footer),
				page(2, header, part(true, true, head, []string{"2", "b"})),
				page(3, part(true, true, head, []string{"3", "c"}), text(core.KindParagraph, 0, "After.")),
			},
			MarkdownOptions{PageMarkers: true},
			"<!-- page 1 -->\n\nIntro.\n\n| No. | Name |\n| --- | --- |\n| 1 | a |\n| 2 | b |\n| 3 | c |\n\n<!-- page 2 -->\n\n<!-- page 3 -->\n\nAfter.\n"},
		{"headers and footers held until the table ends",
			[]merge.Entry{
				page(1, part(false, true, head, []string{"1", "a"}), footer),
				page(2, header, part(true, false, []string{"2", "b"})),
			},
			MarkdownOptions{HeadersFooters: true},
			"| No. | Name |\n| --- | --- |\n| 1 | a |\n| 2 | b |\n\nPage 1\n\nReport\n"},
		{"a part that does not continue",
			[]merge.Entry{
				page(1, part(false, true, head, []string{"1", "a"})),
				page(2, part(false, true, head, []string{"2", "b"})),
			},
			MarkdownOptions{},
			"| No. | Name |\n| --- | --- |\n| 1 | a |\n\n| No. | Name |\n| --- | --- |\n| 2 | b |\n"},
		{"other columns are a new table",
			[]merge.Entry{
				page(1, part(false, true, head, []string{"1", "a"})),
				page(2, part(true, true, []string{"A", "B", "C"}, []string{"1", "2", "3"})),
			},
			MarkdownOptions{},
			"| No. | Name |\n| --- | --- |\n| 1 | a |\n\n| A | B | C |\n| --- | --- | --- |\n| 1 | 2 | 3 |\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			if err := Markdown(&buf, merge.Document("t.pdf", c.pages), c.opts); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

func TestJSONContinues(t *testing.T) {
	t.Parallel()
	res := merge.Document("t.pdf", []merge.Entry{{Number: 1, Status: core.StatusOK, Page: core.Page{Number: 1, Blocks: []core.Block{
		part(true, false, []string{"1", "a"}),
	}}}})
	var buf bytes.Buffer
	if err := JSON(&buf, res, JSONOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"continues":true`) {
		t.Fatalf("no continues in %s", buf.String())
	}
}

// With words, JSON names a word's join to the next (join_next) beside its
// script flags: what a reader needs to put 'x' and its raised '2' back
// together as drawn.
func TestJSONWordsJoinNext(t *testing.T) {
	t.Parallel()
	b := core.Block{Kind: core.KindParagraph, Lines: []core.Line{{Words: []core.Word{
		{Text: "x", Flags: core.FlagJoinNext}, {Text: "2", Flags: core.FlagSuperscript},
	}}}}
	res := merge.Document("t.pdf", []merge.Entry{{Number: 1, Status: core.StatusOK, Page: core.Page{Number: 1, Blocks: []core.Block{b}}}})
	var buf bytes.Buffer
	if err := JSON(&buf, res, JSONOptions{Words: true}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"flags":["join_next"]`, `"flags":["superscript"]`, `"text":"x2"`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("no %s in %s", want, buf.String())
		}
	}
}

func TestMarkdownFigureText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		b    core.Block
		want string
	}{
		{"lines read in a picture", text(core.KindFigure, 0, "Revenue 2024", "Q1  Q2"), "> Revenue 2024\n> Q1 Q2"},
		{"a picture without text", core.Block{Kind: core.KindFigure}, ""},
		{"a described picture", core.Block{Kind: core.KindFigure, Content: "A chart of revenue\n\nby quarter"}, "> A chart of revenue\n> by quarter"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := blockMarkdown(&tc.b); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// Words raised or lowered off their line are written in HTML's sup and
// sub, glued to the word before them where the engine joined them
// (core.FlagJoinNext); a list item's bullet or number stays plain for the
// item's marker, a raised stop stays punctuation, and a footnote opening
// with its number is not escaped as an HTML block.
func TestMarkdownScripts(t *testing.T) {
	t.Parallel()
	w := func(text string, f core.WordFlags) core.Word { return core.Word{Text: text, Flags: f} }
	line := func(ws ...core.Word) core.Block {
		return core.Block{Kind: core.KindParagraph, Lines: []core.Line{{Words: ws}}}
	}
	item := func(b core.Block) core.Block { b.Kind = core.KindListItem; return b }
	for _, tc := range []struct {
		name string
		b    core.Block
		want string
	}{
		{"a power and a formula", line(w("as", 0), w("x", core.FlagJoinNext), w("2", core.FlagSuperscript), w("in", 0), w("CO", core.FlagJoinNext), w("2", core.FlagSubscript|core.FlagJoinNext), w(".", 0)),
			"as x<sup>2</sup> in CO<sub>2</sub>."},
		{"a footnote's number", line(w("1", core.FlagSuperscript), w("See", 0), w("the", 0), w("annex.", 0)), "<sup>1</sup> See the annex."},
		{"a raised stop", line(w("end", core.FlagJoinNext), w(".", core.FlagSuperscript)), "end."},
		{"a list's raised bullet", item(line(w("▶", core.FlagSuperscript), w("File", 0), w("once", core.FlagJoinNext), w("2", core.FlagSuperscript))), "- File once<sup>2</sup>"},
		{"an affiliation's letter", line(w("Ann", 0), w("Gale", core.FlagJoinNext), w("a", core.FlagSuperscript)), "Ann Gale<sup>a</sup>"},
		{"a fraction's numerator set small", line(w("∂F", core.FlagSuperscript), w("(p)", 0)), "∂F (p)"},
		{"no scripts", line(w("plain", 0), w("text", 0)), "plain text"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := blockMarkdown(&tc.b); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// A failed page's marker carries one line of reason, never a stack.
func TestPageMarkerOneLine(t *testing.T) {
	t.Parallel()
	e := merge.Entry{Number: 2, Status: core.StatusFailed, Err: errors.New("engine crashed: panic: boom\n\tmain.f (a.go:3)\n\tmain.g (a.go:9)")}
	if got := pageMarker(e); got != "<!-- page 2 (failed: engine crashed: panic: boom) -->" {
		t.Errorf("marker %q", got)
	}
}

// runOnPages is two pages whose paragraph the page break cuts: page 2's
// first block (after its running head) continues page 1's last, unless
// continues is false.
func runOnPages(continues bool) *merge.Result {
	second := text(core.KindParagraph, 0, "page break cut.")
	second.Continues = continues
	return merge.Document("s.pdf", []merge.Entry{
		{Number: 1, Status: core.StatusOK, Engine: "nativetext", Quality: quality.Report{Score: 1}, Page: core.Page{Number: 1, Blocks: []core.Block{
			text(core.KindParagraph, 0, "A sentence that the"),
		}}},
		{Number: 2, Status: core.StatusOK, Engine: "nativetext", Quality: quality.Report{Score: 1}, Page: core.Page{Number: 2, Blocks: []core.Block{
			text(core.KindPageHeader, 0, "Running head"), second, text(core.KindParagraph, 0, "Next paragraph."),
		}}},
	})
}

// TestMarkdownRunsOnOverPages: a paragraph that continues the last one of
// the page before is written as one paragraph with it, the page marker a
// comment inside it; not with a running head written between them, nor
// when another engine's reading of the page before was kept.
func TestMarkdownRunsOnOverPages(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name      string
		continues bool
		markers   bool
		heads     bool // running heads written
		want      string
	}{
		{"joined", true, false, false, "A sentence that the page break cut.\n\nNext paragraph.\n"},
		{"joined with its marker", true, true, false, "<!-- page 1 -->\n\nA sentence that the <!-- page 2 --> page break cut.\n\nNext paragraph.\n"},
		{"apart", false, false, false, "A sentence that the\n\npage break cut.\n\nNext paragraph.\n"},
		{"a running head between", true, false, true, "A sentence that the\n\nRunning head\n\npage break cut.\n\nNext paragraph.\n"},
	} {
		var buf bytes.Buffer
		if err := Markdown(&buf, runOnPages(c.continues), MarkdownOptions{PageMarkers: c.markers, HeadersFooters: c.heads}); err != nil {
			t.Fatal(err)
		}
		if got := buf.String(); got != c.want {
			t.Errorf("%s:\n%q\nwant\n%q", c.name, got, c.want)
		}
	}
	// The page before read by another engine: the flag was judged against
	// a reading that was not kept.
	res := runOnPages(true)
	res.Entries[0].Engine = "ocr"
	var buf bytes.Buffer
	if err := Markdown(&buf, res, MarkdownOptions{}); err != nil {
		t.Fatal(err)
	}
	if want := "A sentence that the\n\npage break cut.\n\nNext paragraph.\n"; buf.String() != want {
		t.Errorf("page 1 read by another engine:\n%q\nwant\n%q", buf.String(), want)
	}
	if chunks, err := BuildChunks(res, ChunkOptions{}); err != nil || len(chunks) != 1 || !strings.Contains(chunks[0].Text, "the\n\npage break") {
		t.Errorf("page 1 read by another engine: chunks %+v, %v", chunks, err)
	}
}

// TestListItemMarks: an item's bullet, whichever the PDF drew
// (textclean.Bullet: Beamer's triangle, Word's private-use bullet),
// becomes Markdown's; an ordinal stays; a word that is no bullet stays
// the item's first word.
func TestListItemMarks(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"• one": "- one", "▸ one": "- one", "\uf0b7 one": "- one", "◆ one": "- one", "•": "- ",
		"2. two": "2. two", "a) two": "a) two", "Alpha beta": "- Alpha beta",
	} {
		if got := listItem(in); got != want {
			t.Errorf("listItem(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPlainStart: a paragraph whose text starts as Markdown starts
// another kind of block is escaped, so that it stays a paragraph; text
// that starts a list with a dash or an ordinal is left as it is.
func TestPlainStart(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"# the document's first outline item": `\# the document's first outline item`,
		"#":                                   `\#`, "###### six": `\###### six`, "####### seven": "####### seven", "#define X 1": "#define X 1",
		"> quoted": `\> quoted`, "```go": "\\```go", "~~~": `\~~~`,
		"<!-- a comment": `\<!-- a comment`, "<div>": `\<div>`, "< 5 ms": "< 5 ms",
		"* Corresponding author": `\* Corresponding author`, "+ more": `\+ more`, "*emphasis*": "*emphasis*",
		"---": `\---`, "* * *": `\* * *`, "- item": "- item", "1. one": "1. one", "Plain text.": "Plain text.",
	} {
		b := core.Block{Kind: core.KindParagraph, Lines: []core.Line{{Words: []core.Word{{Text: in}}}}}
		if got := blockMarkdown(&b); got != want {
			t.Errorf("blockMarkdown(%q) = %q, want %q", in, got, want)
		}
	}
}
