package pdftest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Builder writes small PDFs for tests: objects are numbered from 1 in
// the order added; object 1 must be the catalog.
type Builder struct {
	objs []string
}

// Add appends an object body and returns its number.
func (b *Builder) Add(body string) int {
	b.objs = append(b.objs, body)
	return len(b.objs)
}

// Stream makes a stream object body from a dictionary's inner entries and
// data.
func Stream(dict, data string) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data)+0, data)
}

// Set replaces the body of object n (numbered from 1): a test changes
// the catalog that OnePage or Pages wrote, say.
func (b *Builder) Set(n int, body string) *Builder {
	b.objs[n-1] = body
	return b
}

// Bytes is the file: header, objects, cross-reference table and trailer.
func (b *Builder) Bytes() []byte {
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

// Write saves the file in a temporary directory of t and returns its path.
func (b *Builder) Write(t testing.TB) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "test.pdf")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// OnePage builds a one-page PDF: the page dictionary gets extra entries
// (MediaBox, Rotate, ...), resources and one content stream. Extra objects
// can be added with more; they are numbered from 5.
func OnePage(pageExtra, resources, content string, more ...string) *Builder {
	b := &Builder{}
	b.Add("<< /Type /Catalog /Pages 2 0 R >>")
	b.Add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	if !strings.Contains(pageExtra, "/MediaBox") {
		pageExtra += " /MediaBox [0 0 612 792]"
	}
	b.Add(fmt.Sprintf("<< /Type /Page /Parent 2 0 R %s /Resources %s /Contents 4 0 R >>", pageExtra, resources))
	b.Add(Stream("", content))
	for _, m := range more {
		b.Add(m)
	}
	return b
}

// Helvetica is a resource dictionary with Helvetica as /F1.
const Helvetica = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>"

// Pages builds a document of one page for each content stream, US letter,
// with Helvetica as /F1.
func Pages(contents ...string) *Builder {
	b := &Builder{}
	b.Add("<< /Type /Catalog /Pages 2 0 R >>")
	kids := make([]string, len(contents))
	for i := range contents {
		kids[i] = fmt.Sprintf("%d 0 R", 4+2*i)
	}
	b.Add(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(contents)))
	b.Add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
	for i, c := range contents {
		b.Add(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", 5+2*i))
		b.Add(Stream("", c))
	}
	return b
}

// Report builds a document of n text pages in Helvetica: a running
// header, a numbered heading and two paragraphs on each page (the second
// breaks a word across its lines with a hyphen), and the page number as
// a footer. Its running header and footer are found only across pages,
// so it tells whether pages were judged together.
func Report(n int) *Builder {
	b := &Builder{}
	b.Add("<< /Type /Catalog /Pages 2 0 R >>")
	kids := make([]string, n)
	for i := range n {
		kids[i] = fmt.Sprintf("%d 0 R", 4+2*i)
	}
	b.Add(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n))
	b.Add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
	for i := range n {
		p := i + 1
		content := fmt.Sprintf(`BT /F1 9 Tf 72 760 Td (Quarterly Review of Harbour Operations) Tj ET
BT /F1 18 Tf 72 700 Td (Section %d) Tj ET
BT /F1 11 Tf 72 670 Td (Vessels berthed in week %d kept to the published schedule,) Tj 0 -14 Td (and the cranes on the east quay were serviced as planned.) Tj ET
BT /F1 11 Tf 72 620 Td (Cargo handled this week rose against the previous quar-) Tj 0 -14 Td (ter, with container volumes leading the increase %d.) Tj ET
BT /F1 9 Tf 300 40 Td (%d) Tj ET`, p, p, p, p)
		b.Add(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", 5+2*i))
		b.Add(Stream("", content))
	}
	return b
}
