package pluginhost

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"iter"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire"
	"github.com/assay-pdf/assay/sdk"
	"github.com/assay-pdf/assay/sdk/sdktest"
)

// debugged answers every page with one word; it is served in process in
// debug mode, as an author would serve an engine under a debugger.
type debugged struct{}

func (debugged) Describe(context.Context) (core.Info, error) {
	return core.Info{Name: "debugged", Version: "1", Capabilities: []core.Capability{core.CapText}}, nil
}

func (debugged) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		for _, n := range req.Pages {
			w := core.Word{Text: fmt.Sprintf("attached-%d", n), BBox: core.BBox{X0: 72, Y0: 72, X1: 150, Y1: 86}}
			r := core.PageResult{Status: core.StatusOK, Page: core.Page{Number: n, Width: 612, Height: 792,
				Blocks: []core.Block{{Kind: core.KindParagraph, BBox: w.BBox, Lines: []core.Line{{BBox: w.BBox, Words: []core.Word{w}}}}}}}
			if !yield(r, nil) {
				return
			}
		}
	}
}

// TestAttachToDebugEngine serves an engine with sdk.WithDebug, gives the
// line it prints to the host as $ASSAY_REATTACH_ENGINES would, and checks
// that hosts read pages through it without starting a process, one after
// the other (closing a host leaves the engine serving), and that the
// engine stops when its context ends. go-plugin watches the attached
// process (this one) until it exits: one goroutine per attach outlives
// the test.
func TestAttachToDebugEngine(t *testing.T) {
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		sdk.Serve(debugged{}, sdk.WithDebug(true), sdk.WithDebugOutput(pw), sdk.WithLogLevel("off"), sdk.WithContext(ctx))
	}()
	line, err := reattachLine(pr)
	if err != nil {
		t.Fatal(err)
	}
	r, err := wire.ParseReattach(line)
	if err != nil {
		t.Fatal(err)
	}
	pdf := sdktest.WriteTextPDF(t, t.TempDir())
	for run := 1; run <= 2; run++ {
		h := New(Config{Reattach: r, Dirs: []string{}, Self: selfPath, Stderr: testWriter{t}})
		found := h.Discover()
		if len(found) == 0 || found[0].Name != "debugged" || !found[0].Attached {
			t.Fatalf("Discover = %+v; want the attached engine first", found)
		}
		got, _, err := drain(context.Background(), engine(t, h, "debugged"), &core.Request{Source: pdf, Pages: []int{1, 2}})
		if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		for _, n := range []int{1, 2} {
			p := got[n].Page
			if txt := p.Text(); txt != fmt.Sprintf("attached-%d", n) {
				t.Errorf("run %d, page %d: %q from the attached engine", run, n, txt)
			}
		}
		if err := h.Close(); err != nil {
			t.Fatal(err)
		}
	}
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the engine still serves 10 s after its context ended")
	}
}

// reattachLine reads what debug mode prints (one write) and returns the
// JSON value of the variable it names.
func reattachLine(r io.Reader) (string, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if _, v, ok := strings.Cut(sc.Text(), wire.EnvReattach+"='"); ok {
			return strings.TrimSuffix(v, "'"), nil
		}
	}
	return "", fmt.Errorf("no %s line: %v", wire.EnvReattach, sc.Err())
}
