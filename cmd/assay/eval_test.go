package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/eval"
	"github.com/assay-pdf/assay/internal/corpustest"
)

// evalJSON runs assay eval --json and decodes its report.
func evalJSON(t *testing.T, args ...string) evalReport {
	t.Helper()
	out, stderr, code := cli(t, append([]string{"eval", "--json"}, args...)...)
	if code != exitOK {
		t.Fatalf("assay eval %q: exit %d: %s", args, code, stderr)
	}
	var rep evalReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("assay eval --json: %v\n%s", err, out)
	}
	return rep
}

func writeTestFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestEvalOwnDocuments measures a folder of one's own PDFs with their
// Markdown beside them: no manifest, subfolders as categories.
func TestEvalOwnDocuments(t *testing.T) {
	gt := filepath.Join(t.TempDir(), "mine")
	pdf, err := os.ReadFile("../../testdata/simple.pdf")
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile("testdata/golden/simple.md")
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(gt, "simple.pdf"), pdf)
	writeTestFile(t, filepath.Join(gt, "simple.md"), md)
	writeTestFile(t, filepath.Join(gt, "notes", "idea.md"), []byte("# An idea\n\nno PDF for it"))

	// The note has no PDF: an extraction cannot score it.
	rep := evalJSON(t, gt, "--engines", "nativetext")
	if len(rep.Runs) != 1 || rep.Runs[0].Engine != "nativetext" || rep.Runs[0].Missing != 0 {
		t.Fatalf("runs = %+v, want nativetext with nothing missing", rep.Runs)
	}
	docs := rep.Runs[0].Docs
	if len(docs) != 1 || docs[0].ID != "simple" || docs[0].Category != "mine" {
		t.Fatalf("documents = %+v, want simple alone", docs)
	}
	if s := docs[0].Scores; s.TextSim != 1 || s.Headings == nil || s.Headings.F1 != 1 {
		t.Errorf("simple.pdf against its own golden Markdown: %+v", s)
	}

	// From prediction folders, one per engine; a missing prediction, the
	// note's, scores as empty, as in score.py.
	preds := t.TempDir()
	writeTestFile(t, filepath.Join(preds, "good", "simple.md"), md)
	writeTestFile(t, filepath.Join(preds, "plain", "simple.md"), []byte("nothing like it"))
	rep = evalJSON(t, gt, preds)
	if len(rep.Runs) != 2 || rep.Runs[0].Engine != "good" || rep.Runs[1].Engine != "plain" || rep.Runs[0].Missing != 1 {
		t.Fatalf("runs = %+v, want good and plain, the note missing", rep.Runs)
	}
	if g, p := rep.Runs[0].Docs[1].Scores.TextSim, rep.Runs[1].Docs[1].Scores.TextSim; g != 1 || p >= 0.5 {
		t.Errorf("text_sim good %v, plain %v", g, p)
	}
	text, stderr, code := cli(t, "eval", gt, preds)
	if code != exitOK || !strings.Contains(text, "mine") || !strings.Contains(text, "plain") || !strings.Contains(text, "ALL") {
		t.Errorf("text report, exit %d:\n%s%s", code, text, stderr)
	}
}

func TestEvalUsageErrors(t *testing.T) {
	gt := t.TempDir()
	writeTestFile(t, filepath.Join(gt, "a.md"), []byte("a"))
	for _, args := range [][]string{{"eval"}, {"eval", gt, "/nonexistent/predictions"}, {"eval", gt, t.TempDir()}, {"eval", "--engines", "", gt}} {
		if _, stderr, code := cli(t, args...); code != exitUsage {
			t.Errorf("assay %q: exit %d, want %d: %s", args, code, exitUsage, stderr)
		}
	}
	if _, _, code := cli(t, "eval", "/nonexistent/corpus"); code != exitFailed {
		t.Errorf("a corpus that does not exist: exit %d, want %d", code, exitFailed)
	}
}

// scorePyFigures is score.py --batch --json: rows per document, summaries
// per category.
type scorePyFigures struct {
	Docs    []map[string]any `json:"docs"`
	Summary []map[string]any `json:"summary"`
}

// scorePy runs score.py --batch on predDir against the corpus folder set.
func scorePy(t *testing.T, set, predDir string) scorePyFigures {
	t.Helper()
	script := filepath.Join(set, "..", "..", "score.py")
	cmd := exec.CommandContext(t.Context(), "python3", script, "--batch", predDir, "--manifest", filepath.Join(set, eval.ManifestFile), "--json")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("score.py: %v\n%s", err, stderr.String())
	}
	var f scorePyFigures
	if err := json.Unmarshal(out, &f); err != nil {
		t.Fatalf("score.py output: %v", err)
	}
	return f
}

// agreement is how close assay eval must come to score.py (issue 11).
const agreement = 0.005

// TestEvalAgreesWithScorePy extracts the generated sets with nativetext
// (Markdown) and as plain text, scores both with assay eval and with
// score.py, and compares every document's figures and every category's
// means. It skips without the corpus or python3.
func TestEvalAgreesWithScorePy(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	for _, name := range []string{"generated", "generated-b"} {
		t.Run(name, func(t *testing.T) {
			set := corpustest.Dir(t, name)
			if _, err := os.Stat(filepath.Join(set, "..", "..", "score.py")); err != nil {
				t.Skipf("no score.py beside the corpus: %v", err)
			}
			out := t.TempDir()
			textPredictions(t, filepath.Join(set, "pdf"), filepath.Join(out, "text"))
			rep := evalJSON(t, set, filepath.Join(out, "text"), "--engines", "nativetext", "--out", out)
			if len(rep.Runs) != 2 {
				t.Fatalf("runs = %d, want text and nativetext", len(rep.Runs))
			}
			worst := 0.0
			for _, run := range rep.Runs {
				py := scorePy(t, set, filepath.Join(out, run.Engine))
				worst = max(worst, compareDocs(t, run, py), compareSummaries(t, run, py))
			}
			t.Logf("%s: largest difference from score.py %.2g", name, worst)
		})
	}
}

// textPredictions extracts the PDFs of dir as plain text into out, as
// <id>.md: predictions without tables or headings.
func textPredictions(t *testing.T, dir, out string) {
	t.Helper()
	if _, stderr, code := cli(t, "extract", dir, "--format", "text", "--out", out); code == exitFailed || code == exitUsage {
		t.Fatalf("extract --format text: exit %d: %s", code, stderr)
	}
	txts, _ := filepath.Glob(filepath.Join(out, "*.txt"))
	if len(txts) == 0 {
		t.Fatalf("no text extracted from %s", dir)
	}
	for _, p := range txts {
		if err := os.Rename(p, strings.TrimSuffix(p, ".txt")+".md"); err != nil {
			t.Fatal(err)
		}
	}
}

// compareDocs checks every metric of every document; it returns the
// largest difference.
func compareDocs(t *testing.T, run evalRun, py scorePyFigures) float64 {
	t.Helper()
	byID := map[string]eval.Result{}
	for _, d := range run.Docs {
		byID[d.ID] = d
	}
	worst, scored := 0.0, 0
	for _, row := range py.Docs {
		if _, ok := row["text_sim"]; !ok {
			continue // no ground truth
		}
		scored++
		d, ok := byID[row["id"].(string)]
		if !ok {
			t.Errorf("%s: %s not scored", run.Engine, row["id"])
			continue
		}
		for _, m := range eval.Metrics {
			got, ok := d.Scores.Value(m)
			worst = max(worst, checkFigure(t, fmt.Sprintf("%s %s %s", run.Engine, d.ID, m), got, ok, row[string(m)]))
		}
	}
	if scored != len(run.Docs) {
		t.Errorf("%s: %d documents scored, score.py %d", run.Engine, len(run.Docs), scored)
	}
	return worst
}

// compareSummaries checks the means per category, and the totals score.py
// makes of all documents but the corrupt ones and of the born-digital ones,
// summarised here from the same documents.
func compareSummaries(t *testing.T, run evalRun, py scorePyFigures) float64 {
	t.Helper()
	ours := map[string]eval.Summary{}
	for _, s := range run.Summary {
		ours[s.Category] = s
	}
	ours["ALL (excl. corrupt)"] = summaryExcluding(run.Docs, map[string]bool{"corrupt": true})
	ours["ALL native"] = summaryExcluding(run.Docs, map[string]bool{"corrupt": true, "scanned": true, "mixed": true})
	worst := 0.0
	for _, row := range py.Summary {
		category := row["category"].(string)
		s, ok := ours[category]
		if !ok || float64(s.N) != row["n"].(float64) {
			t.Errorf("%s: category %s: %+v, score.py n=%v", run.Engine, category, s, row["n"])
			continue
		}
		for _, m := range []eval.Metric{eval.TextSim, eval.ReadingOrder, eval.TableCells, eval.HeadingF1, eval.WordRecall} {
			got, ok := s.Mean[m]
			worst = max(worst, checkFigure(t, fmt.Sprintf("%s %s mean %s", run.Engine, category, m), got, ok, row[string(m)]))
		}
		if want, got := row["recall_ok"], fmt.Sprintf("%d/%d", s.RecallOK, s.RecallChecked); want != nil && want != got {
			t.Errorf("%s %s: recall_ok %s, score.py %v", run.Engine, category, got, want)
		}
	}
	return worst
}

func summaryExcluding(docs []eval.Result, leave map[string]bool) eval.Summary {
	var kept []eval.Result
	for _, d := range docs {
		if !leave[d.Category] {
			kept = append(kept, d)
		}
	}
	sums := eval.Summarize(kept)
	return sums[len(sums)-1]
}

// checkFigure compares one figure with score.py's (nil where it measures
// nothing) and returns the difference.
func checkFigure(t *testing.T, what string, got float64, ok bool, want any) float64 {
	t.Helper()
	if want == nil || !ok {
		if want != nil || ok {
			t.Errorf("%s: %v (measured %v), score.py %v", what, got, ok, want)
		}
		return 0
	}
	d := math.Abs(got - want.(float64))
	if d > agreement {
		t.Errorf("%s: %.6f, score.py %.6f", what, got, want)
	}
	return d
}
