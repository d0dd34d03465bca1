package service_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
	"github.com/assay-pdf/assay/service"
	"github.com/assay-pdf/assay/service/jobs"
)

// engineDir holds the slow test engine (300 ms a page), for cancels.
var engineDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "assay-service-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	engineDir = dir
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "assay-engine-slow"), "../router/pluginhost/testdata/engines/slow")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the slow engine:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// testService is a Server over an embedded NATS in a temporary
// directory, with one worker in process.
type testService struct {
	url string
	x   *assay.Extractor
	out assay.Output
}

func start(t *testing.T, cfg service.Config) *testService {
	t.Helper()
	emb, err := jobs.StartEmbedded(t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	nc, err := emb.Connect()
	if err != nil {
		t.Fatal(err)
	}
	q, err := jobs.Open(t.Context(), nc, jobs.Config{AckWait: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	x, err := assay.Open(assay.Config{EngineDirs: []string{engineDir}})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Queue, cfg.Extractor = q, x
	cfg.Output = assay.Output{Format: "md", PageMarkers: true}
	cfg.Metrics = service.NewMetrics(nil)
	srv := service.New(cfg)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		w := &jobs.Worker{Queue: q, Extractor: x, Concurrency: 2, Grace: time.Second, Observe: cfg.Metrics.ObserveBatch}
		_ = w.Run(ctx)
	}()
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.Close()
		stop()
		<-done
		x.Close()
		nc.Close()
		emb.Shutdown()
	})
	return &testService{url: hs.URL, x: x, out: cfg.Output}
}

// call sends a request and returns the status and body.
func (ts *testService) call(t *testing.T, method, path string, body io.Reader, header ...string) (int, []byte, http.Header) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, ts.url+path, body)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// want is what the library writes for the whole file, named name.
func (ts *testService) want(t *testing.T, path, name string, o assay.Output) []byte {
	t.Helper()
	res, err := ts.x.Extract(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	res.Source = name
	if o.Format == "chunks" {
		o.Chunks.DocID, _ = assay.DocID(name, bytes.NewReader(readFile(t, path)))
	}
	var buf bytes.Buffer
	if err := res.Write(&buf, o); err != nil {
		t.Fatal(err)
	}
	return normal(t, o.Format, buf.Bytes())
}

// normal drops from JSON the times, which differ from run to run.
func normal(t *testing.T, format string, b []byte) []byte {
	t.Helper()
	if format != "json" {
		return b
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%v: %.300s", err, b)
	}
	delete(doc, "timings")
	for _, p := range doc["pages"].([]any) {
		for _, a := range p.(map[string]any)["attempts"].([]any) {
			delete(a.(map[string]any), "ms")
		}
	}
	out, _ := json.MarshalIndent(doc, "", " ")
	return out
}

func multipartBody(t *testing.T, name string, data []byte) (io.Reader, string) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(data)
	_ = mw.Close()
	return &buf, mw.FormDataContentType()
}

func TestExtractIsTheLibrarysOutput(t *testing.T) {
	t.Parallel()
	ts := start(t, service.Config{})
	for _, tc := range []struct {
		file, format string
		multipart    bool
	}{
		{"pages.pdf", "md", false},
		{"columns.pdf", "json", true},
		{"mixed.pdf", "text", false},
		{"pages.pdf", "chunks", true},
	} {
		data := readFile(t, "../testdata/"+tc.file)
		var body io.Reader = bytes.NewReader(data)
		header := []string{"Content-Type", "application/pdf"}
		path := "/v1/extract?format=" + tc.format
		if tc.multipart {
			var ct string
			body, ct = multipartBody(t, tc.file, data)
			header = []string{"Content-Type", ct}
		} else {
			path += "&name=" + tc.file
		}
		code, got, h := ts.call(t, "POST", path, body, header...)
		if code != http.StatusOK {
			t.Fatalf("%s %s: %d %s", tc.file, tc.format, code, got)
		}
		o := ts.out
		o.Format = tc.format
		if want := ts.want(t, "../testdata/"+tc.file, tc.file, o); !bytes.Equal(want, normal(t, tc.format, got)) {
			t.Errorf("%s %s: the service's result differs from the library's\nwant:\n%.400s\ngot:\n%.400s", tc.file, tc.format, want, got)
		}
		if h.Get("X-Assay-Job") == "" || h.Get("X-Assay-Status") == "" {
			t.Errorf("%s: headers %v", tc.file, h)
		}
	}
}

// TestJobWithEvents queues a document of three batches, follows its
// events and reads its result in two formats.
func TestJobWithEvents(t *testing.T) {
	t.Parallel()
	ts := start(t, service.Config{})
	path := pdftest.Report(70).Write(t)
	code, body, _ := ts.call(t, "POST", "/v1/jobs?name=report.pdf", bytes.NewReader(readFile(t, path)))
	if code != http.StatusAccepted {
		t.Fatalf("%d %s", code, body)
	}
	var sub struct{ ID string }
	_ = json.Unmarshal(body, &sub)
	pages, end := ts.events(t, sub.ID)
	if pages != 70 || !strings.Contains(end, `"status":"done"`) || !strings.Contains(end, `"pages_done":70`) {
		t.Fatalf("%d page events, end %s", pages, end)
	}
	code, body, _ = ts.call(t, "GET", "/v1/jobs/"+sub.ID, nil)
	var st map[string]any
	if err := json.Unmarshal(body, &st); code != 200 || err != nil {
		t.Fatalf("%d %s", code, body)
	}
	for _, k := range []string{"id", "status", "pages_total", "pages_done", "error"} {
		if _, ok := st[k]; !ok {
			t.Errorf("status has no %q: %s", k, body)
		}
	}
	for _, format := range []string{"md", "json"} {
		code, got, _ := ts.call(t, "GET", "/v1/jobs/"+sub.ID+"/result?format="+format, nil)
		o := ts.out
		o.Format = format
		if want := ts.want(t, path, "report.pdf", o); code != 200 || !bytes.Equal(want, normal(t, format, got)) {
			t.Errorf("%s: %d, the job's result differs from the library's\ngot:\n%.400s", format, code, got)
		}
	}
}

// events reads the job's event stream to its end: the page events and
// the end event's data.
func (ts *testService) events(t *testing.T, id string) (pages int, end string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.url+"/v1/jobs/"+id+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	event := ""
	for sc.Scan() {
		line := sc.Text()
		if e, ok := strings.CutPrefix(line, "event: "); ok {
			event = e
			continue
		}
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			continue
		}
		switch event {
		case "page":
			pages++
		case "end":
			return pages, data
		}
	}
	t.Fatalf("the stream ended without an end event after %d pages", pages)
	return
}

func TestBadInputs(t *testing.T) {
	t.Parallel()
	ts := start(t, service.Config{MaxUpload: 50_000, MaxPages: 10})
	big := pdftest.Report(30).Bytes()
	for _, tc := range []struct {
		name   string
		body   []byte
		query  string
		status int
		code   string
	}{
		{"not a PDF", []byte("hello, this is text and not a PDF at all\n"), "", 422, "not_pdf"},
		{"empty", nil, "", 422, "empty_file"},
		{"encrypted", readFile(t, "../testdata/bad/encrypted.pdf"), "", 422, "encrypted"},
		{"too large", bytes.Repeat([]byte("%PDF-1.7\n"), 10_000), "", 413, "too_large"},
		{"too many pages", big, "", 413, "too_large"},
		{"bad pages", readFile(t, "../testdata/pages.pdf"), "?pages=9-3", 400, "bad_request"},
		{"bad format", readFile(t, "../testdata/pages.pdf"), "?format=docx", 400, "bad_request"},
		{"unknown engine", readFile(t, "../testdata/pages.pdf"), "?engines=nosuch", 400, "bad_request"},
	} {
		for _, route := range []string{"/v1/extract", "/v1/jobs"} {
			code, body, _ := ts.call(t, "POST", route+tc.query, bytes.NewReader(tc.body))
			var e struct {
				Error struct{ Code, Message string }
			}
			if err := json.Unmarshal(body, &e); err != nil || code != tc.status || e.Error.Code != tc.code || e.Error.Message == "" {
				t.Errorf("%s %s: %d %s, want %d with code %s", tc.name, route, code, body, tc.status, tc.code)
			}
		}
	}
	for _, path := range []string{"/v1/jobs/0123456789abcdef01234567", "/v1/jobs/nonsense/result", "/v1/nowhere"} {
		if code, body, _ := ts.call(t, "GET", path, nil); code != 404 || !bytes.Contains(body, []byte(`"not_found"`)) {
			t.Errorf("%s: %d %s", path, code, body)
		}
	}
	// The service goes on.
	if code, body, _ := ts.call(t, "POST", "/v1/extract?format=text", bytes.NewReader(readFile(t, "../testdata/simple.pdf"))); code != 200 || len(body) == 0 {
		t.Errorf("after bad inputs: %d %s", code, body)
	}
}

func TestAuthAndLimits(t *testing.T) {
	t.Parallel()
	ts := start(t, service.Config{Keys: map[string]string{"s3cret": "alice"}, PerKey: 1})
	pdf := readFile(t, "../testdata/simple.pdf")
	for _, h := range [][]string{nil, {"Authorization", "Bearer wrong"}, {"Authorization", "s3cret"}} {
		if code, body, _ := ts.call(t, "POST", "/v1/jobs", bytes.NewReader(pdf), h...); code != 401 || !bytes.Contains(body, []byte(`"unauthorized"`)) {
			t.Errorf("%v: %d %s", h, code, body)
		}
	}
	if code, body, _ := ts.call(t, "POST", "/v1/extract", bytes.NewReader(pdf), "Authorization", "Bearer s3cret"); code != 200 {
		t.Errorf("with the key: %d %s", code, body)
	}
	for _, open := range []string{"/livez", "/metrics", "/v1/openapi.json"} {
		if code, _, _ := ts.call(t, "GET", open, nil); code != 200 {
			t.Errorf("%s without a key: %d", open, code)
		}
	}
	// One request in flight for the key: a second one at the same time
	// is refused. Two requests send their bodies slowly, so each holds
	// its place until its body ends; whichever the service takes second
	// is refused at once, and the other is accepted when its body ends.
	type slow struct {
		pw    *io.PipeWriter
		code  chan int
		begun chan struct{} // closed once the body's first bytes are read
	}
	send := func() slow {
		pr, pw := io.Pipe()
		s := slow{pw: pw, code: make(chan int, 1), begun: make(chan struct{})}
		go func() {
			req, _ := http.NewRequestWithContext(t.Context(), "POST", ts.url+"/v1/jobs", pr)
			req.Header.Set("Authorization", "Bearer s3cret")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				s.code <- 0
				return
			}
			resp.Body.Close()
			s.code <- resp.StatusCode
		}()
		go func() {
			_, _ = pw.Write(pdf[:100])
			close(s.begun)
		}()
		return s
	}
	a, b := send(), send()
	var refused, other slow
	select {
	case code := <-a.code:
		refused, other = a, b
		a.code <- code
	case code := <-b.code:
		refused, other = b, a
		b.code <- code
	case <-time.After(10 * time.Second):
		t.Fatal("neither of two requests of the key at the same time was answered")
	}
	if code := <-refused.code; code != http.StatusTooManyRequests {
		t.Errorf("the request answered while the other was in flight: %d, want 429", code)
	}
	refused.pw.Close()
	// The rest of the body follows its first bytes: written before the
	// service has read those, it could reach the pipe first.
	<-other.begun
	_, _ = other.pw.Write(pdf[100:])
	other.pw.Close()
	if code := <-other.code; code != http.StatusAccepted {
		t.Errorf("the request in flight: %d, want 202", code)
	}
}

// TestCancel cancels a job whose pages go through the slow engine: its
// engine process is gone within 2 s, and the batch already done stays
// readable, the other's pages recorded as canceled.
func TestCancel(t *testing.T) {
	t.Parallel()
	ts := start(t, service.Config{})
	data := pdftest.Report(40).Bytes() // batches of 32 and 8 pages: 9.6 s and 2.4 s
	code, body, _ := ts.call(t, "POST", "/v1/jobs?engines=slow", bytes.NewReader(data))
	if code != http.StatusAccepted {
		t.Fatalf("%d %s", code, body)
	}
	var sub struct{ ID string }
	_ = json.Unmarshal(body, &sub)
	// One batch done, the other being read (which comes first depends on
	// which takes the engine process first).
	var st struct {
		PagesDone int `json:"pages_done"`
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, body, _ = ts.call(t, "GET", "/v1/jobs/"+sub.ID, nil)
		_ = json.Unmarshal(body, &st)
		if (st.PagesDone == 8 || st.PagesDone == 32) && len(slowEngines(t)) > 0 {
			break
		}
		if time.Now().After(deadline) || st.PagesDone == 40 {
			t.Fatalf("no batch finished alone: %s, slow engines %v", body, slowEngines(t))
		}
		time.Sleep(50 * time.Millisecond)
	}
	canceled := time.Now()
	if code, body, _ := ts.call(t, "DELETE", "/v1/jobs/"+sub.ID, nil); code != 200 || !bytes.Contains(body, []byte(`"canceled"`)) {
		t.Fatalf("cancel: %d %s", code, body)
	}
	for len(slowEngines(t)) > 0 {
		if time.Since(canceled) > 2*time.Second {
			t.Fatalf("engine processes %v still run 2 s after the cancel", slowEngines(t))
		}
		time.Sleep(20 * time.Millisecond)
	}
	code, got, h := ts.call(t, "GET", "/v1/jobs/"+sub.ID+"/result?format=json", nil)
	if code != 200 || h.Get("X-Assay-Job-Status") != "canceled" {
		t.Fatalf("result after cancel: %d %s", code, got)
	}
	var doc struct {
		Pages []struct {
			Number int
			Status string
			Error  *struct{ Code string }
		}
	}
	_ = json.Unmarshal(got, &doc)
	if len(doc.Pages) != 40 {
		t.Fatalf("%d pages in the result", len(doc.Pages))
	}
	for _, p := range doc.Pages {
		done := (p.Number > 32) == (st.PagesDone == 8)
		if done != (p.Status == "ok" || p.Status == "degraded") || (!done && (p.Error == nil || p.Error.Code != "canceled")) {
			t.Errorf("page %d: %s %+v", p.Number, p.Status, p.Error)
		}
	}
}

// slowEngines are the pids of running slow test engines.
func slowEngines(t *testing.T) []string {
	t.Helper()
	exe := filepath.Join(engineDir, "assay-engine-slow")
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	var pids []string
	for _, d := range dirs {
		cmd, err := os.ReadFile(filepath.Join(d, "cmdline"))
		if err != nil || !bytes.HasPrefix(cmd, []byte(exe)) {
			continue
		}
		if st, err := os.ReadFile(filepath.Join(d, "stat")); err == nil && bytes.Contains(st, []byte(") Z ")) {
			continue // a zombie has stopped
		}
		pids = append(pids, filepath.Base(d))
	}
	return pids
}
