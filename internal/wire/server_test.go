package wire

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire/enginev1"
)

// scripted is an engine whose behaviour per page the test chooses.
type scripted struct {
	info  func() core.Info
	page  func(ctx context.Context, n int) (core.PageResult, error)
	calls sync.WaitGroup
}

func (s *scripted) Describe(context.Context) (core.Info, error) {
	if s.info != nil {
		return s.info(), nil
	}
	return core.Info{Name: "scripted", Version: "0"}, nil
}

func (s *scripted) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		for _, n := range req.Pages {
			r, err := s.page(ctx, n)
			if !yield(r, err) || err != nil {
				return
			}
		}
	}
}

func serve(t *testing.T, e core.Engine) (*Client, func()) {
	t.Helper()
	conn, stop := serveConn(t, e)
	return NewClient(enginev1.NewEngineServiceClient(conn)), stop
}

// serveConn serves e in memory and dials it.
func serveConn(t *testing.T, e core.Engine) (*grpc.ClientConn, func()) {
	t.Helper()
	lis := bufconn.Listen(1 << 20)
	srv := grpc.NewServer(ServerOptions()...)
	Register(srv, e)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); _ = srv.Serve(lis) }()
	conn, err := grpc.NewClient("passthrough:///bufnet",
		append(DialOptions(),
			grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
			grpc.WithTransportCredentials(insecure.NewCredentials()))...)
	if err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop := func() {
		once.Do(func() {
			srv.Stop()
			wg.Wait()
		})
	}
	t.Cleanup(func() { stop(); _ = conn.Close() })
	return conn, stop
}

func okPage(n int) core.PageResult {
	return core.PageResult{Page: core.Page{Number: n, Width: 100, Height: 100, Blocks: []core.Block{{Kind: core.KindParagraph,
		Lines: []core.Line{{Words: []core.Word{{Text: "w", BBox: core.BBox{X0: 1, Y0: 1, X1: 2, Y1: 2}}}}}}}}, Status: core.StatusOK}
}

func TestServerStreamsAndRecovers(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	e := &scripted{page: func(ctx context.Context, n int) (core.PageResult, error) {
		switch n {
		case 2:
			select {
			case <-release:
			case <-ctx.Done():
				return core.PageResult{}, ctx.Err()
			}
		case 7:
			panic("boom on page 7")
		case 8:
			return core.PageResult{}, &core.EngineError{Engine: "scripted", Err: core.ErrEncrypted}
		case 9:
			return core.Failed(9, core.ErrNoSuchPage), nil
		}
		return okPage(n), nil
	}}
	c, _ := serve(t, e)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	t.Run("pages stream as yielded", func(t *testing.T) {
		var got []int
		for r, err := range c.Extract(ctx, &core.Request{Pages: []int{1, 2, 3}}) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, r.Page.Number)
			if r.Page.Number == 1 {
				close(release) // page 2 is only produced after page 1 arrived here
			}
			if r.Page.Text() != "w" {
				t.Errorf("text %q", r.Page.Text())
			}
		}
		if len(got) != 3 {
			t.Errorf("pages %v", got)
		}
	})
	t.Run("panic becomes engine_crashed and the server keeps serving", func(t *testing.T) {
		var pages []int
		var last error
		for r, err := range c.Extract(ctx, &core.Request{Pages: []int{1, 7, 3}}) {
			if err != nil {
				last = err
				continue
			}
			pages = append(pages, r.Page.Number)
		}
		if !errors.Is(last, core.ErrEngineCrashed) || !strings.Contains(last.Error(), "boom on page 7") {
			t.Fatalf("err = %v", last)
		}
		// One line naming where it panicked; the stack goes to the log.
		if msg := last.Error(); !strings.Contains(msg, "server_test.go") || strings.Contains(msg, "\n") {
			t.Errorf("want one line naming the panicking frame, got %q", msg)
		}
		if len(pages) != 1 || pages[0] != 1 {
			t.Errorf("pages %v", pages)
		}
		n := 0
		for _, err := range c.Extract(ctx, &core.Request{Pages: []int{4}}) {
			if err != nil {
				t.Fatal(err)
			}
			n++
		}
		if n != 1 {
			t.Errorf("after panic: %d pages", n)
		}
	})
	t.Run("document and page errors keep their sentinel", func(t *testing.T) {
		var docErr error
		var failed core.PageResult
		for r, err := range c.Extract(ctx, &core.Request{Pages: []int{9, 8, 1}}) {
			if err != nil {
				docErr = err
				continue
			}
			failed = r
		}
		if !errors.Is(docErr, core.ErrEncrypted) {
			t.Errorf("doc err %v", docErr)
		}
		var rpc *RPCError
		if errors.As(docErr, &rpc) {
			t.Errorf("an engine's answer came back as an RPC failure: %v", docErr)
		}
		if failed.Status != core.StatusFailed || !errors.Is(failed.Err, core.ErrNoSuchPage) {
			t.Errorf("page 9: %v %v", failed.Status, failed.Err)
		}
	})
}

func TestServerCancellationReachesEngine(t *testing.T) {
	t.Parallel()
	seen := make(chan struct{})
	e := &scripted{page: func(ctx context.Context, n int) (core.PageResult, error) {
		<-ctx.Done()
		close(seen)
		return core.PageResult{}, ctx.Err()
	}}
	c, _ := serve(t, e)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	var last error
	for _, err := range c.Extract(ctx, &core.Request{Pages: []int{1}}) {
		last = err
	}
	if !errors.Is(last, core.ErrTimeout) {
		t.Errorf("err %v", last)
	}
	select {
	case <-seen:
	case <-time.After(5 * time.Second):
		t.Fatal("engine never saw the cancellation")
	}
}

func TestDescribe(t *testing.T) {
	t.Parallel()
	c, stop := serve(t, &scripted{info: func() core.Info { return core.Info{Name: "n", Version: "v", Cost: 2} }})
	ctx := context.Background()
	info, err := c.Describe(ctx)
	if err != nil || info.Name != "n" || info.Cost != 2 {
		t.Fatalf("%+v %v", info, err)
	}
	stop()
	_, err = c.Describe(ctx)
	var rpc *RPCError
	if !errors.As(err, &rpc) || !errors.Is(err, core.ErrEngineCrashed) {
		t.Errorf("after stop: %v", err)
	}

	p, _ := serve(t, &scripted{info: func() core.Info { panic("describe panics") }})
	if _, err := p.Describe(ctx); !errors.Is(err, core.ErrEngineCrashed) || !strings.Contains(err.Error(), "describe panics") {
		t.Errorf("panicking describe: %v", err)
	}
}

// configEngine records Configure calls and fails them for options "bad".
type configEngine struct {
	calls []string
}

func (c *configEngine) Describe(context.Context) (core.Info, error) {
	return core.Info{Name: "cfg", Version: "1"}, nil
}

func (c *configEngine) Configure(_ context.Context, opts json.RawMessage) error {
	c.calls = append(c.calls, string(opts))
	if string(opts) == `"bad"` {
		return fmt.Errorf("%w: install the models", core.ErrUnsupported)
	}
	return nil
}

func (c *configEngine) Extract(_ context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		for _, p := range req.Pages {
			if !yield(core.PageResult{Page: core.Page{Number: p, Width: 10, Height: 10}, Status: core.StatusOK}, nil) {
				return
			}
		}
	}
}

func TestServerConfiguresOnOptionChange(t *testing.T) {
	t.Parallel()
	eng := &configEngine{}
	client, _ := serve(t, eng)
	run := func(opts string) error {
		var last error
		for _, err := range client.Extract(t.Context(), &core.Request{Source: "x.pdf", Pages: []int{1}, Options: json.RawMessage(opts)}) {
			last = err
		}
		return last
	}
	for _, o := range []string{`{"a":1}`, `{"a":1}`, `{"a":2}`} {
		if err := run(o); err != nil {
			t.Fatal(err)
		}
	}
	if len(eng.calls) != 2 {
		t.Fatalf("Configure calls %q, want one per distinct options", eng.calls)
	}
	if err := run(`"bad"`); !errors.Is(err, core.ErrUnsupported) || !strings.Contains(err.Error(), "install the models") {
		t.Fatalf("a Configure error should answer the request, got %v", err)
	}
}

func TestDescribeWithOptionsConfiguresFirst(t *testing.T) {
	t.Parallel()
	// Describe with options configures the engine as an Extract with the
	// same options would (once), so it describes what it will use; a
	// Configure error answers the Describe.
	eng := &configEngine{}
	client, _ := serve(t, eng)
	if _, err := client.DescribeWith(t.Context(), []byte(`{"model":"m"}`)); err != nil {
		t.Fatal(err)
	}
	for range client.Extract(t.Context(), &core.Request{Source: "x.pdf", Pages: []int{1}, Options: json.RawMessage(`{"model":"m"}`)}) {
	}
	if len(eng.calls) != 1 || eng.calls[0] != `{"model":"m"}` {
		t.Fatalf("Configure calls %q, want the options once", eng.calls)
	}
	if _, err := client.DescribeWith(t.Context(), []byte(`"bad"`)); !errors.Is(err, core.ErrUnsupported) {
		t.Fatalf("a Configure error should answer Describe, got %v", err)
	}
}

// The server packs a page's words only for a request that says the host
// reads them; the host's client always says so.
func TestServerPacksWordsWhenAsked(t *testing.T) {
	t.Parallel()
	conn, _ := serveConn(t, &scripted{page: func(_ context.Context, n int) (core.PageResult, error) { return okPage(n), nil }})
	rpc := enginev1.NewEngineServiceClient(conn)
	for _, packed := range []bool{false, true} {
		stream, err := rpc.Extract(t.Context(), &enginev1.ExtractRequest{Pages: []int32{1}, PackedWords: packed})
		if err != nil {
			t.Fatal(err)
		}
		ev, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		p := ev.GetPage().GetPage()
		line := p.GetBlocks()[0].GetLines()[0]
		if got := p.GetWords() != nil && line.GetPackedWords() == 1 && len(line.GetWords()) == 0; got != packed {
			t.Errorf("packed_words %v: page words %v, line %+v", packed, p.GetWords(), line)
		}
	}
	if !RequestToProto(&core.Request{}).GetPackedWords() {
		t.Error("the host's request does not ask for packed words")
	}
}
