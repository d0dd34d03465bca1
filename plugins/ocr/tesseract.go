package ocr

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"math"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/otiai10/gosseract/v2"

	"github.com/assay-pdf/assay/core"
)

// scriptModel is how Tesseract reads one script that OSD reports: with
// the first installed of its data, mostly the script model (Debian
// tesseract-ocr-script-*, trained on every language written in the
// script, so Polish and Czech diacritics read right) before the language
// pack of the script's main language.
type scriptModel struct {
	data []string // "Latin" (Latin.traineddata), then "eng"
	pkg  string   // the Debian package of the script model
	// latinToo adds English for the Latin words inside the lines: the
	// right-to-left models misread them.
	latinToo bool
}

// scriptModels is keyed by the script names of Tesseract's OSD. Hebrew
// reads better with heb than with the Hebrew script model (which takes
// short words for Latin ones), measured on testdata/scripts. Arabic reads
// without English: on a noisy scan English takes a tenth of the Arabic
// words for Latin ones (0.957 against 0.910 on the corpus's Arabic scan),
// which costs more than the Latin words it gets right.
var scriptModels = map[string]scriptModel{
	"Latin":      {[]string{"Latin", "eng"}, "tesseract-ocr-script-latn", false},
	"Arabic":     {[]string{"Arabic", "ara"}, "tesseract-ocr-script-arab", false},
	"Hebrew":     {[]string{"heb", "Hebrew"}, "tesseract-ocr-script-hebr", true},
	"Cyrillic":   {[]string{"Cyrillic", "rus"}, "tesseract-ocr-script-cyrl", false},
	"Greek":      {[]string{"Greek", "ell"}, "tesseract-ocr-script-grek", false},
	"Han":        {[]string{"HanS", "chi_sim", "chi_tra"}, "tesseract-ocr-script-hans", false},
	"HanS":       {[]string{"HanS", "chi_sim"}, "tesseract-ocr-script-hans", false},
	"HanT":       {[]string{"HanT", "chi_tra"}, "tesseract-ocr-script-hant", false},
	"Japanese":   {[]string{"Japanese", "jpn"}, "tesseract-ocr-script-jpan", false},
	"Hiragana":   {[]string{"Japanese", "jpn"}, "tesseract-ocr-script-jpan", false},
	"Katakana":   {[]string{"Japanese", "jpn"}, "tesseract-ocr-script-jpan", false},
	"Hangul":     {[]string{"Hangul", "kor"}, "tesseract-ocr-script-hang", false},
	"Korean":     {[]string{"Hangul", "kor"}, "tesseract-ocr-script-hang", false},
	"Devanagari": {[]string{"Devanagari", "hin"}, "tesseract-ocr-script-deva", false},
	"Thai":       {[]string{"Thai", "tha"}, "tesseract-ocr-script-thai", false},
}

// dottedModels are the models of the Arabic script, whose dots and
// letters are small separate marks (see client).
var dottedModels = map[string]bool{"Arabic": true, "ara": true, "fas": true, "urd": true}

// dotted reports whether langs hold a model of the Arabic script.
func dotted(langs []string) bool {
	return slices.ContainsFunc(langs, func(l string) bool { return dottedModels[l] })
}

// rtlModels are the models that read right-to-left scripts.
var rtlModels = map[string]bool{"Arabic": true, "Hebrew": true, "ara": true, "heb": true, "fas": true, "urd": true, "yid": true}

// tessWorker owns Tesseract handles; one goroutine uses it at a time.
type tessWorker struct {
	clients map[string]*gosseract.Client // by "lang+lang"
	osd     *osdHandle
	// unread: the worker reads a whole page now, and reads again the
	// lines a reading leaves unread (readUnread). A picture's region is
	// not a page: its unread ink is most often the picture's own.
	unread bool
}

// tesseract is the Tesseract backend: a pool of workers, one per core,
// each with its handles created on first use and kept for the process.
// The worker released last is lent first: a call that reads fewer pages
// at once than there are workers (Options.Workers) keeps to the workers
// that have loaded their models.
type tesseract struct {
	tessdata  string
	available map[string]bool
	dataName  map[string]string // available name -> the name Tesseract loads
	free      chan struct{}     // a token per idle worker
	mu        sync.Mutex
	idle      []*tessWorker // the last released on top
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

// findData maps the names of the traineddata files in dir to the names
// Tesseract loads them by: Debian installs the script models beside the
// languages ("Latin"), upstream's tessdata under script/ ("script/Latin").
func findData(dir string) map[string]string {
	out := map[string]string{}
	if dir == "" {
		return out
	}
	for _, sub := range []string{"script", ""} {
		files, _ := filepath.Glob(filepath.Join(dir, sub, "*.traineddata"))
		for _, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), ".traineddata")
			out[name] = path.Join(sub, name)
		}
	}
	return out
}

// packageOf names the Debian package that installs a model or language.
func packageOf(name string) string {
	if sm, ok := scriptModels[name]; ok {
		return sm.pkg
	}
	return "tesseract-ocr-" + strings.ReplaceAll(strings.ToLower(name), "_", "-")
}

func newTesseract(opt Options) (*tesseract, error) {
	dir := tessdataDir(opt.TessdataDir)
	t := &tesseract{tessdata: opt.TessdataDir, available: map[string]bool{}, dataName: findData(dir)}
	for name := range t.dataName {
		t.available[name] = true
	}
	if !t.available["eng"] && len(opt.Languages) == 0 {
		return nil, fmt.Errorf("ocr: tesseract language data not found (looked in %q): install the Debian packages tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd (run make deps): %w", dir, core.ErrUnsupported)
	}
	for _, l := range opt.Languages {
		if !t.available[l] {
			return nil, fmt.Errorf("ocr: tesseract language %q not installed in %q: apt-get install %s (run make deps): %w", l, dir, packageOf(l), core.ErrUnsupported)
		}
	}
	n := max(1, runtime.GOMAXPROCS(0), opt.Workers)
	t.free = make(chan struct{}, n)
	for range n {
		w := &tessWorker{clients: map[string]*gosseract.Client{}}
		t.all = append(t.all, w)
		t.idle = append(t.idle, w)
		t.free <- struct{}{}
	}
	// Make sure the library really loads data: one handle now, so that a
	// broken install fails in Configure rather than on every page.
	w, _ := t.acquire(context.Background())
	defer t.release(w)
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
	case <-t.free:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	w := t.idle[len(t.idle)-1]
	t.idle = t.idle[:len(t.idle)-1]
	return w, nil
}

// release gives a worker back.
func (t *tesseract) release(w *tessWorker) {
	t.mu.Lock()
	t.idle = append(t.idle, w)
	t.mu.Unlock()
	t.free <- struct{}{}
}

// client returns the worker's handle for langs, creating it once. Its
// segmentation mode is PSM_SINGLE_BLOCK; latinWords switches it to
// PSM_SINGLE_WORD for a word and back (the mode is a parameter of the
// reading, not of the model: one handle, one load of the language data).
func (w *tessWorker) client(t *tesseract, langs []string) (*gosseract.Client, error) {
	key := strings.Join(langs, "+")
	if c, ok := w.clients[key]; ok {
		return c, nil
	}
	c := gosseract.NewClient()
	if t.tessdata != "" {
		c.SetTessdataPrefix(t.tessdata)
	}
	data := make([]string, len(langs))
	for i, l := range langs {
		data[i] = cmp.Or(t.dataName[l], l)
	}
	if err := c.SetLanguage(data...); err != nil {
		c.Close()
		return nil, err
	}
	c.SetVariable("user_defined_dpi", "200")
	if dotted(langs) {
		// Tesseract drops a text row made mostly of blobs the size of
		// noise. Arabic writes its dots, and many letters, as such small
		// blobs: whole lines of a clean page were dropped (the first
		// lines of the script pages of testdata/scripts/b).
		c.SetVariable("textord_noise_rejrows", "0")
	}
	// Initialise now on a blank image so that errors show here.
	blank := image.NewGray(image.Rect(0, 0, 8, 8))
	for i := range blank.Pix {
		blank.Pix[i] = 255
	}
	if err := c.SetImageFromBytes(bmp(blank)); err != nil {
		c.Close()
		return nil, err
	}
	if _, err := c.Text(); err != nil {
		c.Close()
		return nil, err
	}
	// The page is read as one block of text, and the layout (layout.go)
	// finds its columns, tables and headings from the word boxes. A mode
	// set before the first image is lost: gosseract initialises the API
	// on it, which resets Tesseract's parameters (so the PSM_AUTO set here
	// before never took effect). PSM_AUTO's own page analysis was
	// measured against this: better on some scans of the corpus, but it
	// drops the first line under a heading on others (generated
	// scanned-06: 0.993 -> 0.957). Single words are read again with
	// PSM_SINGLE_WORD (latinWords).
	c.SetPageSegMode(gosseract.PSM_SINGLE_BLOCK)
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

// modelsFor picks the data that reads a page in script (the name OSD
// gave; "" when OSD was unsure): the languages the user named, with the
// script's model added; else the script's model, else its language data,
// else English. missing names the Debian package to install when the
// script has no model here.
func (t *tesseract) modelsFor(script string, named []string) (langs []string, missing string) {
	detected := script != ""
	if !detected {
		script = "Latin" // OSD unsure: most likely, and Latin's model reads English too
	}
	sm, known := scriptModels[script]
	pick := ""
	if known {
		for _, d := range sm.data {
			if t.available[d] {
				pick = d
				break
			}
		}
		if pick == "" && detected {
			missing = sm.pkg
		}
	}
	if len(named) > 0 {
		langs = slices.Clone(named)
		if pick != "" && !slices.Contains(langs, pick) {
			langs = append(langs, pick)
		}
		return langs, missing
	}
	if pick == "" {
		pick = "eng"
		if !t.available[pick] && t.available["Latin"] {
			pick = "Latin"
		}
	}
	langs = []string{pick}
	if sm.latinToo && pick != "eng" && t.available["eng"] {
		langs = append(langs, "eng")
	}
	return langs, missing
}

// installedData lists the script models (their names are capitalised,
// the language packs' are not) and the language data that findData
// found, sorted ("osd" left out).
func installedData(data map[string]string) (scripts, languages []string) {
	for name := range data {
		switch {
		case name != "" && unicode.IsUpper([]rune(name)[0]):
			scripts = append(scripts, name)
		case name != "osd":
			languages = append(languages, name)
		}
	}
	slices.Sort(scripts)
	slices.Sort(languages)
	return scripts, languages
}

// recognize reads an upright image with one recognition pass, shrunk by
// scale (readScale; 1 reads it as it is). Boxes are in g's pixels.
func (t *tesseract) recognize(ctx context.Context, w *tessWorker, g *image.Gray, dpi int, langs []string, scale float64) ([]pxWord, error) {
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
	src, dx, dy := g, 1.0, 1.0
	if scale < 1 {
		src = shrink(g, scale)
		dx = float64(g.Rect.Dx()) / float64(src.Rect.Dx())
		dy = float64(g.Rect.Dy()) / float64(src.Rect.Dy())
		dpi = max(1, int(math.Round(float64(dpi)*scale)))
	}
	boxes, err := readBoxes(c, src, dpi)
	if err != nil {
		return nil, err
	}
	if w.unread {
		if boxes, err = readUnread(ctx, c, src, dpi, boxes); err != nil {
			return nil, err
		}
	}
	rtl := slices.ContainsFunc(langs, func(l string) bool { return rtlModels[l] })
	words := make([]pxWord, 0, len(boxes))
	var prev gosseract.BoundingBox
	var prevBox image.Rectangle // prev's box in g's pixels
	for i, b := range boxes {
		// Tesseract marks the direction of runs with U+200E and U+200F;
		// the layout orders the words itself.
		text := strings.TrimSpace(strings.Map(dropBidiControl, b.Word))
		if text == "" || b.Box.Empty() {
			continue
		}
		box := b.Box
		if src != g {
			box = image.Rect(int(float64(box.Min.X)*dx), int(float64(box.Min.Y)*dy),
				int(math.Ceil(float64(box.Max.X)*dx)), int(math.Ceil(float64(box.Max.Y)*dy)))
		}
		raw := box
		if i > 0 && sameLine(prev, b) {
			box = clipOverlap(prevBox, box)
		}
		prev, prevBox = b, raw
		words = append(words, pxWord{
			text: text,
			box:  box,
			conf: max(0, min(1, b.Confidence/100)),
			rtl:  rtl,
		})
	}
	return words, nil
}

// Lines that a reading of a block leaves unread (readUnread).
const (
	// minUnreadInch and maxUnreadInch bound the height of a band of
	// inked rows read again: a line of print, from a small one to display
	// type; a taller band is a picture or a drawing.
	minUnreadInch = 0.06
	maxUnreadInch = 0.75
	// unreadJoinInch: bands of inked rows this close are one (a line's
	// accents, an i's dot).
	unreadJoinInch = 0.02
	// maxUnreadInk is the most of a band's width its rows ink on average:
	// print leaves most of a row white; a solid bar or a photograph
	// does not.
	maxUnreadInk = 0.5
	// minUnreadConf and minUnreadMean: a band's words are kept where each
	// is read at minUnreadConf or above and all of them at minUnreadMean
	// on average. Print is read at 0.9 and above; a drawing's strokes
	// read as letters come out far below.
	minUnreadConf = 0.5
	minUnreadMean = 0.8
	// maxUnreadBands bounds the bands read again in one image.
	maxUnreadBands = 8
)

// readUnread reads again, each alone, the bands of g's inked rows that
// no word of boxes (g's reading with c) stands on, and adds the words
// read there. Tesseract reads a block as lines of one size, and drops a
// line of display type much larger than the print under it: a scanned
// medical report's title ('SEATTLE GENERAL HOSPITAL', twice the size of
// its text) was read by neither the block nor any part, and Tesseract
// reads it at 0.96 in a band of its own. A band's words are kept only
// where they are read surely (minUnreadConf, minUnreadMean), so that a
// drawing's strokes add no letters.
func readUnread(ctx context.Context, c *gosseract.Client, g *image.Gray, dpi int, boxes []gosseract.BoundingBox) ([]gosseract.BoundingBox, error) {
	bandsRead := 0
	for _, band := range unreadBands(g, dpi, boxes) {
		if bandsRead == maxUnreadBands {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		bandsRead++
		pad := band.Dy() / 3
		r := image.Rect(0, max(0, band.Min.Y-pad), g.Rect.Dx(), min(g.Rect.Dy(), band.Max.Y+pad))
		read, err := readBoxes(c, g.SubImage(r.Add(g.Rect.Min)).(*image.Gray), dpi)
		if err != nil {
			return nil, err
		}
		boxes = append(boxes, sureInBand(read, r.Min, band, bandsRead)...)
	}
	return boxes, nil
}

// unreadBands are the bands of g's inked rows (more than blankRowInk dark
// pixels) that no box of boxes covers, joined across gaps under
// unreadJoinInch, minUnreadInch to maxUnreadInch tall, inking less than
// maxUnreadInk of their width; rows from g's corner, the whole width.
func unreadBands(g *image.Gray, dpi int, boxes []gosseract.BoundingBox) []image.Rectangle {
	rows := rowInk(g)
	covered := make([]bool, len(rows))
	for _, b := range boxes {
		for y := max(0, b.Box.Min.Y); y < min(len(rows), b.Box.Max.Y); y++ {
			covered[y] = true
		}
	}
	blank, join := blankRowInk(g.Rect.Dx()), int(unreadJoinInch*float64(dpi))
	var out []image.Rectangle
	start, end, ink := -1, -1, 0
	flush := func() {
		if start < 0 {
			return
		}
		h := end - start
		if float64(h) >= minUnreadInch*float64(dpi) && float64(h) <= maxUnreadInch*float64(dpi) &&
			float64(ink) < maxUnreadInk*float64(h*g.Rect.Dx()) {
			out = append(out, image.Rect(0, start, g.Rect.Dx(), end))
		}
		start, end, ink = -1, -1, 0
	}
	for y, n := range rows {
		if n <= blank || covered[y] {
			if start >= 0 && (covered[y] || y-end > join) {
				flush()
			}
			continue
		}
		if start < 0 {
			start = y
		}
		end, ink = y+1, ink+n
	}
	flush()
	return out
}

// sureInBand are the words of read (boxes from off) whose middle lies in
// band, where each is read at minUnreadConf or above and all at
// minUnreadMean on average, their boxes moved by off and numbered apart
// from the block's lines (BlockNum, so that no word is taken for one of
// the same line as a word read before).
func sureInBand(read []gosseract.BoundingBox, off image.Point, band image.Rectangle, n int) []gosseract.BoundingBox {
	var out []gosseract.BoundingBox
	sum := 0.0
	for _, b := range read {
		b.Box = b.Box.Add(off)
		if mid := (b.Box.Min.Y + b.Box.Max.Y) / 2; mid < band.Min.Y || mid >= band.Max.Y || strings.TrimSpace(b.Word) == "" {
			continue
		}
		if b.Confidence/100 < minUnreadConf {
			return nil
		}
		b.BlockNum = -n
		sum += b.Confidence / 100
		out = append(out, b)
	}
	if len(out) == 0 || sum/float64(len(out)) < minUnreadMean {
		return nil
	}
	return out
}

// readBoxes reads g, printed at dpi, with the handle c: its words with
// their boxes (in g's pixels from its corner) and confidences.
func readBoxes(c *gosseract.Client, g *image.Gray, dpi int) ([]gosseract.BoundingBox, error) {
	if err := c.SetImageFromBytes(bmp(g)); err != nil {
		return nil, fmt.Errorf("ocr: tesseract image: %w", err)
	}
	c.SetVariable("user_defined_dpi", strconv.Itoa(dpi))
	boxes, err := c.GetBoundingBoxesVerbose()
	if err != nil {
		return nil, fmt.Errorf("ocr: tesseract: %w", err)
	}
	return boxes, nil
}

func dropBidiControl(r rune) rune {
	if unicode.Is(unicode.Bidi_Control, r) {
		return -1
	}
	return r
}

func sameLine(a, b gosseract.BoundingBox) bool {
	return a.BlockNum == b.BlockNum && a.ParNum == b.ParNum && a.LineNum == b.LineNum
}

// clipOverlap trims the box of a word that reaches over the word read
// before it on the same line: the LSTM models place the ends of Arabic
// words loosely, and a box reaching over its neighbour makes the layout
// take them for two lines. Words are read in their line's direction, so
// cur lies left of prev in a right-to-left run and right of it in a
// left-to-right one.
func clipOverlap(prev, cur image.Rectangle) image.Rectangle {
	switch {
	case cur.Min.X < prev.Min.X && cur.Max.X > prev.Min.X: // right to left
		cur.Max.X = max(cur.Min.X+1, prev.Min.X-1)
	case cur.Max.X > prev.Max.X && cur.Min.X < prev.Max.X: // left to right
		cur.Min.X = min(cur.Max.X-1, prev.Max.X+1)
	}
	return cur
}

// Latin words inside the lines of a script whose model reads no Latin
// (Arabic's: English beside it costs more Arabic words than the Latin
// ones it gets right, see scriptModels) come out as a few low-confidence
// letters of that script. Each word the script's model read with doubt is
// read again alone with English, and takes English's reading when English
// is sure of it and it is Latin: English reads the Arabic words the
// model doubted as nonsense, with confidence near 0.
const (
	// minLatinWordConf: the least confidence of English's reading of a
	// word to replace the script model's. English reads a printed Latin
	// word alone at 0.9 and above; the script pages' Arabic words read
	// with doubt, at 0.0–0.3.
	minLatinWordConf = 0.85
	// wordPad is the margin, in pixels, around a word's box when it is
	// read alone: Tesseract needs some white around the ink.
	wordPad = 6
	// minLatinLetters: a reading with fewer Latin letters (a stray
	// letter, a number) says nothing about the word being Latin.
	minLatinLetters = 2
)

// latinWords reads again with English, word by word, the words of ws
// (read on g) read with doubt, and keeps English's reading of those it is
// sure are Latin.
func (t *tesseract) latinWords(ctx context.Context, w *tessWorker, g *image.Gray, dpi int, ws []pxWord) ([]pxWord, error) {
	if !t.available[fastLatin] {
		return ws, nil
	}
	var c *gosseract.Client
	for i, wd := range ws {
		if wd.conf >= lowWordConf {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if c == nil {
			var err error
			if c, err = w.client(t, []string{fastLatin}); err != nil {
				return ws, nil // no English: the script's reading stands
			}
			c.SetPageSegMode(gosseract.PSM_SINGLE_WORD)
			defer c.SetPageSegMode(gosseract.PSM_SINGLE_BLOCK)
		}
		word := g.SubImage(wd.box.Inset(-wordPad).Intersect(g.Rect)).(*image.Gray)
		if checkImage(word) != nil {
			continue
		}
		boxes, err := readBoxes(c, word, dpi)
		if err != nil {
			return nil, err
		}
		if text, conf, ok := oneLatinWord(boxes); ok && conf >= minLatinWordConf && conf > wd.conf {
			ws[i].text, ws[i].conf = text, conf
		}
	}
	return ws, nil
}

// oneLatinWord is the text of a single-word reading when it is one word
// of Latin letters (digits and punctuation around them allowed), with
// its confidence (0..1).
func oneLatinWord(boxes []gosseract.BoundingBox) (string, float64, bool) {
	var words []string
	conf := 1.0
	for _, b := range boxes {
		if t := strings.TrimSpace(b.Word); t != "" {
			words = append(words, t)
			conf = min(conf, b.Confidence/100)
		}
	}
	if len(words) != 1 {
		return "", 0, false
	}
	letters := 0
	for _, r := range words[0] {
		switch {
		case r < utf8.RuneSelf && unicode.IsLetter(r):
			letters++
		case unicode.IsLetter(r):
			return "", 0, false // a letter of another script
		}
	}
	if letters < minLatinLetters {
		return "", 0, false
	}
	return words[0], conf, true
}
