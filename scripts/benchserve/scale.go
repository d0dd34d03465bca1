package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

// scalePages is the size of the document -scale spreads over workers.
const scalePages = 200

// runScale times one 200-page document through assay serve on an
// external nats-server, first with one assay worker, then with two,
// each reading one batch at a time.
func runScale(bin, corpus string) error {
	nats, err := exec.LookPath("nats-server")
	if err != nil {
		fmt.Println("bench-serve -scale: skipped: no nats-server (make deps installs it)")
		return nil
	}
	dir, err := os.MkdirTemp("", "assay-bench-scale")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	doc, how, err := bigDocument(corpus, dir)
	if err != nil {
		return err
	}
	pdf, err := os.ReadFile(doc)
	if err != nil {
		return err
	}
	fmt.Printf("bench-serve -scale: a %d-page document (%s), %d KB\n", scalePages, how, len(pdf)>>10)
	natsAddr, err := freeAddr()
	if err != nil {
		return err
	}
	host, port, _ := strings.Cut(natsAddr, ":")
	ns, err := startProc(nats, "-js", "-sd", filepath.Join(dir, "nats"), "-a", host, "-p", port)
	if err != nil {
		return err
	}
	defer ns.stop()
	url := "nats://" + natsAddr
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	time.Sleep(500 * time.Millisecond) // the server opens its port
	srv, err := startProc(bin, "serve", "--listen", addr, "--nats", url)
	if err != nil {
		return err
	}
	defer srv.stop()
	base := "http://" + addr
	if err := waitReady(base, srv); err != nil {
		return err
	}
	var times []time.Duration
	for _, workers := range []int{1, 2} {
		d, err := timeWithWorkers(bin, base, url, workers, pdf)
		if err != nil {
			return err
		}
		times = append(times, d)
		fmt.Printf("  %d worker(s): %.1f s (%.1f pages/s)\n", workers, d.Seconds(), scalePages/d.Seconds())
	}
	fmt.Printf("  two workers / one worker: %.2fx faster\n", times[0].Seconds()/times[1].Seconds())
	return nil
}

// timeWithWorkers starts n workers, sends the document, and times it
// from submission to the end of its events.
func timeWithWorkers(bin, base, url string, n int, pdf []byte) (time.Duration, error) {
	var ws []*proc
	defer func() {
		for _, w := range ws {
			w.stop()
		}
	}()
	for range n {
		// One batch at a time per worker: the speed-up is the second
		// worker's, not more slots in one.
		w, err := startProc(bin, "worker", "--nats", url, "--workers", "1")
		if err != nil {
			return 0, err
		}
		ws = append(ws, w)
	}
	for _, w := range ws { // each is pulling before the job goes in
		if err := waitLog(w, "assay worker pulling"); err != nil {
			return 0, err
		}
	}
	start := time.Now()
	resp, err := http.Post(base+"/v1/jobs", "application/pdf", bytes.NewReader(pdf))
	if err != nil {
		return 0, err
	}
	var body bytes.Buffer
	_, _ = body.ReadFrom(resp.Body)
	resp.Body.Close()
	id, ok := strings.CutPrefix(strings.TrimSpace(body.String()), `{"id":"`)
	if resp.StatusCode != http.StatusAccepted || !ok {
		return 0, fmt.Errorf("submit: %d %s", resp.StatusCode, body.String())
	}
	end, err := follow(base, strings.TrimSuffix(id, `"}`))
	if err != nil {
		return 0, err
	}
	if end.Status != "done" || end.PagesDone != scalePages {
		return 0, fmt.Errorf("the job ended %s with %d of %d pages", end.Status, end.PagesDone, end.PagesTotal)
	}
	return time.Since(start), nil
}

func waitLog(p *proc, line string) error {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		w := p.cmd.Stderr.(*lockedWriter)
		w.mu.Lock()
		found := strings.Contains(p.log.String(), line)
		w.mu.Unlock()
		if found {
			return nil
		}
		select {
		case <-p.done:
			return fmt.Errorf("%v ended: %s", p.cmd.Args, p.log)
		case <-time.After(50 * time.Millisecond):
		}
	}
	return fmt.Errorf("%v: no %q in its log", p.cmd.Args, line)
}

// bigDocument is a 200-page PDF: the corpus's generated documents put
// together with mutool, or, without mutool, a generated report.
func bigDocument(corpus, dir string) (path, how string, err error) {
	out := filepath.Join(dir, "doc200.pdf")
	mutool, lerr := exec.LookPath("mutool")
	files, _ := filepath.Glob(filepath.Join(corpus, "generated", "pdf", "*.pdf"))
	for _, sub := range []string{"generated-b/pdf", "docling/pdf", "icdar2013-eu"} {
		more, _ := filepath.Glob(filepath.Join(corpus, sub, "*.pdf"))
		files = append(files, more...)
	}
	if lerr == nil && len(files) > 0 {
		all := filepath.Join(dir, "all.pdf")
		merge := exec.Command(mutool, append([]string{"merge", "-o", all}, files...)...)
		if b, err := merge.CombinedOutput(); err == nil {
			cut := exec.Command(mutool, "merge", "-o", out, all, fmt.Sprintf("1-%d", scalePages))
			if b, err = cut.CombinedOutput(); err == nil && countPages(mutool, out) == scalePages {
				return out, fmt.Sprintf("%d corpus documents merged with mutool", len(files)), nil
			}
			fmt.Printf("  mutool: %s\n", b)
		}
	}
	if err := os.WriteFile(out, pdftest.Report(scalePages).Bytes(), 0o644); err != nil {
		return "", "", err
	}
	return out, "generated by pdftest.Report", nil
}

func countPages(mutool, path string) int {
	b, err := exec.Command(mutool, "show", path, "trailer/Root/Pages/Count").Output()
	if err != nil {
		return 0
	}
	var n int
	fmt.Sscan(strings.TrimSpace(string(b)), &n)
	return n
}
