// Command benchserve is make bench-serve: it starts assay serve as the
// README says, sends jobs from concurrent clients with the PDFs of
// ../shared/corpus, and prints latency percentiles, pages per second,
// jobs lost, and how many results differ from assay extract's output.
// With -scale it times one 200-page document on an external nats-server
// with one worker, then with two.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

func main() {
	bin := flag.String("bin", "bin/assay", "the assay binary")
	corpus := flag.String("corpus", "../shared/corpus", "the corpus directory")
	jobs := flag.Int("jobs", 500, "jobs to send")
	clients := flag.Int("clients", 8, "concurrent clients")
	scale := flag.Bool("scale", false, "time a 200-page document with one and two workers on an external nats-server")
	flag.Parse()
	if _, err := os.Stat(*corpus); err != nil {
		fmt.Printf("bench-serve: skipped: no corpus at %s\n", *corpus)
		return
	}
	var err error
	if *scale {
		err = runScale(*bin, *corpus)
	} else {
		err = runLoad(*bin, *corpus, *jobs, *clients)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench-serve:", err)
		os.Exit(1)
	}
}

// corpusPDFs are the corpus's PDFs, sorted.
func corpusPDFs(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".pdf") {
			files = append(files, p)
		}
		return nil
	})
	slices.Sort(files)
	return files, err
}

// pick takes n files spread evenly over files (each once when n is at
// least their number, then again).
func pick(files []string, n int) []string {
	out := make([]string, n)
	for i := range n {
		if n <= len(files) {
			out[i] = files[i*len(files)/n]
		} else {
			out[i] = files[i%len(files)]
		}
	}
	return out
}

// expected is the CLI's output for one file: stdout, and whether the
// document could not be read at all (exit status 1).
type expected struct {
	out    []byte
	failed bool
}

// cliOutputs runs assay extract once over the distinct files into a
// directory; a file with no output is a document the CLI could not read.
func cliOutputs(bin string, files []string) (map[string]expected, error) {
	distinct := slices.Compact(slices.Sorted(slices.Values(files)))
	dir, err := os.MkdirTemp("", "assay-bench-cli")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command(bin, append([]string{"extract", "--format", "md", "--quiet", "--out", dir}, distinct...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return nil, fmt.Errorf("assay extract: %v", err)
	}
	out := make(map[string]expected, len(distinct))
	for i, name := range outputNames(distinct) {
		b, err := os.ReadFile(filepath.Join(dir, name))
		out[distinct[i]] = expected{out: b, failed: err != nil}
	}
	return out, nil
}

// outputNames are the files assay extract --out writes for files: the
// base name with .md, numbered from 2 when a base name repeats.
func outputNames(files []string) []string {
	names := make([]string, len(files))
	used := map[string]bool{}
	for i, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		name := base + ".md"
		for n := 2; used[name]; n++ {
			name = fmt.Sprintf("%s-%d.md", base, n)
		}
		used[name] = true
		names[i] = name
	}
	return names
}

// outcome is one job as a client saw it.
type outcome struct {
	file     string
	latency  time.Duration
	pages    int
	rejected bool   // answered 4xx at upload
	code     string // the error code then
	status   string // the job's final status
	lost     bool   // accepted, then never final, or pages missing
	differs  bool
	err      error
}

func runLoad(bin, corpus string, n, clients int) error {
	all, err := corpusPDFs(corpus)
	if err != nil || len(all) == 0 {
		fmt.Printf("bench-serve: skipped: no PDFs under %s (%v)\n", corpus, err)
		return nil
	}
	files := pick(all, n)
	fmt.Printf("bench-serve: %d jobs from %d clients over %d distinct PDFs of %s\n", n, clients, len(slices.Compact(slices.Sorted(slices.Values(files)))), corpus)
	t0 := time.Now()
	want, err := cliOutputs(bin, files)
	if err != nil {
		return err
	}
	fmt.Printf("  assay extract on each distinct file: %.1f s\n", time.Since(t0).Seconds())
	dir, err := os.MkdirTemp("", "assay-bench-serve")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	// The README's command, on a free port and a fresh data directory.
	srv, err := startProc(bin, "serve", "--listen", addr, "--data-dir", filepath.Join(dir, "data"))
	if err != nil {
		return err
	}
	defer srv.stop()
	base := "http://" + addr
	if err := waitReady(base, srv); err != nil {
		return err
	}
	outcomes := make([]outcome, n)
	next := atomic.Int64{}
	start := time.Now()
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				outcomes[i] = runJob(base, files[i], want[files[i]])
			}
		})
	}
	wg.Wait()
	report(outcomes, time.Since(start))
	return nil
}

// jobTimeout is the longest a client follows one job.
const jobTimeout = 10 * time.Minute

// runJob submits one file, follows its events to the end, and compares
// its result with the CLI's.
func runJob(base, file string, want expected) outcome {
	o := outcome{file: file}
	pdf, err := os.ReadFile(file)
	if err != nil {
		o.err = err
		return o
	}
	start := time.Now()
	resp, err := http.Post(base+"/v1/jobs?name="+filepath.Base(file), "application/pdf", bytes.NewReader(pdf))
	if err != nil {
		o.err = err
		return o
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode >= 400 && resp.StatusCode < 500 {
		var e struct{ Error struct{ Code string } }
		_ = json.Unmarshal(body, &e)
		o.rejected, o.code, o.latency = true, e.Error.Code, time.Since(start)
		// The CLI read it: a difference, unless a limit of the service's
		// (pages, bytes) refused it.
		o.differs = !want.failed && o.code != "too_large"
		return o
	}
	var sub struct{ ID string }
	if resp.StatusCode != http.StatusAccepted || json.Unmarshal(body, &sub) != nil {
		o.err = fmt.Errorf("submit: %d %s", resp.StatusCode, body)
		return o
	}
	end, err := follow(base, sub.ID)
	if err != nil {
		o.lost, o.err = true, err
		return o
	}
	o.status = end.Status
	resp, err = http.Get(base + "/v1/jobs/" + sub.ID + "/result?format=md")
	if err != nil {
		o.lost, o.err = true, err
		return o
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	o.latency = time.Since(start)
	o.pages = end.PagesDone
	o.lost = resp.StatusCode != http.StatusOK || end.PagesDone != end.PagesTotal
	o.differs = want.failed || !bytes.Equal(got, want.out)
	return o
}

type jobEnd struct {
	Status     string `json:"status"`
	PagesTotal int    `json:"pages_total"`
	PagesDone  int    `json:"pages_done"`
}

// follow reads the job's event stream to its end event.
func follow(base, id string) (jobEnd, error) {
	ctx, cancel := context.WithTimeout(context.Background(), jobTimeout)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/v1/jobs/"+id+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return jobEnd{}, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	event := ""
	for sc.Scan() {
		line := sc.Text()
		if e, ok := strings.CutPrefix(line, "event: "); ok {
			event = e
		}
		if data, ok := strings.CutPrefix(line, "data: "); ok && event == "end" {
			var end jobEnd
			err := json.Unmarshal([]byte(data), &end)
			return end, err
		}
	}
	return jobEnd{}, fmt.Errorf("job %s: the event stream ended early: %v", id, sc.Err())
}

func report(outs []outcome, wall time.Duration) {
	var lat []time.Duration
	pages, done, rejected, lost, differs, errs := 0, 0, 0, 0, 0, 0
	codes := map[string]int{}
	for _, o := range outs {
		switch {
		case o.err != nil && !o.lost:
			errs++
			fmt.Printf("  error: %s: %v\n", o.file, o.err)
			continue
		case o.lost:
			lost++
			fmt.Printf("  lost: %s: %v\n", o.file, o.err)
			continue
		case o.rejected:
			rejected++
			codes[o.code]++
		default:
			done++
			pages += o.pages
		}
		lat = append(lat, o.latency)
		if o.differs {
			differs++
			fmt.Printf("  differs from assay extract: %s (rejected %v %s, status %s)\n", o.file, o.rejected, o.code, o.status)
		}
	}
	slices.Sort(lat)
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))].Seconds() * 1000
	}
	fmt.Printf("  wall %.1f s: %d jobs done (%d pages), %d refused at upload %v, %d lost, %d errors\n",
		wall.Seconds(), done, pages, rejected, codes, lost, errs)
	fmt.Printf("  latency p50 %.0f ms, p95 %.0f ms, p99 %.0f ms; %.1f pages/s\n", pct(0.50), pct(0.95), pct(0.99), float64(pages)/wall.Seconds())
	fmt.Printf("  results identical to assay extract: %d of %d (a refusal counts as identical when the CLI fails the document too, or when it is too_large: over the service's page or upload limit)\n", len(lat)-differs, len(lat))
	fmt.Printf("  jobs lost: %d\n", lost)
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// proc is a process this program started.
type proc struct {
	cmd  *exec.Cmd
	done chan struct{}
	log  *bytes.Buffer
}

func startProc(bin string, args ...string) (*proc, error) {
	cmd := exec.Command(bin, args...)
	p := &proc{cmd: cmd, done: make(chan struct{}), log: &bytes.Buffer{}}
	cmd.Stderr = &lockedWriter{w: p.log}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() { _ = cmd.Wait(); close(p.done) }()
	return p, nil
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// stop sends SIGTERM and waits (SIGKILL after a minute).
func (p *proc) stop() {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(time.Minute):
		_ = p.cmd.Process.Kill()
		<-p.done
	}
}

func waitReady(base string, p *proc) error {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(base + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-p.done:
			return fmt.Errorf("%v ended: %s", p.cmd.Args, p.log)
		case <-time.After(100 * time.Millisecond):
		}
	}
	return fmt.Errorf("%v not ready", p.cmd.Args)
}
