package nativetext

import (
	"context"
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
