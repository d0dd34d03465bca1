package layoutml

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
	"github.com/assay-pdf/assay/plugins/nativetext"
)

// testdata is the repository's testdata directory.
func testdata(name string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", name)
}

// collectPages runs an engine and returns its answers in order.
func collectPages(t *testing.T, e core.Engine, req *core.Request) []core.PageResult {
	t.Helper()
	var out []core.PageResult
	for r, err := range e.Extract(context.Background(), req) {
		if err != nil {
			t.Fatalf("extract %s: %v", req.Source, err)
		}
		out = append(out, r)
	}
	return out
}

func TestGeometricLayoutIsNativetexts(t *testing.T) {
	t.Parallel()
	// The geometric layout is nativetext's own, document pass included:
	// the two engines must answer every page with the same blocks.
	for _, name := range []string{"columns.pdf", "pages.pdf", "simple.pdf"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			req := &core.Request{Source: testdata(name), Pages: []int{1, 2, 3, 4, 5}}
			if name != "pages.pdf" {
				req.Pages = []int{1}
			}
			got := collectPages(t, New(), req)
			want := collectPages(t, nativetext.New(), req)
			if len(got) != len(want) {
				t.Fatalf("%d pages; nativetext %d", len(got), len(want))
			}
			for i := range got {
				if got[i].Page.Number != req.Pages[i] {
					t.Errorf("answer %d is page %d; want %d (request order)", i, got[i].Page.Number, req.Pages[i])
				}
				if g, w := got[i].Page.Text(), want[i].Page.Text(); g != w {
					t.Errorf("page %d text differs from nativetext:\n%s\n---\n%s", got[i].Page.Number, g, w)
				}
				if g, w := len(got[i].Page.Blocks), len(want[i].Page.Blocks); g != w {
					t.Errorf("page %d: %d blocks; nativetext %d", got[i].Page.Number, g, w)
				}
				for _, s := range stageNames {
					if _, ok := got[i].Stats[core.StageStatPrefix+s]; !ok {
						t.Errorf("page %d has no time for stage %s", got[i].Page.Number, s)
					}
				}
			}
		})
	}
}

// manyPages writes a PDF of n pages, each with one line of text.
func manyPages(t *testing.T, n int) string {
	t.Helper()
	b := &pdftest.Builder{}
	b.Add("<< /Type /Catalog /Pages 2 0 R >>")
	kids := make([]string, n)
	for i := range n {
		kids[i] = fmt.Sprintf("%d 0 R", 3+2*i)
	}
	b.Add(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n))
	for i := range n {
		b.Add(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources %s /Contents %d 0 R >>",
			pdftest.Helvetica, 4+2*i))
		b.Add(pdftest.Stream("", fmt.Sprintf("BT /F1 12 Tf 72 700 Td (Page %d of the long document.) Tj ET", i+1)))
	}
	return b.Write(t)
}

// slowed delays every page of a stage.
func slowed(s stage, d time.Duration) stage {
	return func(ctx context.Context, batch []*page) {
		select {
		case <-time.After(d * time.Duration(len(batch))):
		case <-ctx.Done():
		}
		s(ctx, batch)
	}
}

func TestDocumentTimeoutKeepsFinishedPages(t *testing.T) {
	t.Parallel()
	// A layout stage that takes 40 ms a page and a document timeout of
	// 150 ms over 40 pages: the first pages finish and are answered with
	// their text; the pages never fed are answered as timed out; every
	// page is answered once, in order.
	ctx := context.Background()
	pages := make([]int, 40)
	for i := range pages {
		pages[i] = i + 1
	}
	reader, err := nativetext.Open(ctx, manyPages(t, len(pages)), nativetext.Options{})
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := ParseOptions([]byte(`{"queue": 1}`))
	r := &run{opts: opts, reader: reader}
	p := r.pipeline()
	p.stages[2] = slowed(p.stages[2], 40*time.Millisecond)
	feedCtx, cancel := context.WithTimeout(ctx, 150*time.Millisecond)
	defer cancel()
	var got []core.PageResult
	r.extractWith(ctx, feedCtx, p, pages, func(res core.PageResult, err error) bool {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, res)
		return true
	})
	if len(got) != len(pages) {
		t.Fatalf("%d answers; want %d", len(got), len(pages))
	}
	ok, late := 0, 0
	for i, res := range got {
		if res.Page.Number != pages[i] {
			t.Errorf("answer %d is page %d; want %d", i, res.Page.Number, pages[i])
		}
		switch res.Status {
		case core.StatusOK:
			ok++
			if res.Page.Text() == "" {
				t.Errorf("finished page %d has no text", res.Page.Number)
			}
		case core.StatusTimeout:
			late++
			if !errors.Is(res.Err, core.ErrTimeout) {
				t.Errorf("page %d: error %v; want ErrTimeout", res.Page.Number, res.Err)
			}
		default:
			t.Errorf("page %d: status %s", res.Page.Number, res.Status)
		}
	}
	if ok == 0 || late == 0 {
		t.Errorf("%d pages finished, %d timed out; want some of each", ok, late)
	}
}

func TestCancelStopsTheRun(t *testing.T) {
	// Not parallel: it counts goroutines.
	// A canceled run ends promptly, answers each page at most once and
	// leaves no goroutine behind (the stages return before extract does).
	ctx, cancel := context.WithCancel(context.Background())
	reader, err := nativetext.Open(ctx, testdata("pages.pdf"), nativetext.Options{})
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := ParseOptions(nil)
	r := &run{opts: opts, reader: reader}
	p := r.pipeline()
	p.stages[1] = slowed(p.stages[1], time.Second)
	before := runtime.NumGoroutine()
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	seen := map[int]bool{}
	r.extractWith(ctx, ctx, p, []int{1, 2, 3, 4, 5}, func(res core.PageResult, err error) bool {
		if seen[res.Page.Number] {
			t.Errorf("page %d answered twice", res.Page.Number)
		}
		seen[res.Page.Number] = true
		if res.Status != core.StatusFailed && res.Status != core.StatusTimeout {
			t.Errorf("page %d: %s after cancel", res.Page.Number, res.Status)
		}
		return true
	})
	if d := time.Since(start); d > 900*time.Millisecond {
		t.Errorf("run took %v after cancel", d)
	}
	if len(seen) != 5 {
		t.Errorf("%d pages answered; want 5", len(seen))
	}
	time.Sleep(20 * time.Millisecond)
	if n := runtime.NumGoroutine(); n > before+2 {
		t.Errorf("%d goroutines after the run; %d before", n, before)
	}
}

func TestBatchesAndQueue(t *testing.T) {
	t.Parallel()
	// A stage never sees more pages at once than its batch size.
	ctx := context.Background()
	reader, err := nativetext.Open(ctx, testdata("pages.pdf"), nativetext.Options{})
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := ParseOptions([]byte(`{"batch": {"layout": 3}, "queue": 6}`))
	r := &run{opts: opts, reader: reader}
	p := r.pipeline()
	maxSeen := 0
	inner := p.stages[2]
	p.stages[2] = func(ctx context.Context, b []*page) { maxSeen = max(maxSeen, len(b)); inner(ctx, b) }
	p.stages[1] = slowed(p.stages[1], 5*time.Millisecond)
	n := 0
	r.extractWith(ctx, ctx, p, []int{1, 2, 3, 4, 5}, func(core.PageResult, error) bool { n++; return true })
	if n != 5 || maxSeen > 3 || maxSeen == 0 {
		t.Errorf("%d answers, largest layout batch %d; want 5 answers and batches of at most 3", n, maxSeen)
	}
}
