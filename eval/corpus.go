package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/sync/errgroup"
)

// ManifestFile, in a corpus folder, lists its documents with their
// categories, ground truth and PDFs (see ../shared/corpus/README.md).
const ManifestFile = "manifest.json"

// Corpus is a set of documents with ground truth.
type Corpus struct {
	Dir  string
	Docs []Doc
	// NoGT counts the manifest's documents without ground truth, which
	// are left out.
	NoGT int
}

// Doc is one document of a corpus.
type Doc struct {
	// ID names the prediction: PRED_DIR/<ID>.md.
	ID       string `json:"id"`
	Category string `json:"category"`
	// GT is the path of the ground-truth Markdown.
	GT string `json:"-"`
	// PDF is the path of the PDF, "" when the corpus does not say.
	PDF string `json:"-"`
	// MinRecall is the word recall the manifest expects of a robust
	// extractor, nil where it sets none.
	MinRecall *float64 `json:"min_recall,omitempty"`
}

// LoadOptions says which ground truth to read.
type LoadOptions struct {
	// Furniture picks the ground truth that keeps running headers and
	// footers, where the manifest has one.
	Furniture bool
	// PDFDir is where a folder without a manifest keeps <id>.pdf, when
	// the PDFs are not beside their ground truth.
	PDFDir string
}

// Load reads a corpus folder: its manifest.json when it has one, else every
// <id>.md below it is a ground truth, its category the folder it is in
// (the corpus folder's name at the top), its PDF <id>.pdf beside it or in
// opt.PDFDir.
func Load(dir string, opt LoadOptions) (*Corpus, error) {
	m, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	switch {
	case err == nil:
		return loadManifest(dir, m, opt)
	case errors.Is(err, fs.ErrNotExist):
		return loadFolder(dir, opt)
	}
	return nil, fmt.Errorf("reading the corpus manifest: %w", err)
}

// manifest is the part of manifest.json the metrics need.
type manifest struct {
	Docs []struct {
		ID       string `json:"id"`
		Category string `json:"category"`
		Path     string `json:"path"`
		GT       string `json:"gt"`
		GTFull   string `json:"gt_with_furniture"`
		Expected struct {
			MinTextRecall *float64 `json:"min_text_recall"`
		} `json:"expected"`
	} `json:"docs"`
}

func loadManifest(dir string, data []byte, opt LoadOptions) (*Corpus, error) {
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, ManifestFile), err)
	}
	c := &Corpus{Dir: dir}
	for _, d := range m.Docs {
		gt := d.GT
		if opt.Furniture && d.GTFull != "" {
			gt = d.GTFull
		}
		if gt == "" {
			c.NoGT++
			continue
		}
		doc := Doc{ID: d.ID, Category: d.Category, GT: filepath.Join(dir, gt), MinRecall: d.Expected.MinTextRecall}
		if d.Path != "" {
			doc.PDF = filepath.Join(dir, d.Path)
		}
		c.Docs = append(c.Docs, doc)
	}
	return c, nil
}

func loadFolder(dir string, opt LoadOptions) (*Corpus, error) {
	c := &Corpus{Dir: dir}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".md") {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		id := filepath.ToSlash(strings.TrimSuffix(rel, filepath.Ext(rel)))
		category := path.Dir(id)
		if category == "." {
			category = filepath.Base(filepath.Clean(dir))
		}
		c.Docs = append(c.Docs, Doc{ID: id, Category: category, GT: p, PDF: findPDF(dir, id, opt.PDFDir)})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading the corpus: %w", err)
	}
	if len(c.Docs) == 0 {
		return nil, fmt.Errorf("%s: no %s and no ground-truth .md files", dir, ManifestFile)
	}
	return c, nil
}

// findPDF is <id>.pdf (or .PDF) beside the ground truth, else in pdfDir;
// "" when neither exists.
func findPDF(dir, id, pdfDir string) string {
	for _, base := range []string{dir, pdfDir} {
		if base == "" {
			continue
		}
		for _, ext := range []string{".pdf", ".PDF"} {
			p := filepath.Join(base, filepath.FromSlash(id)+ext)
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				return p
			}
		}
	}
	return ""
}

// Result is one document's scores against one set of predictions.
type Result struct {
	Doc
	// Missing: there was no prediction, and it was scored as empty.
	Missing bool   `json:"missing"`
	Scores  Scores `json:"scores"`
	// RecallOK says whether the word recall reached the document's
	// MinRecall; nil where it has none.
	RecallOK *bool `json:"recall_ok,omitempty"`
}

// ScoreDir scores every document of c against predDir/<id>.md; a missing
// prediction scores as an empty one.
func (c *Corpus) ScoreDir(ctx context.Context, predDir string) ([]Result, error) {
	out := make([]Result, len(c.Docs))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, d := range c.Docs {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			r, err := scoreDoc(d, filepath.Join(predDir, filepath.FromSlash(d.ID)+".md"))
			out[i] = r
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

func scoreDoc(d Doc, predPath string) (Result, error) {
	gt, err := os.ReadFile(d.GT)
	if err != nil {
		return Result{}, fmt.Errorf("ground truth of %s: %w", d.ID, err)
	}
	r := Result{Doc: d}
	pred, err := os.ReadFile(predPath)
	if errors.Is(err, fs.ErrNotExist) {
		r.Missing, err = true, nil
	}
	if err != nil {
		return Result{}, fmt.Errorf("prediction for %s: %w", d.ID, err)
	}
	r.Scores = Score(string(gt), string(pred))
	if d.MinRecall != nil {
		ok := r.Scores.WordRecall >= *d.MinRecall
		r.RecallOK = &ok
	}
	return r, nil
}
