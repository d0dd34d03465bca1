package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

// These tests run assay serve and assay worker as the README says, as
// real processes, and send them traffic on loopback only.

const (
	readyWait = 90 * time.Second  // engines start on a busy machine
	jobWait   = 120 * time.Second // the longest a test waits for jobs
)

// freeAddr is a loopback address with a port nobody listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// proc is a running assay process.
type proc struct {
	cmd  *exec.Cmd
	out  *syncBuffer
	done chan struct{}
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startAssay starts the assay binary with args in the repository root;
// the test ends it with SIGTERM (SIGKILL after 30 s).
func startAssay(t *testing.T, env []string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(assayBin, args...)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "ASSAY_PLUGIN_PATH=", "ASSAY_ESTIMATES_FILE=none")
	if abs, err := filepath.Abs("../../models"); err == nil && os.Getenv("ASSAY_MODELS_DIR") == "" {
		cmd.Env = append(cmd.Env, "ASSAY_MODELS_DIR="+abs)
	}
	cmd.Env = append(cmd.Env, env...)
	p := &proc{cmd: cmd, out: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = p.out, p.out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = cmd.Wait(); close(p.done) }()
	t.Cleanup(func() { p.stop(t) })
	return p
}

// stop sends SIGTERM and waits for the process to end.
func (p *proc) stop(t *testing.T) {
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
		t.Errorf("%v did not stop on SIGTERM within 30 s:\n%s", p.cmd.Args, p.out)
	}
}

// serve starts assay serve on a free port and waits until it is ready.
func serve(t *testing.T, env []string, args ...string) (*proc, string) {
	t.Helper()
	addr := freeAddr(t)
	p := startAssay(t, env, append([]string{"serve", "--listen", addr}, args...)...)
	url := "http://" + addr
	deadline := time.Now().Add(readyWait)
	for time.Now().Before(deadline) {
		resp, err := http.Get(url + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return p, url
			}
		}
		select {
		case <-p.done:
			t.Fatalf("assay serve ended:\n%s", p.out)
		case <-time.After(100 * time.Millisecond):
		}
	}
	t.Fatalf("assay serve not ready after %s:\n%s", readyWait, p.out)
	return nil, ""
}

// post sends a PDF and returns the status and body.
func post(t *testing.T, url string, pdf []byte) (int, []byte) {
	t.Helper()
	resp, err := http.Post(url, "application/pdf", bytes.NewReader(pdf))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body
}

func get(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body
}

func submitJob(t *testing.T, base, query string, pdf []byte) string {
	t.Helper()
	code, body := post(t, base+"/v1/jobs"+query, pdf)
	var sub struct{ ID string }
	if err := json.Unmarshal(body, &sub); err != nil || code != http.StatusAccepted || sub.ID == "" {
		t.Fatalf("submitting a job: %d %s", code, body)
	}
	return sub.ID
}

type jobState struct {
	ID         string `json:"id"`
	Status     string `json:"status"`
	PagesTotal int    `json:"pages_total"`
	PagesDone  int    `json:"pages_done"`
}

func jobStatus(t *testing.T, base, id string) jobState {
	t.Helper()
	code, body := get(t, base+"/v1/jobs/"+id)
	var st jobState
	if err := json.Unmarshal(body, &st); err != nil || code != http.StatusOK {
		t.Fatalf("job %s: %d %s", id, code, body)
	}
	return st
}

// waitJobs polls until every job is final, and fails the test on any
// that is not done.
func waitJobs(t *testing.T, base string, ids []string) {
	t.Helper()
	deadline := time.Now().Add(jobWait)
	for _, id := range ids {
		for {
			st := jobStatus(t, base, id)
			if st.Status == "done" {
				break
			}
			if st.Status == "failed" || st.Status == "canceled" {
				t.Fatalf("job %s is %s", id, st.Status)
			}
			if time.Now().After(deadline) {
				t.Fatalf("job %s still %s (%d of %d pages) after %s", id, st.Status, st.PagesDone, st.PagesTotal, jobWait)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// sameAsCLI compares the service's output with the CLI's for one format;
// JSON without times and its source (the CLI names the path).
func sameAsCLI(t *testing.T, format string, got []byte, cliOut string) bool {
	t.Helper()
	if format != "json" {
		return bytes.Equal(got, []byte(cliOut))
	}
	a, b := stable(t, string(got)), stable(t, cliOut)
	src := regexpSource.ReplaceAll
	return bytes.Equal(src(a, nil), src(b, nil))
}

// TestServeIsTheCLI sends the testdata PDFs to assay serve and checks
// each result byte for byte against assay extract's output.
func TestServeIsTheCLI(t *testing.T) {
	t.Parallel()
	_, base := serve(t, nil, "--data-dir", t.TempDir())
	for _, tc := range []struct{ file, format string }{
		{"pages.pdf", "md"}, {"columns.pdf", "md"}, {"mixed.pdf", "md"},
		{"columns.pdf", "json"}, {"pages.pdf", "chunks"}, {"longtable.pdf", "text"},
	} {
		pdf, err := os.ReadFile("../../testdata/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		code, got := post(t, base+"/v1/extract?format="+tc.format+"&name="+tc.file, pdf)
		if code != http.StatusOK {
			t.Fatalf("%s: %d %s", tc.file, code, got)
		}
		want, stderr, _ := cli(t, "extract", "testdata/"+tc.file, "--format", tc.format)
		if !sameAsCLI(t, tc.format, got, want) {
			t.Errorf("%s %s: the service's result differs from the CLI's\nservice:\n%.500s\ncli:\n%.500s\n%s", tc.file, tc.format, got, want, stderr)
		}
	}
}

// TestServeRestart queues 50 jobs on a server with no workers, stops it,
// and starts it again on the same data directory: all 50 complete.
func TestServeRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first, base := serve(t, nil, "--data-dir", dir, "--workers", "0")
	files := []string{"simple.pdf", "pages.pdf"}
	pdfs := make([][]byte, len(files))
	for i, f := range files {
		pdfs[i], _ = os.ReadFile("../../testdata/" + f)
	}
	const n = 50
	ids := make([]string, n)
	for i := range n {
		ids[i] = submitJob(t, base, "?name="+files[i%2], pdfs[i%2])
	}
	if st := jobStatus(t, base, ids[n-1]); st.Status != "queued" {
		t.Fatalf("with no workers the job is %s", st.Status)
	}
	first.stop(t)
	_, base = serve(t, nil, "--data-dir", dir)
	waitJobs(t, base, ids)
	want := make([]string, len(files))
	for i, f := range files {
		want[i], _, _ = cli(t, "extract", "testdata/"+f)
	}
	for i, id := range ids {
		code, got := get(t, base+"/v1/jobs/"+id+"/result")
		if code != http.StatusOK || string(got) != want[i%2] {
			t.Errorf("job %d (%s): %d, result differs from the CLI's", i, files[i%2], code)
		}
	}
}

var (
	slowOnce sync.Once
	slowDir  string
	slowErr  error
)

// slowEngineDir holds the slow test engine (300 ms a page).
func slowEngineDir(t *testing.T) string {
	t.Helper()
	slowOnce.Do(func() {
		slowDir = filepath.Join(filepath.Dir(assayBin), "slow")
		cmd := exec.Command("go", "build", "-o", filepath.Join(slowDir, "assay-engine-slow"), "../../router/pluginhost/testdata/engines/slow")
		if out, err := cmd.CombinedOutput(); err != nil {
			slowErr = fmt.Errorf("building the slow engine: %v\n%s", err, out)
		}
	})
	if slowErr != nil {
		t.Fatal(slowErr)
	}
	return slowDir
}

// TestWorkerKill kills a worker with SIGKILL while it reads a batch; the
// batch goes to another worker after the ack wait and the job completes.
// The dead worker's copy of the PDF is removed when the next one starts.
func TestWorkerKill(t *testing.T) {
	t.Parallel()
	engines := slowEngineDir(t)
	natsAddr := freeAddr(t)
	tmp := t.TempDir()
	env := []string{"ASSAY_PLUGIN_PATH=" + engines, "ASSAY_SERVE__ACK_WAIT=2s", "TMPDIR=" + tmp}
	_, base := serve(t, env, "--data-dir", t.TempDir(), "--workers", "0", "--nats-listen", natsAddr)
	natsURL := "nats://" + natsAddr
	doomed := startAssay(t, env, "worker", "--nats", natsURL, "--workers", "1")
	pdf := pdftest.Report(10).Bytes() // one batch, 3 s in the slow engine
	id := submitJob(t, base, "?engines=slow", pdf)
	deadline := time.Now().Add(jobWait)
	for jobStatus(t, base, id).Status != "running" {
		if time.Now().After(deadline) {
			t.Fatalf("the job never ran:\n%s", doomed.out)
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond) // mid-batch
	orphans := children(doomed.cmd.Process.Pid)
	if err := doomed.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-doomed.done
	for _, pid := range orphans { // the dead worker's engine, which nobody reaps
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	left, _ := filepath.Glob(filepath.Join(tmp, "assay-worker-*", "assay-job-*.pdf"))
	if len(left) != 1 {
		t.Fatalf("the killed worker left %q, want its one copy of the input", left)
	}
	startAssay(t, env, "worker", "--nats", natsURL, "--workers", "1")
	waitJobs(t, base, []string{id})
	if _, err := os.Stat(left[0]); !os.IsNotExist(err) {
		t.Errorf("the killed worker's %s is still there after the next worker started: %v", left[0], err)
	}
	code, body := get(t, base+"/v1/jobs/"+id+"/result?format=text")
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, body)
	}
	for p := 1; p <= 10; p++ {
		if !strings.Contains(string(body), "slow-"+strconv.Itoa(p)) {
			t.Errorf("page %d is not in the result:\n%s", p, body)
		}
	}
}

// TestWorkerWithoutTempDir: a worker that cannot make its directory of
// temporary files says so and exits with failure, rather than pull
// batches it cannot read.
func TestWorkerWithoutTempDir(t *testing.T) {
	t.Parallel()
	natsAddr := freeAddr(t)
	serve(t, nil, "--data-dir", t.TempDir(), "--workers", "0", "--nats-listen", natsAddr)
	missing := filepath.Join(t.TempDir(), "missing")
	w := startAssay(t, []string{"TMPDIR=" + missing}, "worker", "--nats", "nats://"+natsAddr, "--workers", "1")
	select {
	case <-w.done:
	case <-time.After(jobWait):
		t.Fatalf("the worker kept running without a temporary directory:\n%s", w.out)
	}
	if code := w.cmd.ProcessState.ExitCode(); code != exitFailed {
		t.Errorf("exit code %d, want %d:\n%s", code, exitFailed, w.out)
	}
	if !strings.Contains(w.out.String(), missing) {
		t.Errorf("the error does not name %s:\n%s", missing, w.out)
	}
}

// children are the pids whose parent is pid.
func children(pid int) []int {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []int
	for _, s := range stats {
		b, err := os.ReadFile(s)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		i := bytes.LastIndexByte(b, ')')
		f := strings.Fields(string(b[i+1:]))
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			if c, err := strconv.Atoi(filepath.Base(filepath.Dir(s))); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// regexpSource matches the JSON output's source line.
var regexpSource = regexp.MustCompile(`"source": "[^"]*"`)

// TestExternalNATS runs assay serve on Debian's nats-server -js with two
// assay worker processes: a document of three batches is spread over
// them and its result is the CLI's. It skips when nats-server is not
// installed (make deps installs it).
func TestExternalNATS(t *testing.T) {
	t.Parallel()
	natsBin, err := exec.LookPath("nats-server")
	if err != nil {
		t.Skip("no nats-server on PATH (make deps installs it)")
	}
	natsAddr := freeAddr(t)
	host, port, _ := strings.Cut(natsAddr, ":")
	ns := exec.Command(natsBin, "-js", "-sd", t.TempDir(), "-a", host, "-p", port)
	if err := ns.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ns.Process.Signal(syscall.SIGTERM); _ = ns.Wait() })
	url := "nats://" + natsAddr
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", natsAddr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("nats-server did not open its port")
		}
	}
	_, base := serve(t, nil, "--nats", url)
	workers := []*proc{startAssay(t, nil, "worker", "--nats", url, "--workers", "1"), startAssay(t, nil, "worker", "--nats", url, "--workers", "1")}
	path := filepath.Join(t.TempDir(), "report.pdf")
	if err := os.WriteFile(path, pdftest.Report(90).Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	pdf, _ := os.ReadFile(path)
	id := submitJob(t, base, "?name=report.pdf", pdf)
	waitJobs(t, base, []string{id})
	code, got := get(t, base+"/v1/jobs/"+id+"/result")
	want, _, _ := cli(t, "extract", path)
	if code != http.StatusOK || string(got) != want {
		t.Errorf("%d: the result differs from the CLI's\nservice:\n%.400s\ncli:\n%.400s", code, got, want)
	}
	for i, w := range workers {
		w.stop(t)
		if !strings.Contains(w.out.String(), "batch read") {
			t.Logf("worker %d read no batch:\n%s", i, w.out)
		}
	}
}

// TestCancelReachesWorkers cancels a job that an assay worker process is
// reading: the worker's engine process for it is gone within 2 s.
func TestCancelReachesWorkers(t *testing.T) {
	t.Parallel()
	engines := slowEngineDir(t)
	natsAddr := freeAddr(t)
	env := []string{"ASSAY_PLUGIN_PATH=" + engines}
	_, base := serve(t, env, "--data-dir", t.TempDir(), "--workers", "0", "--nats-listen", natsAddr)
	worker := startAssay(t, env, "worker", "--nats", "nats://"+natsAddr, "--workers", "1")
	id := submitJob(t, base, "?engines=slow", pdftest.Report(30).Bytes()) // 9 s in the slow engine
	slow := func() []int {
		var out []int
		for _, c := range children(worker.cmd.Process.Pid) {
			if cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", c)); bytes.Contains(cmd, []byte("assay-engine-slow")) {
				if st, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", c)); !bytes.Contains(st, []byte(") Z ")) {
					out = append(out, c)
				}
			}
		}
		return out
	}
	deadline := time.Now().Add(jobWait)
	for jobStatus(t, base, id).Status != "running" || len(slow()) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the job never ran:\n%s", worker.out)
		}
		time.Sleep(50 * time.Millisecond)
	}
	req, _ := http.NewRequest("DELETE", base+"/v1/jobs/"+id, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	canceled := time.Now()
	for len(slow()) > 0 {
		if time.Since(canceled) > 2*time.Second {
			t.Fatalf("engine processes %v of the worker still run 2 s after the cancel", slow())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if st := jobStatus(t, base, id); st.Status != "canceled" {
		t.Errorf("job %s", st.Status)
	}
}
