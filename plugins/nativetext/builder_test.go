package nativetext

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

// The builder lives in internal/pdfdoc/pdftest; these names keep the
// tests short.
type pdfBuilder = pdftest.Builder

func stream(dict, data string) string { return pdftest.Stream(dict, data) }

func onePage(pageExtra, resources, content string, more ...string) *pdfBuilder {
	return pdftest.OnePage(pageExtra, resources, content, more...)
}

const helvRes = pdftest.Helvetica

// standardFonts is a resource dictionary with the standard fonts named,
// as /F1, /F2 and on, in their standard encodings.
func standardFonts(names ...string) string {
	var sb strings.Builder
	sb.WriteString("<< /Font <<")
	for i, n := range names {
		fmt.Fprintf(&sb, " /F%d << /Type /Font /Subtype /Type1 /BaseFont /%s >>", i+1, n)
	}
	sb.WriteString(" >> >>")
	return sb.String()
}

// extractAll runs the engine over the given pages and returns results by
// page number.
func extractAll(t testing.TB, path string, pages ...int) (map[int]core.PageResult, error) {
	t.Helper()
	out := map[int]core.PageResult{}
	for r, err := range New().Extract(context.Background(), &core.Request{Source: path, Pages: pages}) {
		if err != nil {
			return out, err
		}
		if _, dup := out[r.Page.Number]; dup {
			t.Errorf("page %d answered twice", r.Page.Number)
		}
		out[r.Page.Number] = r
	}
	return out, nil
}

// onePageLines extracts a one-page PDF of resources and content (and the
// objects more, numbered from 5) and returns the text of its lines, in
// reading order.
func onePageLines(t *testing.T, resources, content string, more ...string) []string {
	t.Helper()
	res, err := extractAll(t, onePage("", resources, content, more...).Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	return lineTexts(res[1].Page)
}

// lineTexts is the text of each line of p, block by block.
func lineTexts(p core.Page) []string {
	var lines []string
	for _, b := range p.Blocks {
		for _, l := range b.Lines {
			lines = append(lines, l.Text())
		}
	}
	return lines
}

// wantRead fails unless got, the text read, is want, or where want is
// "" unless nothing of got decoded.
func wantRead(t *testing.T, got, want string) {
	t.Helper()
	if want == "" {
		if strings.Trim(got, "\ufffd ") != "" {
			t.Errorf("read %q; want it unread", got)
		}
		return
	}
	if got != want {
		t.Errorf("read %q; want %q", got, want)
	}
}

// wantLines fails unless each of want is a line of the one-page PDF of
// Helvetica (as /F1) and content.
func wantLines(t *testing.T, content string, want []string) {
	t.Helper()
	lines := onePageLines(t, helvRes, content)
	for _, w := range want {
		if !slices.Contains(lines, w) {
			t.Errorf("line %q missing from %q", w, lines)
		}
	}
}

// onePageWords extracts a one-page PDF of resources and content and
// returns its words, in reading order, joined by spaces.
func onePageWords(t *testing.T, resources, content string) string {
	t.Helper()
	res, err := extractAll(t, onePage("", resources, content).Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(words(res[1].Page), " ")
}

// wordsCase is a page's content and the words it should read as.
type wordsCase struct{ name, content, want string }

// wantWords runs each case as a parallel subtest: its content, on a
// page with resources, reads as want.
func wantWords(t *testing.T, resources string, cases []wordsCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := onePageWords(t, resources, tc.content); got != tc.want {
				t.Errorf("words %q, want %q", got, tc.want)
			}
		})
	}
}

// words lists the page's words in reading order.
func words(p core.Page) []string {
	var ws []string
	for _, b := range p.Blocks {
		for _, l := range b.Lines {
			for _, w := range l.Words {
				ws = append(ws, w.Text)
			}
		}
	}
	return ws
}

// checkBoxes fails when a box lies outside the page.
func checkBoxes(t testing.TB, p core.Page) {
	t.Helper()
	box := p.Box()
	for _, b := range p.Blocks {
		if !b.BBox.Within(box, 0.01) {
			t.Errorf("block box %+v outside page %+v", b.BBox, box)
		}
		for _, l := range b.Lines {
			if !l.BBox.Within(box, 0.01) {
				t.Errorf("line box %+v outside page", l.BBox)
			}
			for _, w := range l.Words {
				if !w.BBox.Within(box, 0.01) || w.BBox.Empty() {
					t.Errorf("word %q box %+v outside page or empty", w.Text, w.BBox)
				}
			}
		}
	}
}
