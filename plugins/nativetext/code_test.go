package nativetext

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestCodeBlocks: lines of code in a fixed-pitch font make a block of
// code, its lines kept apart whatever their indent; prose set in the same
// face stays a paragraph, and so does a single line of it. A shell
// command and its comment are code by the dashes of its options.
func TestCodeBlocks(t *testing.T) {
	t.Parallel()
	res := standardFonts("Times-Roman", "Courier")
	content := "BT /F1 11 Tf 14 TL 72 720 Td (The function adds its two arguments:) Tj ET " +
		"BT /F2 10 Tf 12 TL 72 690 Td (func add\\(a, b int\\) int {) Tj T* (    return a + b) Tj T* (}) Tj ET " +
		"BT /F2 10 Tf 12 TL 72 620 Td (This letter was typed on a machine with one) Tj T* (pitch for every letter, as letters were.) Tj ET " +
		"BT /F2 10 Tf 72 570 Td (go run main.go) Tj ET " +
		"BT /F2 10 Tf 12 TL 72 520 Td (certbot renew --deploy-hook \"systemctl reload gateway\") Tj T* (# runs twice a day from cron) Tj ET " +
		"BT /F2 10 Tf 12 TL 72 470 Td (The typist - a clerk - wrote it all in one) Tj T* (sitting, and signed it: a fine day's work.) Tj ET"
	res1, err := extractAll(t, onePage("", res, content).Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]core.BlockKind{}
	for _, b := range res1[1].Page.Blocks {
		kinds[b.Lines[0].Text()] = b.Kind
		if want := map[bool]int{true: 3, false: 2}[b.Lines[0].Words[0].Text == "func"]; b.Kind == core.KindCode && len(b.Lines) != want {
			t.Errorf("code block of %d lines, want %d: %q", len(b.Lines), want, b.Text())
		}
	}
	for first, want := range map[string]core.BlockKind{
		"func add(a, b int) int {":                    core.KindCode,
		"This letter was typed on a machine with one": core.KindParagraph,
		"go run main.go":                              core.KindParagraph,
		"The function adds its two arguments:":        core.KindParagraph,
		// A command's options are signs of code; dashes in prose are not.
		`certbot renew --deploy-hook "systemctl reload gateway"`: core.KindCode,
		"The typist - a clerk - wrote it all in one":             core.KindParagraph,
	} {
		if got, ok := kinds[first]; !ok || got != want {
			t.Errorf("block %q: %q (found %v), want %q", first, got, ok, want)
		}
	}
}

// TestCodeLineComment: a line of code and its comment, set in a
// fixed-pitch font with wide spaces between them (a manual's
// 'olItem = doc.outline    # the document's first outline item'), is one
// line, though no other line shares its gap: the gap is spaces of the
// listing, no gutter between columns.
func TestCodeLineComment(t *testing.T) {
	t.Parallel()
	res := standardFonts("Helvetica", "Courier")
	content := "BT /F1 10 Tf 40 720 Td (Entering the document's outline tree works like this:) Tj ET " +
		"BT /F2 10 Tf 44 700 Td (olItem = doc.outline) Tj ET " +
		"BT /F2 10 Tf 188 700 Td (# the first outline item) Tj ET " +
		"BT /F1 10 Tf 40 680 Td (This creates olItem as an Outline object.) Tj ET"
	lines := onePageLines(t, res, content)
	want := "olItem = doc.outline # the first outline item"
	if !slices.Contains(lines, want) {
		t.Errorf("no line %q in %q", want, lines)
	}
}

// TestListingComments: a listing's comments set in a column of their
// own beside the code (tracemonkey's assembly) are read with their
// lines; fixed-pitch text beside a listing that is no comment (a
// program's output in a panel of its own, on a slide) stays apart.
func TestListingComments(t *testing.T) {
	t.Parallel()
	res := standardFonts("Helvetica", "Courier")
	lines := func(left []string, x float64, right []string) string {
		var sb strings.Builder
		sb.WriteString("BT /F1 10 Tf 72 740 Td (A listing follows, with its comments.) Tj ET ")
		for i, l := range left {
			fmt.Fprintf(&sb, "BT /F2 9 Tf 72 %d Td (%s) Tj ET ", 720-11*i, l)
		}
		for i, r := range right {
			fmt.Fprintf(&sb, "BT /F2 9 Tf %g %d Td (%s) Tj ET ", x, 720-11*i, r)
		}
		sb.WriteString("BT /F1 10 Tf 72 600 Td (And prose goes on under it.) Tj ET")
		return sb.String()
	}
	code := []string{"mov edx, ebx\\(748\\)", "mov edi\\(0\\), edx", "mov esi, ebx\\(764\\)"}
	joined := func(ls []string, a, b string) bool {
		for _, l := range ls {
			if strings.Contains(l, a) && strings.Contains(l, b) {
				return true
			}
		}
		return false
	}
	got := onePageLines(t, res, lines(code, 200, []string{"// load primes", "// store primes", "// load k"}))
	for i, c := range []string{"load primes", "store primes", "load k"} {
		if w := strings.ReplaceAll(code[i], "\\", ""); !joined(got, w, c) {
			t.Errorf("%q is not on the line of %q: %q", c, w, got)
		}
	}
	got = onePageLines(t, res, lines(code, 300, []string{"PASS", "BenchmarkDot 1000000", "Program exited."}))
	if joined(got, "mov", "PASS") || joined(got, "mov", "Benchmark") {
		t.Errorf("a program's output beside the listing was read into its lines: %q", got)
	}
}

// TestCJKIsNoCode: lines of Chinese set in a face fixed-pitch by design
// (every character an em) with the brackets and slashes of their text
// ('{100}<001>织构', '0°/90°方位') stay a paragraph; a listing in the
// same face, its letters Latin, is code.
func TestCJKIsNoCode(t *testing.T) {
	t.Parallel()
	block := func(lines ...string) core.Block {
		var ls []core.Line
		for _, l := range lines {
			var ws []core.Word
			for w := range strings.FieldsSeq(l) {
				ws = append(ws, core.Word{Text: w, Flags: core.FlagMonospace})
			}
			ls = append(ls, core.Line{Words: ws})
		}
		return core.Block{Kind: core.KindParagraph, Lines: ls}
	}
	blocks := []core.Block{
		block("单一的{100}<001>织构将形成0°/90°方位的制耳,", "{123}<634>织构则形成45°方位的制耳;铝板经过退火处理后"),
		block("for (i = 0; i < n; i++) {", "    sum += a[i]; // 求和", "}"),
	}
	markCode(blocks)
	if got := []core.BlockKind{blocks[0].Kind, blocks[1].Kind}; got[0] != core.KindParagraph || got[1] != core.KindCode {
		t.Errorf("kinds %v; want paragraph, code", got)
	}
}
