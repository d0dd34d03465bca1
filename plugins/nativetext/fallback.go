package nativetext

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"unicode"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
	"github.com/assay-pdf/assay/internal/recovered"
	"github.com/assay-pdf/assay/internal/render"
)

// The second reader is pdfium (internal/render: compiled to WebAssembly
// and run in this process by wazero, so the engine stays pure Go). It
// reads the characters of files internal/pdfdoc cannot open: damaged
// beyond pdfcpu's repairs, or encrypted in a way pdfcpu refuses that opens
// with the empty user password. Measured on the shared corpus (506
// files): pdfcpu cannot open 15; the former second parser,
// ledongthuc/pdf, read none of them; pdfium reads 2. Its pages are laid
// out by the same layout from pdfium's character boxes, and answered
// degraded (no font programs, sizes from the boxes), so that better
// engines may still be asked. pdfium starts on first need, once per
// process, and is closed with the engine.

// secondReader is the engine's pdfium, started on first need.
type secondReader struct {
	mu sync.Mutex
	r  *render.Renderer
}

// renderer starts pdfium the first time it is needed.
func (s *secondReader) renderer(ctx context.Context) (*render.Renderer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.r == nil {
		r := render.New(render.Config{})
		if err := r.Open(ctx); err != nil {
			return nil, err
		}
		s.r = r
	}
	return s.r, nil
}

// close stops pdfium if it was started.
func (s *secondReader) close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.r == nil {
		return nil
	}
	err := s.r.Close()
	s.r = nil
	return err
}

// fallbackDoc is a file open in the second reader.
type fallbackDoc struct {
	r    *render.Renderer
	d    *render.Doc
	font *font // the stand-in font of every glyph
}

// canFallback reports whether an error from Open is one the second reader
// may do better on: damage, or encryption pdfcpu would not open; not
// emptiness, a non-PDF, a missing file, a size limit or the context.
func canFallback(err error) bool {
	if !errors.Is(err, core.ErrDamaged) && !errors.Is(err, core.ErrEncrypted) {
		return false
	}
	for _, e := range []error{core.ErrEmptyFile, core.ErrNotPDF, core.ErrNotFound, core.ErrTimeout, core.ErrCanceled, core.ErrTooLarge} {
		if errors.Is(err, e) {
			return false
		}
	}
	return true
}

// openFallback opens path with the second reader. Its errors wrap
// core.ErrDamaged.
func (e *Engine) openFallback(ctx context.Context, path string) (fd *fallbackDoc, err error) {
	defer func() {
		if v := recover(); v != nil {
			recovered.Note("nativetext: second reader open", v)
			fd, err = nil, fmt.Errorf("%w: second reader: panic: %v", core.ErrDamaged, v)
		}
	}()
	if err := ctx.Err(); err != nil {
		return nil, pdfdoc.ContextError(err)
	}
	r, err := e.second.renderer(ctx)
	if err != nil {
		return nil, fmt.Errorf("%w: second reader: %w", core.ErrDamaged, err)
	}
	d, err := r.LoadFile(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("%w: second reader: %w", core.ErrDamaged, err)
	}
	if d.NumPages() == 0 {
		_ = d.Close()
		return nil, fmt.Errorf("%w: second reader: no pages", core.ErrDamaged)
	}
	f := &font{simple: true, ascent: defaultAscent, descent: defaultDescent, sizeMul: 1}
	return &fallbackDoc{r: r, d: d, font: f}, nil
}

func (fd *fallbackDoc) close() { _ = fd.d.Close() }

// runFallback answers the requested pages from the second reader, in
// windows, with the document pass of the first.
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
			results[i] = fd.extractPage(ctx, n)
		}
		DocumentPassResults(results)
		for _, r := range results {
			if !yield(r, nil) {
				return
			}
		}
	}
}

// extractPage reads page n; a panic becomes a failed page. Boxes come
// from pdfium and sizes are estimates: the page is degraded, so that
// better engines may still be asked.
func (fd *fallbackDoc) extractPage(ctx context.Context, n int) (res core.PageResult) {
	start := time.Now()
	defer func() {
		if v := recover(); v != nil {
			recovered.Note("nativetext: second reader page", v)
			res = core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: fmt.Errorf("%w: second reader: panic: %v", core.ErrDamaged, v)})
		}
		res.Elapsed = time.Since(start)
	}()
	if n < 1 || n > fd.d.NumPages() {
		return core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: fmt.Errorf("%w: page %d of %d", core.ErrNoSuchPage, n, fd.d.NumPages())})
	}
	info, err := fd.r.PageInfo(ctx, fd.d, n)
	if err != nil {
		return core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: fmt.Errorf("%w: second reader: %w", core.ErrDamaged, err)})
	}
	chars, err := fd.r.Chars(ctx, fd.d, n)
	if err != nil {
		return core.Failed(n, &core.EngineError{Engine: Name, Page: n, Err: fmt.Errorf("%w: second reader: %w", core.ErrDamaged, err)})
	}
	page := core.Page{Number: n, Width: info.Width, Height: info.Height, Rotation: info.Rotation}
	glyphs, unmapped := fd.glyphs(chars, page.Box())
	page.Blocks = layout(glyphs, nil, page.Box())
	stats := map[string]float64{
		core.NoteStatPrefix + "read by the second reader (pdfium's characters): the first could not open the file, so sizes and styles are estimates": 1,
		"parser":                 2,
		core.FactGlyphs:          float64(len(glyphs)),
		core.FactUnmappedGlyphs:  float64(unmapped),
		core.FactBlankGlyphs:     float64(blankGlyphs(glyphs)),
		core.FactImageCoverage:   0,
		core.FactTextOps:         0,
		core.FactInvisibleGlyphs: 0,
	}
	return core.PageResult{Page: page, Status: core.StatusDegraded, Stats: stats}
}

// defaultGlyphSize is the size of a glyph whose box says none, and
// descentShare the part of a character's cell below its baseline.
const (
	defaultGlyphSize = 10
	descentShare     = 0.2
)

// generatedSpace is the space glyph between the glyph last and the cell
// next of the same line: pdfium puts a space of no box where the text's
// words part without a space character (a kern, a new show), and the
// layout, sizing glyphs by their cells (taller than the text's size),
// did not part them ('pdfencryptiontest').
func generatedSpace(last glyph, next core.BBox) (glyph, bool) {
	if next.X0 < last.box.X1 || next.Y0 >= last.box.Y1 || next.Y1 <= last.box.Y0 {
		return glyph{}, false
	}
	b := core.BBox{X0: last.box.X1, Y0: last.box.Y0, X1: max(next.X0, last.box.X1+minAdvance), Y1: last.box.Y1}
	return glyph{
		text: " ", box: b, ox: b.X0, oy: last.oy, ex: b.X1, ey: last.ey,
		size: last.size, font: last.font, flags: last.flags, space: true, mapped: true,
	}, true
}

// glyphs turns pdfium's characters into glyphs for the layout: each
// character's cell (its advance and the font's ascent and descent, so the
// cells of a word touch), the baseline a fifth of the cell above its foot,
// the size the cell's height. Control characters are left out; U+FFFD and
// NUL are glyphs without Unicode.
func (fd *fallbackDoc) glyphs(chars []render.Char, pageBox core.BBox) ([]glyph, int) {
	var out []glyph
	unmapped := 0
	spaceNext := false
	for _, c := range chars {
		if len(out) >= maxGlyphsPerPage {
			break
		}
		if c.Rune != 0 && unicode.IsControl(c.Rune) {
			spaceNext = false
			continue
		}
		cell := c.Loose
		if cell.Empty() {
			cell = c.BBox
		}
		b := cell.Intersect(pageBox)
		if b.Empty() {
			spaceNext = c.Rune == ' '
			continue
		}
		if spaceNext && len(out) > 0 {
			if sp, ok := generatedSpace(out[len(out)-1], b); ok {
				sp.seq = len(out)
				out = append(out, sp)
			}
		}
		spaceNext = false
		size := b.Height()
		if size < 1 {
			size = defaultGlyphSize
		}
		base := b.Y1 - descentShare*size
		mapped := c.Rune != 0 && c.Rune != unicode.ReplacementChar
		if !mapped {
			unmapped++
		}
		text := string(c.Rune)
		out = append(out, glyph{
			text: text, box: b, ox: b.X0, oy: base, ex: max(b.X1, b.X0+0.01), ey: base,
			size: size, font: fd.font, flags: fd.font.flags,
			space:  c.Rune == ' ' || c.Rune == '\u00a0' || c.Rune == '\u3000',
			mapped: mapped, seq: len(out),
		})
	}
	return out, unmapped
}
