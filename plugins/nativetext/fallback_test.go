package nativetext

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
)

func TestCanFallback(t *testing.T) {
	t.Parallel()
	tests := []struct {
		err  error
		want bool
	}{
		{fmt.Errorf("%w: xref", core.ErrDamaged), true},
		{fmt.Errorf("%w: %w", core.ErrDamaged, core.ErrEncrypted), true},
		{core.ErrEncrypted, true},
		{core.ErrNotPDF, false},
		{core.ErrEmptyFile, false},
		{fmt.Errorf("%w: %w", core.ErrDamaged, core.ErrTimeout), false},
		{errors.New("other"), false},
	}
	for _, tt := range tests {
		if got := canFallback(tt.err); got != tt.want {
			t.Errorf("canFallback(%v) = %v", tt.err, got)
		}
	}
}

// runSecondParser reads the pages of path with the second reader.
func runSecondParser(t *testing.T, path string, pages ...int) ([]core.PageResult, error) {
	t.Helper()
	e := New()
	defer e.Close()
	fd, err := e.openFallback(context.Background(), path)
	if err != nil {
		return nil, err
	}
	var out []core.PageResult
	runFallback(context.Background(), fd, &core.Request{Source: path, Pages: pages}, func(r core.PageResult, err error) bool {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
		return true
	})
	return out, nil
}

func TestSecondParser(t *testing.T) {
	tests := []struct {
		name string
		path string
		want []string
	}{
		{"simple font", onePage("", helvRes, "BT /F1 12 Tf 72 700 Td (Hello second parser) Tj 0 -20 Td (next line) Tj ET").Write(t),
			[]string{"Hello", "second", "parser", "next", "line"}},
		// Words parted by kerns, no space drawn: pdfium puts a space of
		// no box between them, and they stay apart.
		{"kerned words", onePage("", helvRes, "BT /F1 12 Tf 72 700 Td [(pdf) -200 (encryption) -200 (test)] TJ 0 -14 Td [(password:) -200 (asdf)] TJ ET").Write(t),
			[]string{"pdf", "encryption", "test", "password:", "asdf"}},
		// A CID font with a ToUnicode map: the words come out, with boxes
		// inside the page.
		{"CID font", onePage("", "<< /Font << /F1 5 0 R >> >>",
			"BT /F1 20 Tf 72 700 Td <0048006900200074006800650072006500200061006E006400200074006800650072006500200061006700610069006E> Tj ET",
			"<< /Type /Font /Subtype /Type0 /BaseFont /Test /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
			"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Test /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 500 >>",
			stream("", "/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfrange <0000> <00FF> <0000> endbfrange endcmap end end"),
		).Write(t), []string{"Hi", "there", "and", "there", "again"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := runSecondParser(t, tt.path, 1, 2)
			if err != nil {
				t.Fatal(err)
			}
			if len(res) != 2 {
				t.Fatalf("%d results", len(res))
			}
			r := res[0]
			if r.Status != core.StatusDegraded || r.Stats["parser"] != 2 {
				t.Errorf("status %s stats %v", r.Status, r.Stats)
			}
			if got := strings.Join(words(r.Page), " "); got != strings.Join(tt.want, " ") {
				t.Errorf("words %q, want %q", got, strings.Join(tt.want, " "))
			}
			checkBoxes(t, r.Page)
			if !errors.Is(res[1].Err, core.ErrNoSuchPage) {
				t.Errorf("page 2: %v", res[1].Err)
			}
		})
	}
}

// Damaged input: the second reader fails with ErrDamaged, never panics.
func TestSecondParserDamaged(t *testing.T) {
	good := onePage("", helvRes, "BT /F1 12 Tf 72 700 Td (Hello) Tj ET").Bytes()
	dir := t.TempDir()
	for i, b := range [][]byte{nil, []byte("%PDF-1.4\n"), good[:len(good)/2], append([]byte("junk"), good[10:]...)} {
		p := filepath.Join(dir, fmt.Sprintf("d%d.pdf", i))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := runSecondParser(t, p, 1)
		if err != nil {
			if !errors.Is(err, core.ErrDamaged) {
				t.Errorf("case %d: %v does not wrap ErrDamaged", i, err)
			}
			continue
		}
		for _, r := range res {
			if r.Err != nil && !errors.Is(r.Err, core.ErrDamaged) && !errors.Is(r.Err, core.ErrNoSuchPage) && !errors.Is(r.Err, core.ErrTooLarge) {
				t.Errorf("case %d: page error %v", i, r.Err)
			}
		}
	}
}

// FuzzSecondParser mutates a small PDF: the second reader must end with
// pages or an error, without a panic escaping, quickly.
func FuzzSecondParser(f *testing.F) {
	f.Add(onePage("", helvRes, "BT /F1 12 Tf 72 700 Td (Hello) Tj ET").Bytes(), uint16(0), byte(0))
	f.Fuzz(func(t *testing.T, b []byte, at uint16, v byte) {
		if len(b) > 0 {
			b = append([]byte(nil), b...)
			b[int(at)%len(b)] = v
		}
		p := filepath.Join(t.TempDir(), "f.pdf")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, _ = runSecondParser(t, p, 1, 2)
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("took %v", d)
		}
	})
}

// Corpus files internal/pdfdoc cannot open: Extract ends quickly with
// pages from the second reader or a clear error, never a panic. pdfium
// reads issue9105_reduced (a broken cross-reference stream) and
// encrypted-attachment (encrypted, opens with the empty password).
func TestCorpusSecondParser(t *testing.T) {
	dir := corpustest.Dir(t)
	for _, f := range []string{"robustness/issue9105_reduced.pdf", "robustness/encrypted-attachment.pdf"} {
		pages, err := runFile(t, filepath.Join(dir, f), 1, 10*time.Second)
		if err != nil || len(pages) != 1 || pages[0].Stats["parser"] != 2 {
			t.Errorf("%s: %d pages, %v: want page 1 from the second reader", f, len(pages), err)
		}
	}
	for _, f := range []string{"robustness/issue19484_2.pdf", "robustness/issue9105_reduced.pdf", "generated/corrupt/corrupt-23.pdf"} {
		path := filepath.Join(dir, f)
		if _, err := os.Stat(path); err != nil {
			continue
		}
		start := time.Now()
		pages, err := runFile(t, path, 5, 10*time.Second)
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: %v", f, d)
		}
		if err == nil && len(pages) == 0 {
			t.Errorf("%s: no pages and no error", f)
		}
		if err != nil && !errors.Is(err, core.ErrDamaged) {
			t.Errorf("%s: %v", f, err)
		}
	}
}
