package analyze

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/internal/corpustest"
)

// TestGeneratedClasses checks the classes against the generated corpus's
// manifest: scanned documents are image-only, mixed ones alternate
// born-digital and image-only pages (the manifest lists the scanned ones), the others
// are born-digital. It logs the confusion matrix.
func TestGeneratedClasses(t *testing.T) {
	t.Parallel()
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
		for _, p := range read(t, filepath.Join(dir, d.Path), true) {
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
