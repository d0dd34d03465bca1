package nativetext

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// pdfBuilder writes small PDFs for tests: objects are numbered from 1 in
// the order added; object 1 must be the catalog.
type pdfBuilder struct {
	objs []string
}

// add appends an object body and returns its number.
func (b *pdfBuilder) add(body string) int {
	b.objs = append(b.objs, body)
	return len(b.objs)
}

// stream makes a stream object body from a dictionary's inner entries and
// data.
func stream(dict, data string) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data)+0, data)
}

func (b *pdfBuilder) bytes() []byte {
	var buf bytes.Buffer
	buf.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	offs := make([]int, len(b.objs))
	for i, o := range b.objs {
		offs[i] = buf.Len()
		fmt.Fprintf(&buf, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := buf.Len()
	fmt.Fprintf(&buf, "xref\n0 %d\n0000000000 65535 f \n", len(b.objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&buf, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&buf, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(b.objs)+1, xref)
	return buf.Bytes()
}

func (b *pdfBuilder) write(t testing.TB) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "test.pdf")
	if err := os.WriteFile(p, b.bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// onePage builds a one-page PDF: the page dictionary gets extra entries
// (MediaBox, Rotate, ...), resources and one content stream. Extra objects
// can be added with more; they are numbered from 5.
func onePage(pageExtra, resources, content string, more ...string) *pdfBuilder {
	b := &pdfBuilder{}
	b.add("<< /Type /Catalog /Pages 2 0 R >>")
	b.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	if !strings.Contains(pageExtra, "/MediaBox") {
		pageExtra += " /MediaBox [0 0 612 792]"
	}
	b.add(fmt.Sprintf("<< /Type /Page /Parent 2 0 R %s /Resources %s /Contents 4 0 R >>", pageExtra, resources))
	b.add(stream("", content))
	for _, m := range more {
		b.add(m)
	}
	return b
}

const helvRes = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>"

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
