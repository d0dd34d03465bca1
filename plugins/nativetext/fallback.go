package nativetext

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	lpdf "github.com/ledongthuc/pdf"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
	"github.com/assay-pdf/assay/internal/recovered"
)

// The second parser (github.com/ledongthuc/pdf) reads the text of files
// that internal/pdfdoc cannot open at all. It panics on damaged input, is
// slow on object streams (every glyph's width re-decodes the object
// stream that holds the font), and cannot be interrupted inside a page, so
// its work is bounded up front, not by a timer:
//
//   - pages are read one at a time, ctx checked before each;
//   - the page tree is walked by us (depth 64, fallbackMaxNodes nodes,
//     fallbackMaxPages leaves), never by trusting /Count;
//   - a page's decoded content is read (and limited) before the parser
//     interprets it: over fallbackMaxPageContent bytes the page fails
//     with ErrTooLarge, and once the document's pages have used
//     fallbackMaxContent bytes in all, the remaining pages fail the same
//     way. Both limits are divided by 16 when the file has object streams.
//
// A page's work is thus linear in at most 512 KiB of content (32 KiB with
// object streams, where each glyph costs an object-stream decode), which
// keeps a page under about a second on the corpus. Every call is made
// under recover.
const (
	fallbackMaxPages       = 2000
	fallbackMaxNodes       = 20000
	fallbackMaxPageContent = 512 << 10
	fallbackMaxContent     = 8 << 20
	fallbackObjStmDivisor  = 16
)

// fallbackDoc is a file open in the second parser.
type fallbackDoc struct {
	f      *os.File
	r      *lpdf.Reader
	pages  []lpdf.Value
	objStm bool
	used   int64 // content bytes interpreted so far
	fonts  map[string]*font
}

// canFallback reports whether an error from Open is one the second parser
// may do better on: damage, not encryption, emptiness, a non-PDF, a
// missing file or the context.
func canFallback(err error) bool {
	if !errors.Is(err, core.ErrDamaged) {
		return false
	}
	for _, e := range []error{core.ErrEncrypted, core.ErrEmptyFile, core.ErrNotPDF, core.ErrNotFound, core.ErrTimeout, core.ErrCanceled, core.ErrTooLarge} {
		if errors.Is(err, e) {
			return false
		}
	}
	return true
}

// openFallback opens path with the second parser; its pages are found by
// our own walk of the page tree.
func openFallback(ctx context.Context, path string) (fd *fallbackDoc, err error) {
	defer func() {
		if r := recover(); r != nil {
			recovered.Note("nativetext: second parser open", r)
			if fd != nil && fd.f != nil {
				_ = fd.f.Close()
			}
			fd, err = nil, fmt.Errorf("%w: second parser: panic: %v", core.ErrDamaged, r)
		}
	}()
	if err := ctx.Err(); err != nil {
		return nil, pdfdoc.ContextError(err)
	}
	f, r, err := lpdf.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: second parser: %w", core.ErrDamaged, err)
	}
	fd = &fallbackDoc{f: f, r: r, fonts: map[string]*font{}}
	tr := r.Trailer()
	fd.objStm = tr.Key("Type").Name() == "XRef"
	fd.pages = walkFallbackPages(tr.Key("Root").Key("Pages"))
	if len(fd.pages) == 0 {
		_ = f.Close()
		return nil, fmt.Errorf("%w: second parser: no pages", core.ErrDamaged)
	}
	return fd, nil
}

func (fd *fallbackDoc) close() {
	if fd.f != nil {
		_ = fd.f.Close()
	}
}

// walkFallbackPages lists the leaves of the page tree, in order, within
// the node and depth limits (a cycle ends when the node budget does).
func walkFallbackPages(root lpdf.Value) []lpdf.Value {
	var out []lpdf.Value
	budget := fallbackMaxNodes
	var walk func(v lpdf.Value, depth int)
	walk = func(v lpdf.Value, depth int) {
		if depth > 64 || budget <= 0 || len(out) >= fallbackMaxPages || v.Kind() != lpdf.Dict {
			return
		}
		budget--
		kids := v.Key("Kids")
		if v.Key("Type").Name() == "Pages" || kids.Kind() == lpdf.Array {
			for i := 0; i < kids.Len() && budget > 0; i++ {
				walk(kids.Index(i), depth+1)
			}
			return
		}
		out = append(out, v)
	}
	walk(root, 0)
	return out
}

// runFallback answers the requested pages from the second parser, one at
// a time, in windows like runPages.
func runFallback(ctx context.Context, fd *fallbackDoc, req *core.Request, yield func(core.PageResult, error) bool) {
	defer fd.close()
	for start := 0; start < len(req.Pages); start += windowPages {
		win := req.Pages[start:min(start+windowPages, len(req.Pages))]
		results := make([]core.PageResult, len(win))
		for i, n := range win {
			if err := ctx.Err(); err != nil {
				results[i] = core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: pdfdoc.ContextError(err)})
				continue
			}
			results[i] = fd.extractPage(n)
		}
		DocumentPassResults(results)
		for _, r := range results {
			if !yield(r, nil) {
				return
			}
		}
	}
}

// extractPage reads page n; a panic becomes a failed page.
func (fd *fallbackDoc) extractPage(n int) (res core.PageResult) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			recovered.Note("nativetext: second parser page", r)
			res = core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: fmt.Errorf("%w: second parser: panic: %v", core.ErrDamaged, r)})
		}
		res.Elapsed = time.Since(start)
	}()
	if n < 1 || n > len(fd.pages) {
		return core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: fmt.Errorf("%w: page %d of %d", core.ErrNoSuchPage, n, len(fd.pages))})
	}
	page, stats, err := fd.page(n)
	if err != nil {
		return core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: err})
	}
	// Boxes are estimates: the page is degraded, so that better engines
	// may still be asked.
	return core.PageResult{Page: *page, Status: core.StatusDegraded, Stats: stats}
}

func (fd *fallbackDoc) limits() (page, total int64) {
	page, total = fallbackMaxPageContent, fallbackMaxContent
	if fd.objStm {
		page, total = page/fallbackObjStmDivisor, total/fallbackObjStmDivisor
	}
	return page, total
}

// contentSize is the decoded size of a page's content streams, reading at
// most limit+1 bytes.
func contentSize(contents lpdf.Value, limit int64) int64 {
	var size int64
	read := func(v lpdf.Value) {
		if size > limit {
			return
		}
		rc := v.Reader()
		defer rc.Close()
		k, _ := io.Copy(io.Discard, io.LimitReader(rc, limit+1-size))
		size += k
	}
	if contents.Kind() == lpdf.Array {
		for i := 0; i < contents.Len() && size <= limit; i++ {
			read(contents.Index(i))
		}
	} else {
		read(contents)
	}
	return size
}

func (fd *fallbackDoc) page(n int) (*core.Page, map[string]float64, error) {
	pv := fd.pages[n-1]
	p := lpdf.Page{V: pv}
	mb := fallbackBox(p)
	w, h := mb[2]-mb[0], mb[3]-mb[1]
	page := &core.Page{Number: n, Width: w, Height: h}
	stats := map[string]float64{"parser": 2, core.FactGlyphs: 0, core.FactUnmappedGlyphs: 0, core.FactBlankGlyphs: 0}
	pageLimit, totalLimit := fd.limits()
	size := contentSize(pv.Key("Contents"), pageLimit)
	if size > pageLimit {
		return nil, nil, fmt.Errorf("%w: second parser: page content over %d bytes", core.ErrTooLarge, pageLimit)
	}
	if fd.used+size > totalLimit {
		return nil, nil, fmt.Errorf("%w: second parser: document content over %d bytes", core.ErrTooLarge, totalLimit)
	}
	fd.used += size
	if size == 0 {
		return page, stats, nil
	}
	texts := p.Content().Text
	glyphs, unmapped := fd.glyphs(texts, mb)
	stats[core.FactGlyphs] = float64(len(glyphs))
	stats[core.FactBlankGlyphs] = float64(blankGlyphs(glyphs))
	stats[core.FactUnmappedGlyphs] = float64(unmapped)
	page.Blocks = layout(glyphs, nil, page.Box())
	return page, stats, nil
}

// fallbackBox is the page's MediaBox [x0 y0 x1 y1] (inherited), US
// Letter when missing or unusable.
func fallbackBox(p lpdf.Page) [4]float64 {
	var v lpdf.Value
	for k, n := p.V, 0; n < 64 && k.Kind() == lpdf.Dict; k, n = k.Key("Parent"), n+1 {
		if v = k.Key("MediaBox"); v.Kind() == lpdf.Array {
			break
		}
	}
	if v.Kind() == lpdf.Array && v.Len() == 4 {
		var b [4]float64
		for i := range b {
			b[i] = v.Index(i).Float64()
		}
		b[0], b[2] = math.Min(b[0], b[2]), math.Max(b[0], b[2])
		b[1], b[3] = math.Min(b[1], b[3]), math.Max(b[1], b[3])
		if b[2]-b[0] >= 1 && b[3]-b[1] >= 1 && b[2]-b[0] < 20000 && b[3]-b[1] < 20000 {
			return b
		}
	}
	return [4]float64{0, 0, 612, 792}
}

// fallbackFont is a stand-in font per font name, for the layout's font
// statistics and the style flags.
func (fd *fallbackDoc) fallbackFont(name string) *font {
	if f, ok := fd.fonts[name]; ok {
		return f
	}
	f := &font{name: name, simple: true, ascent: 0.8, descent: -0.2, sizeMul: 1}
	l := strings.ToLower(name)
	if strings.Contains(l, "bold") || strings.Contains(l, "black") || strings.Contains(l, "heavy") {
		f.flags |= core.FlagBold
	}
	if strings.Contains(l, "italic") || strings.Contains(l, "oblique") {
		f.flags |= core.FlagItalic
	}
	if strings.Contains(l, "courier") || strings.Contains(l, "mono") {
		f.flags |= core.FlagMonospace
	}
	fd.fonts[name] = f
	return f
}

// glyphs turns the parser's text items into glyphs for the layout. Only
// lines are trusted: items are cut into runs that share a baseline, in
// drawing order. A run whose items advance left to right with widths keeps
// their positions; otherwise (CID fonts, where every item of a line has
// the same x and no width) the glyphs are spread from the run's start at
// an estimated advance (half an em, a full em for wide characters),
// squeezed to end inside the page.
func (fd *fallbackDoc) glyphs(texts []lpdf.Text, mb [4]float64) ([]glyph, int) {
	w, h := mb[2]-mb[0], mb[3]-mb[1]
	pageBox := core.BBox{X0: 0, Y0: 0, X1: w, Y1: h}
	var out []glyph
	unmapped := 0
	for i := 0; i < len(texts) && len(out) < maxGlyphsPerPage; {
		j := i + 1
		size := math.Abs(texts[i].FontSize)
		if size < 1 || size > 1000 || math.IsNaN(size) {
			size = 10
		}
		for j < len(texts) && math.Abs(texts[j].Y-texts[i].Y) < 0.3*size && texts[j].Font == texts[i].Font {
			j++
		}
		run := texts[i:j]
		i = j
		trusted := true
		for k := range run {
			if run[k].W <= 0 || (k > 0 && run[k].X <= run[k-1].X) {
				trusted = false
				break
			}
		}
		adv := make([]float64, len(run))
		total := 0.0
		for k, t := range run {
			r, _ := utf8.DecodeRuneInString(t.S)
			a := 0.5 * size
			if isWide(r) {
				a = size
			}
			adv[k] = a
			total += a
		}
		x0 := run[0].X - mb[0]
		if !trusted && total > 0 && x0+total > w {
			scale := math.Max(w-x0, 1) / total
			for k := range adv {
				adv[k] *= scale
			}
			if x0 >= w {
				x0 = math.Max(w-1, 0)
			}
		}
		base := h - (run[0].Y - mb[1])
		f := fd.fallbackFont(run[0].Font)
		x := x0
		for k, t := range run {
			if t.S == "" {
				continue
			}
			gx, ga := x, adv[k]
			if trusted {
				gx, ga = t.X-mb[0], t.W
			}
			x += adv[k]
			b := core.BBox{X0: gx, Y0: base - 0.8*size, X1: gx + ga, Y1: base + 0.2*size}.Intersect(pageBox)
			if b.Empty() || math.IsNaN(b.X0) || math.IsNaN(b.Y0) {
				continue
			}
			mapped := !strings.ContainsRune(t.S, utf8.RuneError)
			if !mapped {
				unmapped++
			}
			out = append(out, glyph{
				text: t.S, box: b, ox: gx, oy: base, ex: gx + math.Max(ga, 0.01), ey: base,
				size: size, font: f, flags: f.flags, space: t.S == " " || t.S == "\u00a0" || t.S == "\u3000",
				mapped: mapped, seq: len(out),
			})
		}
	}
	return out, unmapped
}

// isWide reports whether r is drawn a full em wide (CJK and full-width
// forms).
func isWide(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hangul, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || (r >= 0xFF01 && r <= 0xFF60) || (r >= 0x3000 && r <= 0x303F)
}

// SecondParserPages is the page count the second parser finds in path,
// for callers (the router's page planning) whose own open failed with
// core.ErrDamaged: Extract reads such files with the second parser, under
// the bounds above. Errors wrap core.ErrDamaged.
func SecondParserPages(ctx context.Context, path string) (int, error) {
	fd, err := openFallback(ctx, path)
	if err != nil {
		return 0, err
	}
	defer fd.close()
	return len(fd.pages), nil
}
