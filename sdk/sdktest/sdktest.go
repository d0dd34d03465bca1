package sdktest

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire"
	"github.com/assay-pdf/assay/internal/wire/enginev1"
)

//go:embed testdata/*.pdf
var pdfs embed.FS

// TextPages is the number of pages of the suite's text PDF.
const TextPages = 3

const (
	// callLimit bounds one Extract call of the suite; engines that
	// recognise text may be slow, so it is generous.
	callLimit = 60 * time.Second
	// cancelLimit is how soon a sequence must end after its context is
	// canceled.
	cancelLimit = 500 * time.Millisecond
	// boxTolerance is the slack, in points, allowed around the page box.
	boxTolerance = 2.0
	// pastEnd is how far past the text PDF's last page PastEnd asks.
	pastEnd = 4
)

// WriteTextPDF writes the suite's three-page text PDF into dir and returns
// its path.
func WriteTextPDF(tb testing.TB, dir string) string {
	tb.Helper()
	p, err := writeTextPDF(dir)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// Run checks that e keeps the engine contract. Each rule is a subtest:
// Describe, OnePerPage, BoxesInsidePage, ReadsText, Cancellation, Garbage,
// PastEnd.
func Run(t *testing.T, e core.Engine) {
	t.Helper()
	suite(testingT{t}, e)
}

// tb is what the suite needs of a test. *testing.T serves through
// testingT; the suite's own tests use a recorder, so that they can run it
// on engines that must fail and read what it said.
type tb interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
	TempDir() string
	Run(name string, f func(tb)) bool
}

// testingT is a *testing.T whose subtests are tbs.
type testingT struct{ *testing.T }

func (t testingT) Run(name string, f func(tb)) bool {
	return t.T.Run(name, func(t *testing.T) { f(testingT{t}) })
}

// suite runs every rule on e, one subtest each.
func suite(t tb, e core.Engine) {
	t.Helper()
	dir := t.TempDir()
	text, err := writeTextPDF(dir)
	if err != nil {
		t.Fatalf("sdktest: %v", err)
	}
	t.Run("Describe", func(t tb) { checkDescribe(t, e) })
	t.Run("OnePerPage", func(t tb) { checkOnePerPage(t, e, text) })
	t.Run("BoxesInsidePage", func(t tb) { checkBoxesInsidePage(t, e, text) })
	t.Run("ReadsText", func(t tb) { checkReadsText(t, e, text) })
	t.Run("Cancellation", func(t tb) { checkCancellation(t, e, text) })
	t.Run("Garbage", func(t tb) { checkGarbage(t, e, dir) })
	t.Run("PastEnd", func(t tb) { checkPastEnd(t, e, text) })
}

// writeTextPDF writes the text PDF into dir and returns its path.
func writeTextPDF(dir string) (string, error) {
	b, err := pdfs.ReadFile("testdata/text3.pdf")
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, "text3.pdf")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		return "", err
	}
	return p, nil
}

// checkDescribe: Describe answers with a name and a version.
func checkDescribe(t tb, e core.Engine) {
	ctx, cancel := context.WithTimeout(context.Background(), callLimit)
	defer cancel()
	info, err := e.Describe(ctx)
	if err != nil {
		t.Fatalf("Describe: %v", err)
	}
	if info.Name == "" || info.Version == "" {
		t.Errorf("Describe = %+v: want a name and a version", info)
	}
}

// checkOnePerPage: a random subset of the text PDF's pages, in random
// order, is answered page by page, each exactly once and read.
func checkOnePerPage(t tb, e core.Engine, text string) {
	seed := uint64(time.Now().UnixNano())
	rnd := rand.New(rand.NewPCG(seed, seed>>1))
	pages := rnd.Perm(TextPages)[:1+rnd.IntN(TextPages)]
	for i := range pages {
		pages[i]++
	}
	t.Logf("seed %d: pages %v", seed, pages)
	readPages(t, e, text, pages)
}

// readPages extracts pages of a valid PDF and checks that each was
// answered once, by its number, and read: ok or degraded. A skipped or
// failed page of a file that has it is not an answer.
func readPages(t tb, e core.Engine, text string, pages []int) []core.PageResult {
	t.Helper()
	out := collect(context.Background(), e, &core.Request{Source: text, Pages: pages})
	out.check(t)
	if out.err != nil {
		t.Fatalf("document error on a valid PDF: %v", out.err)
	}
	onePerPage(t, pages, out.results)
	for _, r := range out.results {
		if !read(r) {
			t.Errorf("page %d: status %s: %v; want ok or degraded", r.Page.Number, r.Status, r.Err)
		}
	}
	return out.results
}

// read reports a page answered with its content.
func read(r core.PageResult) bool {
	return r.Status == core.StatusOK || r.Status == core.StatusDegraded
}

// checkBoxesInsidePage: every box of every page lies inside the page.
func checkBoxesInsidePage(t tb, e core.Engine, text string) {
	for _, r := range readPages(t, e, text, []int{1, 2, 3}) {
		if read(r) {
			checkBoxes(t, &r.Page)
		}
	}
}

// checkReadsText: an engine that reads text (CapText or CapOCR) finds
// words on the text PDF; one that answers every page with nothing has
// skipped them, whatever their status says.
func checkReadsText(t tb, e core.Engine, text string) {
	ctx, cancel := context.WithTimeout(context.Background(), callLimit)
	defer cancel()
	info, err := e.Describe(ctx)
	if err != nil {
		t.Fatalf("Describe: %v", err)
	}
	if !info.Has(core.CapText) && !info.Has(core.CapOCR) {
		t.Logf("%s reads no text (capabilities %v)", info.Name, info.Capabilities)
		return
	}
	words := 0
	for _, r := range readPages(t, e, text, []int{1, 2, 3}) {
		words += r.Page.Words()
	}
	if words == 0 {
		t.Errorf("no words on %d pages of text; an engine with capabilities %v reads them", TextPages, info.Capabilities)
	}
}

// checkCancellation: a canceled sequence ends within cancelLimit.
func checkCancellation(t tb, e core.Engine, text string) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan outcome, 1)
	go func() { done <- run(ctx, e, &core.Request{Source: text, Pages: []int{1, 2, 3}}) }()
	time.Sleep(10 * time.Millisecond)
	cancel()
	canceledAt := time.Now()
	select {
	case out := <-done:
		if out.panicked != nil {
			t.Fatalf("panic: %v", out.panicked)
		}
		if d := time.Since(canceledAt); d > cancelLimit {
			t.Errorf("sequence ended %v after cancellation; want within %v", d, cancelLimit)
		}
	case <-time.After(cancelLimit):
		t.Errorf("sequence still running %v after cancellation", cancelLimit)
		select {
		case <-done:
		case <-time.After(callLimit):
			t.Errorf("the engine ignores its context: still running %v after cancellation", callLimit)
		}
	}
}

// checkGarbage: random bytes, an empty file and a missing path end in a
// document error, or in every page failed with an error.
func checkGarbage(t tb, e core.Engine, dir string) {
	junk := make([]byte, 4096)
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range junk {
		junk[i] = byte(rnd.Uint32())
	}
	random := filepath.Join(dir, "random.pdf")
	empty := filepath.Join(dir, "empty.pdf")
	if err := os.WriteFile(random, junk, 0o644); err != nil {
		t.Fatalf("%v", err)
	}
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatalf("%v", err)
	}
	for _, c := range []struct{ name, path string }{
		{"random bytes", random},
		{"empty file", empty},
		{"missing path", filepath.Join(dir, "does-not-exist.pdf")},
	} {
		t.Run(c.name, func(t tb) {
			pages := []int{1, 2}
			out := collect(context.Background(), e, &core.Request{Source: c.path, Pages: pages})
			out.check(t)
			if out.err != nil {
				return
			}
			onePerPage(t, pages, out.results)
			for _, r := range out.results {
				if r.Status != core.StatusFailed || r.Err == nil {
					t.Errorf("page %d: status %s, err %v; want a document error or every page failed", r.Page.Number, r.Status, r.Err)
				}
			}
		})
	}
}

// checkPastEnd: a page past the end fails with core.ErrNoSuchPage and
// the pages around it are read.
func checkPastEnd(t tb, e core.Engine, text string) {
	past := TextPages + pastEnd
	pages := []int{1, past, 2}
	out := collect(context.Background(), e, &core.Request{Source: text, Pages: pages})
	out.check(t)
	if out.err != nil {
		t.Fatalf("document error: %v; want page %d failed and the others extracted", out.err, past)
	}
	onePerPage(t, pages, out.results)
	for _, r := range out.results {
		switch {
		case r.Page.Number == past:
			if r.Status != core.StatusFailed || !errors.Is(r.Err, core.ErrNoSuchPage) {
				t.Errorf("page %d: status %s, err %v; want failed with core.ErrNoSuchPage", past, r.Status, r.Err)
			}
		case !read(r):
			t.Errorf("page %d: status %s: %v; want ok or degraded", r.Page.Number, r.Status, r.Err)
		}
	}
}

// outcome is what one Extract call produced.
type outcome struct {
	results  []core.PageResult
	err      error // the first document-level error
	after    int   // events after the document error
	panicked any
	hung     bool
}

func (o outcome) check(t tb) {
	t.Helper()
	if o.panicked != nil {
		t.Fatalf("engine panicked: %v", o.panicked)
	}
	if o.hung {
		t.Fatalf("engine did not finish within %v", callLimit)
	}
	if o.after > 0 {
		t.Errorf("%d events after the document error %v", o.after, o.err)
	}
}

// collect runs one Extract with the suite's time limit.
func collect(parent context.Context, e core.Engine, req *core.Request) outcome {
	ctx, cancel := context.WithTimeout(parent, callLimit)
	defer cancel()
	done := make(chan outcome, 1)
	go func() { done <- run(ctx, e, req) }()
	select {
	case o := <-done:
		return o
	case <-time.After(callLimit + 5*time.Second):
		return outcome{hung: true}
	}
}

// run drains one Extract, recovering a panic.
func run(ctx context.Context, e core.Engine, req *core.Request) (o outcome) {
	defer func() {
		if v := recover(); v != nil {
			o.panicked = v
		}
	}()
	for r, err := range e.Extract(ctx, req) {
		switch {
		case o.err != nil:
			o.after++
		case err != nil:
			o.err = err
		default:
			o.results = append(o.results, r)
		}
	}
	return o
}

// onePerPage checks that each requested page was answered exactly once,
// by its number, and that nothing else was.
func onePerPage(t tb, pages []int, results []core.PageResult) {
	t.Helper()
	seen := map[int]int{}
	for _, r := range results {
		seen[r.Page.Number]++
	}
	for _, p := range pages {
		if seen[p] != 1 {
			t.Errorf("page %d answered %d times; want once", p, seen[p])
		}
	}
	for n, c := range seen {
		if !slices.Contains(pages, n) {
			t.Errorf("page %d answered %d times but was not requested (requested %v)", n, c, pages)
		}
	}
}

func checkBoxes(t tb, p *core.Page) {
	t.Helper()
	if p.Width <= 0 || p.Height <= 0 {
		t.Errorf("page %d: size %v×%v", p.Number, p.Width, p.Height)
		return
	}
	page := p.Box()
	bad := func(what string, b core.BBox) {
		if !b.Within(page, boxTolerance) {
			t.Errorf("page %d: %s box %+v outside the page box %+v", p.Number, what, b, page)
		}
	}
	for i := range p.Blocks {
		b := &p.Blocks[i]
		bad(fmt.Sprintf("block %d", i), b.BBox)
		for j, l := range b.Lines {
			bad(fmt.Sprintf("block %d line %d", i, j), l.BBox)
			for _, w := range l.Words {
				bad(fmt.Sprintf("word %q", w.Text), w.BBox)
			}
		}
		if b.Table != nil {
			for _, c := range b.Table.Cells {
				bad(fmt.Sprintf("cell (%d,%d)", c.Row, c.Col), c.BBox)
			}
		}
	}
}

// InMemory serves e over an in-memory gRPC connection through the real
// wire server and client and returns the client. Everything is torn down
// with t.Cleanup.
func InMemory(t *testing.T, e core.Engine) core.Engine {
	t.Helper()
	lis := bufconn.Listen(1 << 20)
	srv := grpc.NewServer(wire.ServerOptions()...)
	wire.Register(srv, e)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = srv.Serve(lis)
	}()
	conn, err := grpc.NewClient("passthrough:///sdktest",
		append(wire.DialOptions(),
			grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
			grpc.WithTransportCredentials(insecure.NewCredentials()))...)
	if err != nil {
		srv.Stop()
		wg.Wait()
		t.Fatalf("sdktest: dial: %v", err)
	}
	t.Cleanup(func() {
		_ = conn.Close()
		srv.Stop()
		wg.Wait()
	})
	return wire.NewClient(enginev1.NewEngineServiceClient(conn))
}
