package analyze

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
)

// TestGeneratedClasses checks the classes against the generated corpus's
// manifest: scanned documents are image-only, mixed ones alternate
// born-digital and image-only pages (the manifest lists the scanned ones), the others
// are born-digital. It logs the confusion matrix.
func TestGeneratedClasses(t *testing.T) {
	dir := corpustest.Dir(t, "generated")
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Docs []struct {
			ID, Category, Path string
			ScannedPages       []int `json:"scanned_pages"`
		}
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	confusion := map[[2]Class]int{}
	pages, wrong := 0, 0
	for _, d := range m.Docs {
		if d.Category == "corrupt" {
			continue
		}
		rep, err := Document(context.Background(), filepath.Join(dir, d.Path), Options{})
		if err != nil {
			t.Errorf("%s: %v", d.ID, err)
			continue
		}
		for _, p := range rep.Page {
			want := ClassBornDigital
			switch {
			case d.Category == "scanned":
				want = ClassImageOnly
			case d.Category == "mixed" && slices.Contains(d.ScannedPages, p.Number):
				want = ClassImageOnly
			}
			got := p.Class()
			confusion[[2]Class{want, got}]++
			pages++
			if got != want {
				wrong++
				t.Logf("%s page %d: %s, want %s: %s", d.ID, p.Number, got, want, p.Summary())
			}
		}
	}
	var keys [][2]Class
	for k := range confusion {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
	var sb strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&sb, "\n  want %-13s got %-22s %d", k[0], k[1], confusion[k])
	}
	t.Logf("%d pages, %d misclassified:%s", pages, wrong, sb.String())
	if wrong*20 > pages {
		t.Errorf("%d of %d pages misclassified", wrong, pages)
	}
}

// TestCorpusNeverFails runs every PDF of the corpus: no panic, no hang,
// and document errors only as sentinels.
func TestCorpusNeverFails(t *testing.T) {
	root := corpustest.Dir(t)
	var files []string
	for _, sub := range []string{"robustness", "generated/corrupt", "generated/pdf", "docling/pdf", "docling/encrypted"} {
		fs, _ := filepath.Glob(filepath.Join(root, sub, "*.pdf"))
		files = append(files, fs...)
	}
	if testing.Short() && len(files) > 60 {
		files = files[:60]
	}
	sentinels := []error{core.ErrEmptyFile, core.ErrNotPDF, core.ErrEncrypted, core.ErrDamaged, core.ErrNotFound}
	for _, f := range files {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		start := time.Now()
		rep, err := Document(ctx, f, Options{})
		cancel()
		if el := time.Since(start); el > 10*time.Second {
			t.Errorf("%s: took %v", f, el)
		}
		if err != nil {
			ok := false
			for _, s := range sentinels {
				ok = ok || errors.Is(err, s)
			}
			if !ok {
				t.Errorf("%s: error without a document sentinel: %v", f, err)
			}
			continue
		}
		if rep.Pages != len(rep.Page) || rep.Pages < 1 {
			t.Errorf("%s: %d pages, %d reports", f, rep.Pages, len(rep.Page))
		}
		for _, p := range rep.Page {
			if p.ImageCoverage < 0 || p.ImageCoverage > 1 || len(p.ImageBoxes) > MaxImageBoxes {
				t.Errorf("%s page %d: coverage %v, %d boxes", f, p.Number, p.ImageCoverage, len(p.ImageBoxes))
			}
		}
	}
}
