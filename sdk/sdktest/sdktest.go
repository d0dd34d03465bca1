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
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

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
	// DefaultCallLimit bounds one Extract call of the suite (three pages
	// at most) unless CallLimit says otherwise; engines that recognise
	// text may be slow, so it is generous.
	DefaultCallLimit = 60 * time.Second
	// cancelLimit is how soon a sequence must end after its context is
	// canceled.
	cancelLimit = 500 * time.Millisecond
	// boxTolerance is the slack, in points, allowed around the page box.
	boxTolerance = 2.0
	// pastEnd is how far past the text PDF's last page PastEnd asks.
	pastEnd = 4
	// minTextRecall is the share of a text page's words an engine that
	// reads text must find on it. OCR may miss a word or two of the
	// twenty; an engine that answers another page's text, or noise,
	// finds almost none (each page's number is among its words).
	minTextRecall = 0.8
)

// Option changes how the suite runs.
type Option func(*suiteRun)

// CallLimit bounds each call the suite makes, in place of
// DefaultCallLimit. A call that outlasts it fails its rule as hung, and
// the rules after it are skipped: an engine that hangs once would make
// each of them wait as long again.
func CallLimit(d time.Duration) Option {
	return func(s *suiteRun) {
		if d > 0 {
			s.limit = d
		}
	}
}

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

// PageText is what page n of the suite's text PDF says, line by line.
func PageText(n int) string {
	return fmt.Sprintf("Assay conformance page %d\nThe quick brown fox jumps over the lazy dog.\n"+
		"Every word on this page lies inside the page box.\nPage number: %d", n, n)
}

// Run checks that e keeps the engine contract. Each rule is a subtest:
// Describe, OnePerPage, BoxesInsidePage, ReadsText, Cancellation, Garbage,
// PastEnd.
func Run(t *testing.T, e core.Engine, opts ...Option) {
	t.Helper()
	suite(testingT{t}, e, opts...)
}

// tb is what the suite needs of a test. *testing.T serves through
// testingT; the suite's own tests use a recorder, so that they can run it
// on engines that must fail and read what it said.
type tb interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
	Skipf(format string, args ...any)
	TempDir() string
	Run(name string, f func(tb)) bool
}

// testingT is a *testing.T whose subtests are tbs.
type testingT struct{ *testing.T }

func (t testingT) Run(name string, f func(tb)) bool {
	return t.T.Run(name, func(t *testing.T) { f(testingT{t}) })
}

// suiteRun is one run of the suite on one engine.
type suiteRun struct {
	e     core.Engine
	text  string // the text PDF
	dir   string
	limit time.Duration

	mu     sync.Mutex
	hungIn string // the rule in which a call hung, if one did
}

// rule is one rule of the contract.
type rule struct {
	name  string
	check func(*suiteRun, tb)
}

var rules = []rule{
	{"Describe", (*suiteRun).checkDescribe},
	{"OnePerPage", (*suiteRun).checkOnePerPage},
	{"BoxesInsidePage", (*suiteRun).checkBoxesInsidePage},
	{"ReadsText", (*suiteRun).checkReadsText},
	{"ConcurrentCalls", (*suiteRun).checkConcurrentCalls},
	{"Cancellation", (*suiteRun).checkCancellation},
	{"Garbage", (*suiteRun).checkGarbage},
	{"PastEnd", (*suiteRun).checkPastEnd},
}

// suite runs every rule on e, one subtest each, and skips the rules after
// one in which a call hung.
func suite(t tb, e core.Engine, opts ...Option) {
	t.Helper()
	s := &suiteRun{e: e, dir: t.TempDir(), limit: DefaultCallLimit}
	for _, o := range opts {
		o(s)
	}
	text, err := writeTextPDF(s.dir)
	if err != nil {
		t.Fatalf("sdktest: %v", err)
	}
	s.text = text
	for _, r := range rules {
		t.Run(r.name, func(t tb) {
			if in := s.hung(); in != "" {
				t.Skipf("not run: a call hung in %s", in)
			}
			r.check(s, t)
		})
	}
}

// hung names the rule in which a call hung, or "".
func (s *suiteRun) hung() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hungIn
}

func (s *suiteRun) markHung(rule string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hungIn == "" {
		s.hungIn = rule
	}
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
func (s *suiteRun) checkDescribe(t tb) {
	info := s.describe(t, "Describe")
	if info.Name == "" || info.Version == "" {
		t.Errorf("Describe = %+v: want a name and a version", info)
	}
}

// describe calls Describe within the call limit.
func (s *suiteRun) describe(t tb, rule string) core.Info {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), s.limit)
	defer cancel()
	info, err := s.e.Describe(ctx)
	if ctx.Err() != nil {
		s.markHung(rule)
		t.Fatalf("Describe did not answer within %v", s.limit)
	}
	if err != nil {
		t.Fatalf("Describe: %v", err)
	}
	return info
}

// checkOnePerPage: a random subset of the text PDF's pages, in random
// order, is answered page by page, each exactly once and read.
func (s *suiteRun) checkOnePerPage(t tb) {
	seed := uint64(time.Now().UnixNano())
	rnd := rand.New(rand.NewPCG(seed, seed>>1))
	pages := rnd.Perm(TextPages)[:1+rnd.IntN(TextPages)]
	for i := range pages {
		pages[i]++
	}
	t.Logf("seed %d: pages %v", seed, pages)
	s.readPages(t, "OnePerPage", pages)
}

// readPages extracts pages of the text PDF and checks that each was
// answered once, by its number, and read: ok or degraded. A skipped or
// failed page of a file that has it is not an answer.
func (s *suiteRun) readPages(t tb, rule string, pages []int) []core.PageResult {
	t.Helper()
	out := s.collect(rule, &core.Request{Source: s.text, Pages: pages})
	if !s.checkRead(t, pages, out) {
		t.Fatalf("document error on a valid PDF: %v", out.err)
	}
	return out.results
}

// checkRead checks a call of the text PDF's pages as readPages does: each
// page answered once and read. It is false, and checks no page, after a
// document error, which the caller reports.
func (s *suiteRun) checkRead(t tb, pages []int, out outcome) bool {
	t.Helper()
	out.check(t, s.limit)
	if out.err != nil {
		return false
	}
	onePerPage(t, pages, out.results)
	for _, r := range out.results {
		if !read(r) {
			t.Errorf("page %d: status %s: %v; want ok or degraded", r.Page.Number, r.Status, r.Err)
		}
	}
	return true
}

// read reports a page answered with its content.
func read(r core.PageResult) bool {
	return r.Status == core.StatusOK || r.Status == core.StatusDegraded
}

// checkBoxesInsidePage: every box of every page lies inside the page.
func (s *suiteRun) checkBoxesInsidePage(t tb) {
	for _, r := range s.readPages(t, "BoxesInsidePage", []int{1, 2, 3}) {
		if read(r) {
			checkBoxes(t, &r.Page)
		}
	}
}

// checkReadsText: an engine that reads text (CapText or CapOCR) finds on
// each page of the text PDF that page's own words. One that answers
// nothing has skipped the pages, whatever their status says; one that
// answers other words, or another page's, reads wrong.
func (s *suiteRun) checkReadsText(t tb) {
	info := s.describe(t, "ReadsText")
	if !info.Has(core.CapText) && !info.Has(core.CapOCR) {
		t.Logf("%s reads no text (capabilities %v)", info.Name, info.Capabilities)
		return
	}
	words := 0
	for _, r := range s.readPages(t, "ReadsText", []int{1, 2, 3}) {
		words += r.Page.Words()
		if !read(r) || r.Page.Words() == 0 {
			continue
		}
		s.checkPageText(t, r.Page)
	}
	if words == 0 {
		t.Errorf("no words on %d pages of text; an engine with capabilities %v reads them", TextPages, info.Capabilities)
	}
}

// concurrentSets are the pages of the calls ConcurrentCalls makes at
// once.
var concurrentSets = [][]int{{1, 2, 3}, {3, 2}, {2}, {1, 3}}

// checkConcurrentCalls: an engine that declares core.CapConcurrentCalls,
// which a host takes as leave to send one process several calls at
// once, answers calls made together as it answers each alone: every page
// once, read, and with its own text when the engine reads text.
func (s *suiteRun) checkConcurrentCalls(t tb) {
	info := s.describe(t, "ConcurrentCalls")
	if !info.Has(core.CapConcurrentCalls) {
		t.Logf("%s does not declare %s", info.Name, core.CapConcurrentCalls)
		return
	}
	outs := make([]outcome, len(concurrentSets))
	var wg sync.WaitGroup
	for i, pages := range concurrentSets {
		wg.Go(func() { outs[i] = s.collect("ConcurrentCalls", &core.Request{Source: s.text, Pages: pages}) })
	}
	wg.Wait()
	reads := info.Has(core.CapText) || info.Has(core.CapOCR)
	for i, out := range outs {
		if !s.checkRead(t, concurrentSets[i], out) {
			t.Errorf("call %d of %d at once: document error on a valid PDF: %v", i+1, len(outs), out.err)
			continue
		}
		if !reads {
			continue
		}
		for _, r := range out.results {
			if read(r) && r.Page.Words() > 0 {
				s.checkPageText(t, r.Page)
			}
		}
	}
}

// checkPageText: the page's words are mostly those of its text, its own
// number among them, since the number is what tells one page's text from
// the next.
func (s *suiteRun) checkPageText(t tb, p core.Page) {
	t.Helper()
	want, got := tokens(PageText(p.Number)), tokens(p.Text())
	share := recall(want, got)
	if share < minTextRecall || !slices.Contains(got, strconv.Itoa(p.Number)) {
		t.Errorf("page %d: found %.0f%% of the page's words (want %.0f%%, its number among them); read %q, the page says %q",
			p.Number, 100*share, 100*minTextRecall, clip(p.Text()), PageText(p.Number))
	}
}

// tokens are text's words in lower case, without punctuation.
func tokens(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// recall is the share of want found in got, each found word used once.
func recall(want, got []string) float64 {
	if len(want) == 0 {
		return 1
	}
	left := map[string]int{}
	for _, w := range got {
		left[w]++
	}
	found := 0
	for _, w := range want {
		if left[w] > 0 {
			left[w]--
			found++
		}
	}
	return float64(found) / float64(len(want))
}

// clip shortens text for a message.
func clip(text string) string {
	const most = 120
	if r := []rune(text); len(r) > most {
		return string(r[:most]) + "…"
	}
	return text
}

// cancelReporter is an engine that can say whether the calls canceled
// while it worked stopped by themselves. Over the wire the caller's
// sequence ends as soon as it cancels, whatever the engine does; the
// plugin host then asks the engine process (its Running call), and kills
// it when it has not stopped.
type cancelReporter interface {
	CancelReport() (cancels int, last error)
}

// checkCancellation: a canceled sequence ends within cancelLimit, and,
// over the wire, the engine itself stops within it.
func (s *suiteRun) checkCancellation(t tb) {
	before := 0
	cr, overWire := s.e.(cancelReporter)
	if overWire {
		before, _ = cr.CancelReport()
	}
	limit := cancelLimit
	if overWire {
		// The host gives the engine cancelLimit to stop before it
		// ends the sequence, killing the process if it has not.
		limit = 2 * cancelLimit
	}
	s.cancelOnce(t, limit)
	if !overWire {
		return
	}
	switch n, err := cr.CancelReport(); {
	case n == before:
		t.Logf("the engine finished before the cancel reached it")
	case errors.Is(err, core.ErrUnsupported):
		t.Logf("over the wire the suite cannot tell whether the engine stops when canceled: %v", err)
	case err != nil:
		t.Errorf("the engine ignores its context: %v", err)
	}
}

// cancelOnce cancels a three-page sequence 10 ms in and checks that it
// ends within limit.
func (s *suiteRun) cancelOnce(t tb, limit time.Duration) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan outcome, 1)
	go func() { done <- run(ctx, s.e, &core.Request{Source: s.text, Pages: []int{1, 2, 3}}) }()
	time.Sleep(10 * time.Millisecond)
	cancel()
	canceledAt := time.Now()
	select {
	case out := <-done:
		if out.panicked != nil {
			t.Fatalf("panic: %v", out.panicked)
		}
		if d := time.Since(canceledAt); d > limit {
			t.Errorf("sequence ended %v after cancellation; want within %v", d, limit)
		}
	case <-time.After(limit):
		t.Errorf("the engine ignores its context: the sequence was still running %v after cancellation", limit)
		select {
		case <-done:
		case <-time.After(s.limit):
			s.markHung("Cancellation")
		}
	}
}

// checkGarbage: random bytes, an empty file and a missing path end in a
// document error, or in every page failed with an error.
func (s *suiteRun) checkGarbage(t tb) {
	junk := make([]byte, 4096)
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range junk {
		junk[i] = byte(rnd.Uint32())
	}
	random := filepath.Join(s.dir, "random.pdf")
	empty := filepath.Join(s.dir, "empty.pdf")
	if err := os.WriteFile(random, junk, 0o644); err != nil {
		t.Fatalf("%v", err)
	}
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatalf("%v", err)
	}
	for _, c := range []struct{ name, path string }{
		{"random bytes", random},
		{"empty file", empty},
		{"missing path", filepath.Join(s.dir, "does-not-exist.pdf")},
	} {
		t.Run(c.name, func(t tb) {
			if in := s.hung(); in != "" {
				t.Skipf("not run: a call hung in %s", in)
			}
			pages := []int{1, 2}
			out := s.collect("Garbage", &core.Request{Source: c.path, Pages: pages})
			out.check(t, s.limit)
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
func (s *suiteRun) checkPastEnd(t tb) {
	past := TextPages + pastEnd
	pages := []int{1, past, 2}
	out := s.collect("PastEnd", &core.Request{Source: s.text, Pages: pages})
	out.check(t, s.limit)
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

func (o outcome) check(t tb, limit time.Duration) {
	t.Helper()
	if o.panicked != nil {
		t.Fatalf("engine panicked: %v", o.panicked)
	}
	if o.hung {
		t.Fatalf("the engine hangs: the call did not finish within %v", limit)
	}
	if o.after > 0 {
		t.Errorf("%d events after the document error %v", o.after, o.err)
	}
}

// collectGrace is how long past its deadline a call may take to return
// before the suite stops waiting for it.
const collectGrace = 5 * time.Second

// collect runs one Extract within the call limit. A call still running at
// the limit has hung, whether it then returns (the host kills a process
// whose call outlives its deadline) or not.
func (s *suiteRun) collect(rule string, req *core.Request) outcome {
	ctx, cancel := context.WithTimeout(context.Background(), s.limit)
	defer cancel()
	done := make(chan outcome, 1)
	go func() { done <- run(ctx, s.e, req) }()
	var o outcome
	select {
	case o = <-done:
		o.hung = o.hung || errors.Is(ctx.Err(), context.DeadlineExceeded)
	case <-time.After(s.limit + collectGrace):
		o = outcome{hung: true}
	}
	if o.hung {
		s.markHung(rule)
	}
	return o
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
