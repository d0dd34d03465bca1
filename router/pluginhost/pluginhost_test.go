package pluginhost

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/sdk/sdktest"
)

// binDir holds the test engines as assay-engine-NAME; selfPath is the
// words engine built as a fake assay binary with built-in engines.
var binDir, selfPath string

var testEngines = []string{"misbehave", "hang", "slow", "words", "counter", "shifted"}

func TestMain(m *testing.M) {
	os.Exit(func() int {
		tmp, err := os.MkdirTemp("", "pluginhost-test-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(tmp)
		binDir = filepath.Join(tmp, "bin")
		selfDir := filepath.Join(tmp, "self")
		for _, d := range []string{binDir, selfDir} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
		}
		goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(goTool); err != nil {
			goTool = "go"
		}
		build := func(out, pkg string) error {
			cmd := exec.Command(goTool, "build", "-o", out, pkg)
			if b, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("go build %s: %v\n%s", pkg, err, b)
			}
			return nil
		}
		var wg sync.WaitGroup
		errs := make([]error, len(testEngines)+3)
		for i, name := range testEngines {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = build(filepath.Join(binDir, ExecutablePrefix+name), "./testdata/engines/"+name)
			}()
		}
		wg.Wait()
		// "wrong" keeps the contract under a name that is not one of
		// its faults.
		errs[len(testEngines)+1] = build(filepath.Join(binDir, ExecutablePrefix+"plain"), "./testdata/engines/wrong")
		// "slow" that serves concurrent calls in one process.
		errs[len(testEngines)+2] = build(filepath.Join(binDir, ExecutablePrefix+"sharedslow"), "./testdata/engines/slow")
		selfPath = filepath.Join(selfDir, "assay")
		errs[len(testEngines)] = build(selfPath, "./testdata/engines/words")
		if err := errors.Join(errs...); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return m.Run()
	}())
}

// newHost makes a host over the test engines whose logs go to the test
// log, closed at the end of the test.
func newHost(t *testing.T, cfg Config) *Host {
	t.Helper()
	if cfg.Dirs == nil {
		cfg.Dirs = []string{binDir}
	}
	if cfg.Self == "" {
		cfg.Self = selfPath
	}
	if cfg.Stderr == nil {
		cfg.Stderr = testWriter{t}
	}
	h := New(cfg)
	t.Cleanup(func() { _ = h.Close() })
	return h
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(b []byte) (int, error) {
	if testing.Verbose() {
		w.t.Log(strings.TrimRight(string(b), "\n"))
	}
	return len(b), nil
}

func engine(t *testing.T, h *Host, name string) *Engine {
	t.Helper()
	e, err := h.Engine(name)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// drain collects a whole Extract.
func drain(ctx context.Context, e core.Engine, req *core.Request) (map[int]core.PageResult, []core.PageResult, error) {
	byPage := map[int]core.PageResult{}
	var all []core.PageResult
	var docErr error
	for r, err := range e.Extract(ctx, req) {
		if err != nil {
			docErr = err
			continue
		}
		all = append(all, r)
		byPage[r.Page.Number] = r
	}
	return byPage, all, docErr
}

func checkOnce(t *testing.T, pages []int, all []core.PageResult) {
	t.Helper()
	seen := map[int]int{}
	for _, r := range all {
		seen[r.Page.Number]++
	}
	for _, p := range pages {
		if seen[p] != 1 {
			t.Errorf("page %d answered %d times", p, seen[p])
		}
	}
	if len(all) != len(pages) {
		t.Errorf("%d results for %d pages", len(all), len(pages))
	}
}

func TestMisbehavingEngine(t *testing.T) {
	h := newHost(t, Config{})
	e := engine(t, h, "misbehave")
	const deadline = 6 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	pages := []int{1, 2, 3, 4, 5}
	start := time.Now()
	got, all, docErr := drain(ctx, e, &core.Request{Source: "unused.pdf", Pages: pages, PageTimeout: time.Second})
	took := time.Since(start)
	t.Logf("took %v, restarts %d", took, e.Restarts())
	if docErr != nil {
		t.Fatalf("document error: %v", docErr)
	}
	checkOnce(t, pages, all)
	for _, n := range []int{1, 5} {
		if r := got[n]; r.Status != core.StatusOK || r.Page.Text() != fmt.Sprintf("page-%d", n) {
			t.Errorf("page %d: %s %q %v", n, r.Status, r.Page.Text(), r.Err)
		}
	}
	if r := got[2]; r.Status != core.StatusFailed || !errors.Is(r.Err, core.ErrEngineCrashed) || !strings.Contains(r.Err.Error(), "boom on page 2") {
		t.Errorf("page 2: %s %v", r.Status, r.Err)
	}
	if r := got[3]; r.Status != core.StatusTimeout || !errors.Is(r.Err, core.ErrTimeout) {
		t.Errorf("page 3: %s %v", r.Status, r.Err)
	}
	if r := got[4]; r.Status != core.StatusFailed || !errors.Is(r.Err, core.ErrEngineCrashed) || !strings.Contains(r.Err.Error(), "exit status 3") {
		t.Errorf("page 4: %s %v", r.Status, r.Err)
	}
	for n, r := range got {
		var ee *core.EngineError
		if r.Err != nil && (!errors.As(r.Err, &ee) || ee.Engine != "misbehave" || ee.Page != n) {
			t.Errorf("page %d: error %v does not name the engine and page", n, r.Err)
		}
	}
	if e.Restarts() < 1 {
		t.Errorf("restarts = %d", e.Restarts())
	}
	if took > deadline+time.Second {
		t.Errorf("took %v, deadline %v", took, deadline)
	}
}

func alive(pid int) bool {
	// A zombie would still answer signal 0, so look at its state too.
	if err := syscall.Kill(pid, 0); err != nil {
		return false
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	_, rest, _ := strings.Cut(string(b), ") ")
	return !strings.HasPrefix(rest, "Z")
}

func TestHangWithDeadlineOnly(t *testing.T) {
	h := newHost(t, Config{})
	e := engine(t, h, "hang")
	// Start the process first so that a slow start on a busy machine does
	// not eat the deadline before the engine could write its pid.
	if _, err := e.Describe(context.Background()); err != nil {
		t.Fatal(err)
	}
	pidFile := filepath.Join(t.TempDir(), "pid")
	const deadline = 1500 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	pages := []int{1, 2, 3}
	start := time.Now()
	got, all, docErr := drain(ctx, e, &core.Request{Source: "unused.pdf", Pages: pages,
		Options: []byte(fmt.Sprintf(`{"pidfile":%q}`, pidFile))})
	took := time.Since(start)
	if docErr != nil {
		t.Fatalf("document error: %v", docErr)
	}
	checkOnce(t, pages, all)
	for _, n := range pages {
		if r := got[n]; r.Status != core.StatusTimeout || !errors.Is(r.Err, core.ErrTimeout) || !errors.Is(r.Err, context.DeadlineExceeded) {
			t.Errorf("page %d: %s %v", n, r.Status, r.Err)
		}
	}
	if took > deadline+time.Second {
		t.Errorf("took %v, deadline %v", took, deadline)
	}
	t.Logf("returned %v after the deadline", took-deadline)
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(string(b))
	if pid <= 0 || alive(pid) {
		t.Errorf("engine process %d still exists", pid)
	}
}

// TestKilledEngineLeavesNoSocket kills an engine at its deadline, and
// then a second one that ends its run normally, and finds nothing of
// theirs left in the temporary directory: a killed engine cannot remove
// its own Unix socket, so the host does. The socket directory of an
// engine whose host was killed (no one holds its lock) is swept too.
func TestKilledEngineLeavesNoSocket(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	orphan := filepath.Join(tmp, "assay-engine-orphan")
	if err := os.MkdirAll(orphan, 0o700); err != nil {
		t.Fatal(err)
	}
	// internal/tempdir's lock file, which no live process holds.
	if err := os.WriteFile(filepath.Join(orphan, ".owner"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	h := New(Config{Dirs: []string{binDir}, Self: selfPath, Stderr: testWriter{t}})
	hang := engine(t, h, "hang")
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if _, all, _ := drain(ctx, hang, &core.Request{Source: "unused.pdf", Pages: []int{1}}); len(all) != 1 || all[0].Status != core.StatusTimeout {
		t.Fatalf("hang: %+v, want one page timed out", all)
	}
	words := engine(t, h, "words")
	pdf := sdktest.WriteTextPDF(t, t.TempDir())
	if _, _, err := drain(context.Background(), words, &core.Request{Source: pdf, Pages: []int{1}}); err != nil {
		t.Fatal(err)
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("left in the temporary directory: %s", e.Name())
	}
}

func TestCancellation(t *testing.T) {
	h := newHost(t, Config{})
	e := engine(t, h, "hang")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	got, all, docErr := drain(ctx, e, &core.Request{Source: "unused.pdf", Pages: []int{1, 2}})
	if docErr != nil {
		t.Fatal(docErr)
	}
	checkOnce(t, []int{1, 2}, all)
	for n, r := range got {
		if r.Status != core.StatusTimeout || !errors.Is(r.Err, core.ErrCanceled) {
			t.Errorf("page %d: %s %v", n, r.Status, r.Err)
		}
	}
}

func TestKilledMidDocument(t *testing.T) {
	h := newHost(t, Config{})
	e := engine(t, h, "slow")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	pages := []int{1, 2, 3, 4, 5, 6}
	var all []core.PageResult
	killed := 0
	for r, err := range e.Extract(ctx, &core.Request{Source: "unused.pdf", Pages: pages, PageTimeout: 5 * time.Second}) {
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, r)
		if len(all) == 2 {
			killed = int(r.Stats["pid"])
			if err := syscall.Kill(killed, syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
		}
	}
	checkOnce(t, pages, all)
	for i, r := range all {
		if r.Status != core.StatusOK || r.Page.Text() != fmt.Sprintf("slow-%d", r.Page.Number) {
			t.Errorf("page %d: %s %q %v", r.Page.Number, r.Status, r.Page.Text(), r.Err)
		}
		if pid := int(r.Stats["pid"]); i >= 2 && pid == killed {
			t.Errorf("page %d came from the killed process", r.Page.Number)
		}
	}
	if e.Restarts() != 1 {
		t.Errorf("restarts = %d, want 1", e.Restarts())
	}
}

func TestConformanceThroughHost(t *testing.T) {
	h := newHost(t, Config{})
	sdktest.Run(t, engine(t, h, "plain"))
}

func TestBuiltin(t *testing.T) {
	h := newHost(t, Config{Builtins: []string{"alpha", "words"}})
	got, _, err := drain(context.Background(), engine(t, h, "alpha"), &core.Request{
		Source: sdktest.WriteTextPDF(t, t.TempDir()), Pages: []int{2}})
	if err != nil {
		t.Fatal(err)
	}
	if r := got[2]; r.Status != core.StatusOK || r.Page.Text() != "alpha-2" {
		t.Errorf("%s %q %v", r.Status, r.Page.Text(), r.Err)
	}
	// The built-in "words" shadows the executable of the same name.
	e := engine(t, h, "words")
	if f := e.Found(); !f.Builtin || f.Path != selfPath {
		t.Errorf("words found as %+v", f)
	}
}

func TestDescribe(t *testing.T) {
	h := newHost(t, Config{Builtins: []string{"alpha"}, Dirs: []string{binDir}})
	ds, err := h.Describe(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range ds {
		names = append(names, d.Name)
		if d.Err != nil {
			t.Errorf("%s: %v", d.Name, d.Err)
		}
		if d.Info.Name != d.Name || d.Info.Version == "" {
			t.Errorf("%s: info %+v", d.Name, d.Info)
		}
	}
	if want := append([]string{"alpha"}, slices.Sorted(slices.Values(append([]string{"plain", "sharedslow"}, testEngines...)))...); !slices.Equal(names, want) {
		t.Errorf("described %v, want %v", names, want)
	}
}

func TestUnknownEngine(t *testing.T) {
	h := newHost(t, Config{})
	if _, err := h.Engine("nope"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("err = %v", err)
	}
}

func TestStartFailure(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, ExecutablePrefix+"broken")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho 'cannot start: missing model' >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	h := newHost(t, Config{Dirs: []string{dir}, StartTimeout: 2 * time.Second})
	_, all, err := drain(context.Background(), engine(t, h, "broken"), &core.Request{Source: "x.pdf", Pages: []int{1}})
	if len(all) != 0 || !errors.Is(err, ErrStart) || !errors.Is(err, core.ErrEngineCrashed) {
		t.Fatalf("results %v, err %v", all, err)
	}
	if !strings.Contains(err.Error(), "missing model") {
		t.Errorf("error does not show the engine's stderr: %v", err)
	}
}

func TestCloseDuringExtract(t *testing.T) {
	h := New(Config{Self: selfPath, Dirs: []string{binDir}})
	e := engine(t, h, "slow")
	pages := []int{1, 2, 3, 4, 5}
	var all []core.PageResult
	var docErr error
	for r, err := range e.Extract(context.Background(), &core.Request{Source: "x.pdf", Pages: pages}) {
		if err != nil {
			docErr = err
			continue
		}
		all = append(all, r)
		if len(all) == 1 {
			if err := h.Close(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if docErr != nil {
		t.Fatal(docErr)
	}
	checkOnce(t, pages, all)
	for _, r := range all[1:] {
		if r.Status != core.StatusFailed || !errors.Is(r.Err, ErrClosed) {
			t.Errorf("page %d: %s %v", r.Page.Number, r.Status, r.Err)
		}
	}
	if _, err := h.Engine("slow"); !errors.Is(err, ErrClosed) {
		t.Errorf("Engine after Close: %v", err)
	}
}

func TestConcurrentExtracts(t *testing.T) {
	h := newHost(t, Config{Procs: 2})
	e := engine(t, h, "slow")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, all, err := drain(ctx, e, &core.Request{Source: "x.pdf", Pages: []int{1, 2}})
			switch {
			case err != nil:
				errs[i] = err
			case len(all) != 2 || got[1].Status != core.StatusOK || got[2].Status != core.StatusOK:
				errs[i] = fmt.Errorf("call %d: %v", i, all)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Error(err)
	}
	if e.Restarts() != 0 {
		t.Errorf("restarts = %d", e.Restarts())
	}
}

// TestSharedProcess checks that an engine declaring concurrent calls
// reads concurrent calls in one process, and starts one again after that
// process dies; an engine that does not has a process per call.
func TestSharedProcess(t *testing.T) {
	t.Parallel()
	pids := func(e *Engine, calls int) map[float64]bool {
		t.Helper()
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		defer cancel()
		var mu sync.Mutex
		seen := map[float64]bool{}
		var wg sync.WaitGroup
		for range calls {
			wg.Go(func() {
				got, _, err := drain(ctx, e, &core.Request{Source: "x.pdf", Pages: []int{1, 2}, Options: []byte(`{"page_ms":100}`)})
				if err != nil || got[1].Status != core.StatusOK || got[2].Status != core.StatusOK {
					t.Errorf("%s: %v %+v", e.Name(), err, got)
					return
				}
				mu.Lock()
				seen[got[1].Stats["pid"]], seen[got[2].Stats["pid"]] = true, true
				mu.Unlock()
			})
		}
		wg.Wait()
		return seen
	}
	// Without a Describe first, the calls arrive before the host knows
	// whether the engine shares: they wait for the first start to say.
	for _, tc := range []struct {
		name     string
		describe bool
		procs    int
	}{{"sharedslow", true, 1}, {"sharedslow", false, 1}, {"slow", true, 3}, {"slow", false, 3}} {
		e := engine(t, newHost(t, Config{Procs: 3}), tc.name)
		if tc.describe {
			if _, err := e.Describe(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		if got := pids(e, 3); len(got) != tc.procs {
			t.Errorf("%s (described first: %v): 3 calls at once ran in %d processes, want %d", tc.name, tc.describe, len(got), tc.procs)
		}
		if tc.procs != 1 || !tc.describe {
			continue
		}
		// Kill the shared process: the next calls start one, and share it.
		e.pool.mu.Lock()
		var live []*proc
		for p := range e.pool.live {
			live = append(live, p)
		}
		e.pool.mu.Unlock()
		for _, p := range live {
			p.kill()
		}
		if got := pids(e, 3); len(got) != 1 {
			t.Errorf("%s after its process died: %d processes, want 1", tc.name, len(got))
		}
	}
}

func TestDiscoverOrder(t *testing.T) {
	root := t.TempDir()
	mk := func(dir, name string, mode os.FileMode) {
		t.Helper()
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"), mode); err != nil {
			t.Fatal(err)
		}
	}
	selfDir, p1, p2 := filepath.Join(root, "self"), filepath.Join(root, "p1"), filepath.Join(root, "p2")
	mk(selfDir, "assay", 0o755)
	mk(selfDir, ExecutablePrefix+"a", 0o755) // shadowed by the built-in a
	mk(selfDir, ExecutablePrefix+"b", 0o755)
	mk(selfDir, "README", 0o644)
	mk(p1, ExecutablePrefix+"b", 0o755) // shadowed by the one next to assay
	mk(p1, ExecutablePrefix+"c", 0o755)
	mk(p2, ExecutablePrefix+"d", 0o755)
	mk(p2, ExecutablePrefix+"e", 0o644) // not executable
	if err := os.MkdirAll(filepath.Join(p2, ExecutablePrefix+"f"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvPluginPath, p1+string(os.PathListSeparator)+filepath.Join(root, "missing")+string(os.PathListSeparator)+p2)

	h := New(Config{Self: filepath.Join(selfDir, "assay"), Builtins: []string{"a", "z"}})
	got := h.Discover()
	want := []Found{
		{Name: "a", Path: filepath.Join(selfDir, "assay"), Builtin: true},
		{Name: "z", Path: filepath.Join(selfDir, "assay"), Builtin: true},
		{Name: "b", Path: filepath.Join(selfDir, ExecutablePrefix+"b")},
		{Name: "c", Path: filepath.Join(p1, ExecutablePrefix+"c")},
		{Name: "d", Path: filepath.Join(p2, ExecutablePrefix+"d")},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Discover:\n got %+v\nwant %+v", got, want)
	}
	// Explicit Dirs replace the defaults.
	h = New(Config{Self: filepath.Join(selfDir, "assay"), Dirs: []string{p2, p1}})
	var names []string
	for _, f := range h.Discover() {
		names = append(names, f.Name+"@"+filepath.Base(filepath.Dir(f.Path)))
	}
	if want := []string{"d@p2", "b@p1", "c@p1"}; !slices.Equal(names, want) {
		t.Errorf("with Dirs: %v, want %v", names, want)
	}
}

// BenchmarkExtractWarm measures one three-page Extract on a warm process
// of the words engine.
func BenchmarkExtractWarm(b *testing.B) {
	h := New(Config{Self: selfPath, Dirs: []string{binDir}})
	defer h.Close()
	e, err := h.Engine("words")
	if err != nil {
		b.Fatal(err)
	}
	src := sdktest.WriteTextPDF(b, b.TempDir())
	req := &core.Request{Source: src, Pages: []int{1, 2, 3}}
	for b.Loop() {
		for _, err := range e.Extract(context.Background(), req) {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkDeadlineToReturn measures how long after its deadline a call
// to a hung engine returns (including killing the process).
func BenchmarkDeadlineToReturn(b *testing.B) {
	h := New(Config{Self: selfPath, Dirs: []string{binDir}})
	defer h.Close()
	e, err := h.Engine("hang")
	if err != nil {
		b.Fatal(err)
	}
	var late time.Duration
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		dl, _ := ctx.Deadline()
		for range e.Extract(ctx, &core.Request{Pages: []int{1}}) {
		}
		late += time.Since(dl)
		cancel()
	}
	b.ReportMetric(float64(late.Microseconds())/float64(b.N)/1000, "ms-late/op")
}

// A process is retired after MaxCalls calls, gracefully and without counting
// as a restart, and the next call gets a fresh one.
func TestProcessesAreRecycledAfterMaxCalls(t *testing.T) {
	h := newHost(t, Config{MaxCalls: 2})
	e := engine(t, h, "words")
	pdf := sdktest.WriteTextPDF(t, t.TempDir())
	pids := map[int]bool{}
	for range 5 {
		byPage, _, err := drain(t.Context(), e, &core.Request{Source: pdf, Pages: []int{1}})
		if err != nil || byPage[1].Status != core.StatusOK {
			t.Fatalf("extract: %v %+v", err, byPage[1])
		}
		e.pool.mu.Lock()
		for p := range e.pool.live {
			pids[p.pid] = true
		}
		e.pool.mu.Unlock()
	}
	if len(pids) < 3 {
		t.Fatalf("5 calls with MaxCalls 2 ran in %d processes, want 3", len(pids))
	}
	if n := e.Restarts(); n != 0 {
		t.Fatalf("retiring a process is not a restart, got %d", n)
	}
}

// slowPID is the pid of the process of the test engine slow that reads
// page 1 of pdf.
func slowPID(t *testing.T, slow *Engine, pdf string) float64 {
	t.Helper()
	got, _, err := drain(context.Background(), slow, &core.Request{Source: pdf, Pages: []int{1}})
	if err != nil {
		t.Fatal(err)
	}
	return got[1].Stats["pid"]
}

// lateTimer is a context whose deadline has passed by the clock before
// its timer ends it, as on a loaded machine where the timer's goroutine
// runs late. The engine, told the deadline over gRPC, stops first.
type lateTimer struct {
	context.Context
	deadline time.Time
}

func (c lateTimer) Deadline() (time.Time, bool) { return c.deadline, true }

// TestDeadlineBeforeTheTimer checks that an engine which ends its stream
// on the call's deadline, before the host's own timer has run, is a
// deadline (the process that stopped is kept), not a crash.
func TestDeadlineBeforeTheTimer(t *testing.T) {
	t.Parallel()
	h := newHost(t, Config{})
	pdf := sdktest.WriteTextPDF(t, t.TempDir())
	slow := engine(t, h, "slow")
	pid := func() float64 { return slowPID(t, slow, pdf) }
	before := pid()
	const (
		midPage = 500 * time.Millisecond
		late    = 300 * time.Millisecond
	)
	deadline := time.Now().Add(midPage)
	inner, cancel := context.WithDeadline(context.Background(), deadline.Add(late))
	defer cancel()
	got, _, _ := drain(lateTimer{inner, deadline}, slow, &core.Request{Source: pdf, Pages: []int{1, 2}, Options: []byte(`{"page_ms":1500}`)})
	for _, p := range []int{1, 2} {
		if r := got[p]; r.Status != core.StatusTimeout || !errors.Is(r.Err, core.ErrTimeout) {
			t.Errorf("page %d: %v, %v; want a timeout", p, r.Status, r.Err)
		}
	}
	if n, err := slow.CancelReport(); n != 1 || err != nil {
		t.Errorf("%d cancels, last %v; want 1, stopped by itself", n, err)
	}
	if after := pid(); after != before {
		t.Errorf("pid %v after the deadline, %v before: the process that stopped was not kept", after, before)
	}
}

// TestCancelKeepsAnEngineThatStops: a call whose deadline passes, of an
// engine that honours its context, ends with the process kept (it reports
// no call running), so the next call needs no new process; a canceled
// call's process is killed even so, and the report says it stopped; an
// engine that works on after the cancel is killed, and the report says
// why.
func TestCancelKeepsAnEngineThatStops(t *testing.T) {
	t.Parallel()
	h := newHost(t, Config{})
	pdf := sdktest.WriteTextPDF(t, t.TempDir())
	// Within slow's first page, with room for a loaded machine to start
	// the call first: a context that ends before the call reaches the
	// engine is no cancel the engine sees.
	const midPage = 500 * time.Millisecond
	read := func(e *Engine, ctx context.Context) {
		drain(ctx, e, &core.Request{Source: pdf, Pages: []int{1, 2, 3}, Options: []byte(`{"page_ms":1500}`)})
	}
	deadlineMidCall := func(e *Engine) {
		ctx, cancel := context.WithTimeout(context.Background(), midPage)
		defer cancel()
		read(e, ctx)
	}
	cancelMidCall := func(e *Engine) {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(midPage, cancel)
		read(e, ctx)
	}

	slow := engine(t, h, "slow")
	pid := func() float64 { return slowPID(t, slow, pdf) }
	before := pid()
	deadlineMidCall(slow)
	if n, err := slow.CancelReport(); n != 1 || err != nil {
		t.Errorf("slow: %d cancels, last %v; want 1, stopped by itself", n, err)
	}
	if after := pid(); after != before {
		t.Errorf("slow: pid %v after the deadline, %v before: the process that stopped was not kept", after, before)
	}
	cancelMidCall(slow)
	if n, err := slow.CancelReport(); n != 2 || err != nil {
		t.Errorf("slow: %d cancels, last %v; want 2, stopped by itself", n, err)
	}
	if after := pid(); after == before {
		t.Errorf("slow: pid %v after a cancel: a canceled run's process must go", after)
	}

	// hang is canceled once it is at work (it writes its pid first), not
	// while its process is still starting.
	hang := engine(t, h, "hang")
	pidfile := filepath.Join(t.TempDir(), "pid")
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		defer cancel() // at the latest after 10 s, so a broken engine fails the test rather than hangs it
		for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(10 * time.Millisecond) {
			if _, err := os.Stat(pidfile); err == nil {
				return
			}
		}
	}()
	drain(ctx, hang, &core.Request{Source: pdf, Pages: []int{1}, Options: []byte(`{"pidfile":"` + pidfile + `"}`)})
	cancel()
	if n, err := hang.CancelReport(); n != 1 || err == nil || !strings.Contains(err.Error(), "still working") {
		t.Errorf("hang: %d cancels, last %v; want 1, killed while still working", n, err)
	}
}

func TestShareOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ cores, busy, want int }{
		{16, 0, 16}, {16, 1, 8}, {16, 3, 4}, {2, 0, 2}, {2, 1, 1}, {2, 5, 1}, {1, 0, 1},
	} {
		if got := shareOf(c.cores, c.busy); got != c.want {
			t.Errorf("shareOf(%d cores, %d busy) = %d, want %d", c.cores, c.busy, got, c.want)
		}
	}
}

// TestWorkersShareTheCores checks an engine's share for a new call while
// another call holds one of its processes.
func TestWorkersShareTheCores(t *testing.T) {
	t.Parallel()
	e := engine(t, newHost(t, Config{Procs: 2}), "words")
	cores := runtime.GOMAXPROCS(0)
	if got := e.Workers(); got != cores {
		t.Errorf("idle engine: Workers = %d, want all %d cores", got, cores)
	}
	p, err := e.pool.acquire(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := e.Workers(), max(1, cores/2); got != want {
		t.Errorf("one call in flight: Workers = %d, want %d", got, want)
	}
	e.pool.release(p, true)
	if got := e.Workers(); got != cores {
		t.Errorf("after the call: Workers = %d, want %d", got, cores)
	}
}
