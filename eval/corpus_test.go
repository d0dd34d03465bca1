package eval

import (
	"os"
	"path/filepath"
	"testing"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestLoadFolder(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "mine")
	pdfs := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"a.md": "# A", "a.pdf": "%PDF", "invoices/b.md": "b", "notes.txt": "not ground truth",
	})
	writeFiles(t, pdfs, map[string]string{"invoices/b.pdf": "%PDF"})
	c, err := Load(dir, LoadOptions{PDFDir: pdfs})
	if err != nil {
		t.Fatal(err)
	}
	want := []Doc{
		{ID: "a", Category: "mine", GT: filepath.Join(dir, "a.md"), PDF: filepath.Join(dir, "a.pdf")},
		{ID: "invoices/b", Category: "invoices", GT: filepath.Join(dir, "invoices", "b.md"), PDF: filepath.Join(pdfs, "invoices", "b.pdf")},
	}
	if len(c.Docs) != len(want) {
		t.Fatalf("docs = %+v, want %+v", c.Docs, want)
	}
	for i := range want {
		if c.Docs[i] != want[i] {
			t.Errorf("doc %d = %+v, want %+v", i, c.Docs[i], want[i])
		}
	}
}

func TestLoadManifest(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"manifest.json": `{"docs": [
		{"id": "x", "category": "simple", "path": "pdf/x.pdf", "gt": "gt/x.md", "gt_with_furniture": "gt_full/x.md",
		 "expected": {"min_text_recall": 0.9}},
		{"id": "y", "category": "simple", "path": "pdf/y.pdf", "gt": "gt/y.md", "gt_with_furniture": null},
		{"id": "z", "category": "corrupt", "path": "corrupt/z.pdf", "gt": null}]}`})
	c, err := Load(dir, LoadOptions{Furniture: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Docs) != 2 || c.NoGT != 1 {
		t.Fatalf("docs = %+v, no ground truth %d; want x and y, 1", c.Docs, c.NoGT)
	}
	x, y := c.Docs[0], c.Docs[1]
	if x.GT != filepath.Join(dir, "gt_full", "x.md") || y.GT != filepath.Join(dir, "gt", "y.md") {
		t.Errorf("ground truth %s, %s: want gt_full for x, gt for y", x.GT, y.GT)
	}
	if x.PDF != filepath.Join(dir, "pdf", "x.pdf") || x.MinRecall == nil || *x.MinRecall != 0.9 || y.MinRecall != nil {
		t.Errorf("x = %+v, y = %+v", x, y)
	}
}

func TestScoreDirAndSummarize(t *testing.T) {
	t.Parallel()
	gt, pred := t.TempDir(), t.TempDir()
	writeFiles(t, gt, map[string]string{
		"manifest.json": `{"docs": [
			{"id": "t", "category": "tables", "gt": "t.md", "expected": {"min_text_recall": 0.5}},
			{"id": "p", "category": "prose", "gt": "p.md", "expected": {"min_text_recall": 0.5}},
			{"id": "q", "category": "prose", "gt": "q.md"}]}`,
		"t.md": "| a | b |\n|---|---|\n| 1 | 2 |\n", "p.md": "# P\n\nsome prose", "q.md": "more prose",
	})
	writeFiles(t, pred, map[string]string{"t.md": "| a | b |\n|---|---|\n| 1 | 3 |\n", "p.md": "# P\n\nsome prose"})
	c, err := Load(gt, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := c.ScoreDir(t.Context(), pred)
	if err != nil {
		t.Fatal(err)
	}
	if !rs[2].Missing || rs[2].Scores.TextSim != 0 || rs[0].Missing {
		t.Errorf("q has no prediction and scores 0, t has one: %+v", rs)
	}
	sums := Summarize(rs)
	if len(sums) != 3 || sums[0].Category != "tables" || sums[1].Category != "prose" || sums[2].Category != AllCategories {
		t.Fatalf("summaries %+v: want tables, prose, ALL", sums)
	}
	prose, all := sums[1], sums[2]
	if prose.N != 2 || prose.Mean[TextSim] != 0.5 || prose.Count[HeadingF1] != 1 || prose.Mean[HeadingF1] != 1 {
		t.Errorf("prose = %+v", prose)
	}
	if _, ok := prose.Mean[TableCells]; ok {
		t.Errorf("prose has no tables, yet a table_cells mean: %+v", prose)
	}
	if all.N != 3 || all.Mean[TableCells] != 0.75 || all.RecallOK != 2 || all.RecallChecked != 2 {
		t.Errorf("ALL = %+v", all)
	}
}
