package router

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/router/analyze"
)

func TestEstimatesLearnAndPersist(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "estimates.json")
	e := LoadEstimates(path)
	if _, ok := e.PerPage("x"); ok {
		t.Fatal("an empty store should know nothing")
	}
	e.Observe("x", 10, time.Second) // 100 ms a page
	e.Observe("x", 1, time.Second)  // 1 s a page, weighted 0.2
	got, ok := e.PerPage("x")
	if want := 280 * time.Millisecond; !ok || got < want-time.Millisecond || got > want+time.Millisecond {
		t.Fatalf("PerPage = %v, want about %v", got, want)
	}
	if err := e.Save(); err != nil {
		t.Fatal(err)
	}
	again := LoadEstimates(path)
	if got2, ok := again.PerPage("x"); !ok || got2 != got {
		t.Fatalf("reloaded %v %v, want %v", got2, ok, got)
	}
}

func TestDeadlineFollowsEstimates(t *testing.T) {
	r := New(Config{Plan: FixedPlan([]string{"x"}), DefaultTimeout: Timeout{Base: 2 * time.Second, PerPage: 10 * time.Second}}, nil)
	if call, page := r.deadline("x", 4, 1); call != 42*time.Second || page != 12*time.Second {
		t.Fatalf("before learning: %v %v", call, page)
	}
	r.cfg.Estimates.Observe("x", 10, 5*time.Second) // 0.5 s a page → 2.5 s allowed
	if call, _ := r.deadline("x", 4, 1); call != 12*time.Second {
		t.Fatalf("after learning: %v", call)
	}
	r.cfg.Estimates.Observe("slow", 1, time.Minute)
	if call, _ := r.deadline("slow", 1, 1); call != 12*time.Second {
		t.Fatalf("the configured per-page time must stay the cap: %v", call)
	}
	r.cfg.Estimates.Observe("fast", 100, time.Millisecond)
	if _, page := r.deadline("fast", 1, 1); page != 3*time.Second {
		t.Fatalf("the floor per page must hold: %v", page)
	}
}

func TestWeight(t *testing.T) {
	t.Parallel()
	ocr := core.Info{Capabilities: []core.Capability{core.CapOCR}}
	text := core.Info{Capabilities: []core.Capability{core.CapText}}
	letter := &pageState{info: analyze.Page{Width: 612, Height: 792, Glyphs: 2000}}
	a3 := &pageState{info: analyze.Page{Width: 842, Height: 1191, Glyphs: 20000}}
	if w := weight(ocr, Step{}, letter); w != 1 {
		t.Errorf("OCR of a letter page weighs %v", w)
	}
	if w := weight(ocr, Step{}, a3); w < 2 || w > 2.1 {
		t.Errorf("OCR of an A3 page weighs %v, want about 2", w)
	}
	if w := weight(text, Step{}, letter); w != 1.5 {
		t.Errorf("text of 2000 glyphs weighs %v", w)
	}
	if w := weight(text, Step{}, a3); w != 6 {
		t.Errorf("text of 20000 glyphs weighs %v", w)
	}
}
