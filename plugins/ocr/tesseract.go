package ocr

import (
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/otiai10/gosseract/v2"

	"github.com/assay-pdf/assay/core"
)

// scriptLanguages maps the scripts Tesseract's OSD reports to the language
// data to read them with (the first installed one wins); eng is added for
// the Latin words that mixed pages carry.
var scriptLanguages = map[string][]string{
	"Latin":      {"eng"},
	"Han":        {"chi_sim", "chi_tra"},
	"HanS":       {"chi_sim"},
	"HanT":       {"chi_tra"},
	"Japanese":   {"jpn"},
	"Hiragana":   {"jpn"},
	"Katakana":   {"jpn"},
	"Hangul":     {"kor"},
	"Korean":     {"kor"},
	"Arabic":     {"ara"},
	"Hebrew":     {"heb"},
	"Cyrillic":   {"rus"},
	"Greek":      {"ell"},
	"Devanagari": {"hin"},
	"Thai":       {"tha"},
}

// tessWorker owns Tesseract handles; one goroutine uses it at a time.
type tessWorker struct {
	clients map[string]*gosseract.Client // by "lang+lang"
	osd     *osdHandle
}

// tesseract is the Tesseract backend: a pool of workers, one per core,
// each with its handles created on first use and kept for the process.
type tesseract struct {
	tessdata  string
	available map[string]bool
	workers   chan *tessWorker
	all       []*tessWorker
}

// tessdataDir is where the language data is looked for.
func tessdataDir(opt string) string {
	if opt != "" {
		return opt
	}
	if p := os.Getenv("TESSDATA_PREFIX"); p != "" {
		return p
	}
	for _, d := range []string{"/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/share/tessdata", "/usr/local/share/tessdata"} {
		if _, err := os.Stat(filepath.Join(d, "eng.traineddata")); err == nil {
			return d
		}
	}
	return ""
}

func newTesseract(opt Options) (*tesseract, error) {
	dir := tessdataDir(opt.TessdataDir)
	t := &tesseract{tessdata: opt.TessdataDir, available: map[string]bool{}}
	if dir != "" {
		files, _ := filepath.Glob(filepath.Join(dir, "*.traineddata"))
		for _, f := range files {
			t.available[strings.TrimSuffix(filepath.Base(f), ".traineddata")] = true
		}
	}
	if !t.available["eng"] && len(opt.Languages) == 0 {
		return nil, fmt.Errorf("ocr: tesseract language data not found (looked in %q): install the Debian packages tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd (run make deps): %w", dir, core.ErrUnsupported)
	}
	for _, l := range opt.Languages {
		if !t.available[l] {
			return nil, fmt.Errorf("ocr: tesseract language %q not installed in %q: apt-get install tesseract-ocr-%s (run make deps): %w", l, dir, strings.ReplaceAll(l, "_", "-"), core.ErrUnsupported)
		}
	}
	n := max(1, opt.Workers)
	t.workers = make(chan *tessWorker, n)
	for range n {
		w := &tessWorker{clients: map[string]*gosseract.Client{}}
		t.all = append(t.all, w)
		t.workers <- w
	}
	// Make sure the library really loads data: one handle now, so that a
	// broken install fails in Configure rather than on every page.
	w := <-t.workers
	defer func() { t.workers <- w }()
	if _, err := w.client(t, []string{firstNonEmpty(opt.Languages, "eng")}); err != nil {
		t.close()
		return nil, fmt.Errorf("ocr: tesseract: %v: install tesseract-ocr and its language packs (run make deps): %w", err, core.ErrUnsupported)
	}
	return t, nil
}

func firstNonEmpty(l []string, def string) string {
	if len(l) > 0 {
		return l[0]
	}
	return def
}

func (t *tesseract) close() {
	for _, w := range t.all {
		for k, c := range w.clients {
			c.Close()
			delete(w.clients, k)
		}
		w.osd.close()
	}
}

// acquire borrows a worker.
func (t *tesseract) acquire(ctx context.Context) (*tessWorker, error) {
	select {
	case w := <-t.workers:
		return w, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (t *tesseract) release(w *tessWorker) { t.workers <- w }

// client returns the worker's handle for langs, creating it once.
func (w *tessWorker) client(t *tesseract, langs []string) (*gosseract.Client, error) {
	key := strings.Join(langs, "+")
	if c, ok := w.clients[key]; ok {
		return c, nil
	}
	c := gosseract.NewClient()
	if t.tessdata != "" {
		c.SetTessdataPrefix(t.tessdata)
	}
	if err := c.SetLanguage(langs...); err != nil {
		c.Close()
		return nil, err
	}
	c.SetPageSegMode(gosseract.PSM_AUTO)
	c.SetVariable("user_defined_dpi", "200")
	// Initialise now on a blank image so that errors show here.
	blank := image.NewGray(image.Rect(0, 0, 8, 8))
	for i := range blank.Pix {
		blank.Pix[i] = 255
	}
	if err := c.SetImageFromBytes(pgm(blank)); err != nil {
		c.Close()
		return nil, err
	}
	if _, err := c.Text(); err != nil {
		c.Close()
		return nil, err
	}
	w.clients[key] = c
	return c, nil
}

// osd runs orientation and script detection with the worker's handle.
func (w *tessWorker) detect(t *tesseract, g *image.Gray, dpi int) (osdResult, error) {
	if w.osd == nil {
		if !t.available["osd"] {
			return osdResult{}, fmt.Errorf("ocr: osd.traineddata missing: apt-get install tesseract-ocr-osd: %w", core.ErrUnsupported)
		}
		o, err := newOSD(t.tessdata)
		if err != nil {
			return osdResult{}, err
		}
		w.osd = o
	}
	return w.osd.detect(g, dpi)
}

// languagesFor picks the language data for a script.
func (t *tesseract) languagesFor(script string) []string {
	for _, l := range scriptLanguages[script] {
		if t.available[l] {
			if l == "eng" {
				return []string{"eng"}
			}
			if t.available["eng"] {
				return []string{l, "eng"}
			}
			return []string{l}
		}
	}
	return []string{"eng"}
}

// europeanLanguages are added to English for a Latin-script page that
// English alone reads poorly: together they cover most Western European
// accents. Two more languages cost about 60% more time on such a page.
var europeanLanguages = []string{"deu", "fra"}

// europeanFor is langs with the installed European languages added, or
// nil when it would add none.
func (t *tesseract) europeanFor(langs []string) []string {
	out := slices.Clone(langs)
	for _, l := range europeanLanguages {
		if t.available[l] && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	if len(out) == len(langs) {
		return nil
	}
	return out
}

// recognize reads an upright image with one recognition pass.
func (t *tesseract) recognize(ctx context.Context, w *tessWorker, g *image.Gray, dpi int, langs []string) ([]pxWord, error) {
	if err := checkImage(g); err != nil {
		return nil, nil // nothing to read in a sliver
	}
	c, err := w.client(t, langs)
	if err != nil {
		return nil, fmt.Errorf("ocr: tesseract %s: %w", strings.Join(langs, "+"), err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := c.SetImageFromBytes(pgm(g)); err != nil {
		return nil, fmt.Errorf("ocr: tesseract image: %w", err)
	}
	c.SetVariable("user_defined_dpi", strconv.Itoa(dpi))
	boxes, err := c.GetBoundingBoxesVerbose()
	if err != nil {
		return nil, fmt.Errorf("ocr: tesseract: %w", err)
	}
	rtl := slices.Contains(langs, "ara") || slices.Contains(langs, "heb")
	words := make([]pxWord, 0, len(boxes))
	for _, b := range boxes {
		text := strings.TrimSpace(b.Word)
		if text == "" || b.Box.Empty() {
			continue
		}
		words = append(words, pxWord{
			text: text,
			box:  b.Box,
			conf: max(0, min(1, b.Confidence/100)),
			rtl:  rtl,
		})
	}
	return words, nil
}
