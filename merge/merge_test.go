package merge

import (
	"errors"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/quality"
)

func cand(engine string, cost float64, st core.Status, score float64) Candidate {
	return Candidate{Engine: engine, Cost: cost, Result: core.PageResult{Status: st, Page: core.Page{Number: 1, Width: 100, Height: 100}}, Quality: quality.Report{Score: score}}
}

func TestBest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		cands []Candidate
		want  int
	}{
		{"none", nil, -1},
		{"higher score wins", []Candidate{cand("a", 1, core.StatusOK, 0.4), cand("b", 5, core.StatusOK, 0.9)}, 1},
		{"tie goes to cheaper", []Candidate{cand("ocr", 5, core.StatusOK, 0.9), cand("native", 1, core.StatusOK, 0.9)}, 1},
		{"tie same cost keeps first", []Candidate{cand("a", 1, core.StatusOK, 0.9), cand("b", 1, core.StatusOK, 0.9)}, 0},
		{"usable beats failed", []Candidate{cand("a", 1, core.StatusFailed, 0), cand("b", 9, core.StatusOK, 0.1)}, 1},
		{"degraded usable beats timeout", []Candidate{cand("a", 1, core.StatusTimeout, 0), cand("b", 1, core.StatusDegraded, 0)}, 1},
		{"tie goes to the planned engine over the cheaper", []Candidate{cand("native", 1, core.StatusOK, 0.9), preferred(cand("layout", 2, core.StatusOK, 0.9))}, 1},
		{"planned engine still loses on score", []Candidate{cand("native", 1, core.StatusOK, 0.95), preferred(cand("layout", 2, core.StatusOK, 0.9))}, 0},
		{"a figure beats an empty page at the same score", []Candidate{preferred(cand("ocr", 5, core.StatusOK, 0)), withFigure(cand("native", 1, core.StatusOK, 0))}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Best(tt.cands); got != tt.want {
				t.Fatalf("Best = %d, want %d", got, tt.want)
			}
		})
	}
}

func preferred(c Candidate) Candidate { c.Preferred = true; return c }

func withFigure(c Candidate) Candidate {
	c.Result.Page.Blocks = []core.Block{{Kind: core.KindFigure, BBox: core.BBox{X0: 72, Y0: 72, X1: 300, Y1: 300}}}
	return c
}

func TestDecide(t *testing.T) {
	t.Parallel()
	e := Decide(3, []Candidate{cand("a", 1, core.StatusOK, 0.3), cand("b", 2, core.StatusOK, 0.95)}, 0.7)
	if e.Status != core.StatusOK || e.Engine != "b" || len(e.Attempts) != 2 || e.Number != 3 || e.Page.Number != 3 {
		t.Fatalf("unexpected entry %+v", e)
	}
	e = Decide(2, []Candidate{cand("a", 1, core.StatusOK, 0.3)}, 0.7)
	if e.Status != core.StatusDegraded || e.Engine != "a" {
		t.Fatalf("low score should be degraded, got %+v", e)
	}
	// An engine's own word that its reading is incomplete or unsure (a
	// page cut at a limit, OCR of little confidence) stands, however well
	// the text scores.
	e = Decide(6, []Candidate{cand("a", 1, core.StatusDegraded, 1)}, 0.7)
	if e.Status != core.StatusDegraded || e.Engine != "a" {
		t.Fatalf("an engine's degraded reading scoring 1 should stay degraded, got %+v", e)
	}
	fail := cand("a", 1, core.StatusTimeout, 0)
	fail.Result.Err = core.ErrTimeout
	e = Decide(4, []Candidate{fail}, 0.7)
	if e.Status != core.StatusTimeout || e.Engine != "" || !errors.Is(e.Err, core.ErrTimeout) {
		t.Fatalf("timeout page: %+v", e)
	}
	if e := Decide(5, nil, 0.7); e.Status != core.StatusSkipped {
		t.Fatalf("no attempts should be skipped, got %s", e.Status)
	}
}

func TestDocument(t *testing.T) {
	t.Parallel()
	r := Document("x.pdf", []Entry{{Number: 2, Status: core.StatusDegraded}, {Number: 1, Status: core.StatusOK}, {Number: 3, Status: core.StatusSkipped}})
	if r.Entries[0].Number != 1 || r.Status != core.StatusDegraded {
		t.Fatalf("got %+v", r)
	}
	if d := r.Pages(); len(d.Pages) != 3 {
		t.Fatalf("pages %d", len(d.Pages))
	}
}
