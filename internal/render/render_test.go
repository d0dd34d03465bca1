package render

import (
	"context"
	"errors"
	"image"
	"math"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
)

// The renderer is shared by the tests: starting pdfium costs a compile
// (cached on disk) per process.
var (
	shared     *Renderer
	sharedOnce sync.Once
)

func renderer(t testing.TB) *Renderer {
	t.Helper()
	sharedOnce.Do(func() { shared = New(Config{Instances: 2}) })
	return shared
}

func load(t testing.TB, name string) *Doc {
	t.Helper()
	d, err := renderer(t).LoadFile(context.Background(), filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func TestRenderPageSize(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		file   string
		dpi    float64
		gray   bool
		w, h   int
		rot    int
		pw, ph float64
	}{
		{"simple.pdf", 72, false, 612, 792, 0, 612, 792},
		{"simple.pdf", 150, true, 1275, 1650, 0, 612, 792},
		{"ocr/digital.pdf", 200, true, 1700, 1100, 0, 612, 396},
		{"ocr/digital-rot90.pdf", 100, false, 550, 850, 90, 396, 612},
		{"ocr/scan-fixed.pdf", 150, true, 1275, 825, 270, 612, 396},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			d := load(t, tc.file)
			pi, err := renderer(t).PageInfo(ctx, d, 1)
			if err != nil {
				t.Fatal(err)
			}
			if pi.Rotation != tc.rot || math.Abs(pi.Width-tc.pw) > 0.01 || math.Abs(pi.Height-tc.ph) > 0.01 {
				t.Fatalf("PageInfo = %+v, want %vx%v rot %d", pi, tc.pw, tc.ph, tc.rot)
			}
			img, tr, err := renderer(t).RenderPage(ctx, d, 1, Options{DPI: tc.dpi, Gray: tc.gray})
			if err != nil {
				t.Fatal(err)
			}
			b := img.Bounds()
			// pdfium rounds the size up: 792 pt at 150 dpi may give 1651.
			if abs(b.Dx()-tc.w) > 1 || abs(b.Dy()-tc.h) > 1 {
				t.Fatalf("size %dx%d, want %dx%d", b.Dx(), b.Dy(), tc.w, tc.h)
			}
			if _, ok := img.(*image.Gray); ok != tc.gray {
				t.Fatalf("image type %T, gray=%v", img, tc.gray)
			}
			full := tr.ToPage(b)
			if math.Abs(full.X1-tc.pw) > 1 || math.Abs(full.Y1-tc.ph) > 1 {
				t.Fatalf("ToPage(full) = %+v", full)
			}
		})
	}
}

// ink is the box of the dark pixels of a gray image.
func ink(img image.Image) image.Rectangle {
	b := img.Bounds()
	var r image.Rectangle
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c, _, _, _ := img.At(x, y).RGBA()
			if c < 0x8000 {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// TestRotatedPage checks that /Rotate 90 shows the page turned clockwise:
// the title, at the top-left of the unrotated page, is at the top-right of
// the displayed page, running downwards.
func TestRotatedPage(t *testing.T) {
	ctx := context.Background()
	r := renderer(t)
	up := load(t, "ocr/digital.pdf")
	rot := load(t, "ocr/digital-rot90.pdf")
	for _, tc := range []struct {
		d       *Doc
		rotated bool
	}{{up, false}, {rot, true}} {
		chars, err := r.Chars(ctx, tc.d, 1)
		if err != nil {
			t.Fatal(err)
		}
		// The title's first letter "H".
		var h Char
		for _, c := range chars {
			if c.Rune == 'H' {
				h = c
				break
			}
		}
		if h.BBox.Empty() {
			t.Fatal("no H")
		}
		pi, _ := r.PageInfo(ctx, tc.d, 1)
		cx, cy := (h.BBox.X0+h.BBox.X1)/2, (h.BBox.Y0+h.BBox.Y1)/2
		if !tc.rotated {
			// 54 pt from the left, 396-340 = 56 pt from the top (baseline).
			if cx < 50 || cx > 80 || cy < 30 || cy > 60 {
				t.Fatalf("upright H at %.1f,%.1f", cx, cy)
			}
		} else {
			// Turned clockwise: x = height-from-bottom..., near the right edge.
			if cx < pi.Width-60 || cy < 50 || cy > 80 {
				t.Fatalf("rotated H at %.1f,%.1f on %vx%v", cx, cy, pi.Width, pi.Height)
			}
		}
		// The render puts ink where the char boxes say.
		img, tr, err := r.RenderRegion(ctx, tc.d, 1, h.BBox, Options{DPI: 150, Gray: true})
		if err != nil {
			t.Fatal(err)
		}
		ib := ink(img)
		if ib.Empty() || ib.Dx()*ib.Dy() < img.Bounds().Dx()*img.Bounds().Dy()/6 {
			t.Fatalf("little ink in the H's box: %v of %v", ib, img.Bounds())
		}
		back := tr.ToPage(img.Bounds())
		if math.Abs(back.X0-h.BBox.X0) > 1 || math.Abs(back.Y0-h.BBox.Y0) > 1 {
			t.Fatalf("region maps back to %+v, want %+v", back, h.BBox)
		}
	}
}

func TestRenderRegionCrop(t *testing.T) {
	ctx := context.Background()
	d := load(t, "simple.pdf")
	tests := []struct {
		box  core.BBox
		dpi  float64
		w, h int
	}{
		{core.BBox{X0: 72, Y0: 72, X1: 144, Y1: 108}, 144, 144, 72},
		{core.BBox{X0: 0, Y0: 0, X1: 612, Y1: 792}, 72, 612, 792},
		{core.BBox{X0: 500, Y0: 700, X1: 700, Y1: 900}, 72, 112, 92}, // clipped to the page
	}
	for _, tc := range tests {
		img, tr, err := renderer(t).RenderRegion(ctx, d, 1, tc.box, Options{DPI: tc.dpi})
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); abs(b.Dx()-tc.w) > 1 || abs(b.Dy()-tc.h) > 1 {
			t.Errorf("%v at %v dpi: %dx%d, want %dx%d", tc.box, tc.dpi, b.Dx(), b.Dy(), tc.w, tc.h)
		}
		px := tr.ToPixels(tc.box.Intersect(core.BBox{X1: 612, Y1: 792}))
		if px.Min != (image.Point{}) {
			t.Errorf("ToPixels origin %v", px.Min)
		}
	}
	if _, _, err := renderer(t).RenderRegion(ctx, d, 1, core.BBox{X0: 700, Y0: 0, X1: 800, Y1: 10}, Options{DPI: 72}); !errors.Is(err, core.ErrBadRequest) {
		t.Errorf("region off the page: %v", err)
	}
}

func TestChars(t *testing.T) {
	ctx := context.Background()
	d := load(t, "simple.pdf")
	chars, err := renderer(t).Chars(ctx, d, 1)
	if err != nil {
		t.Fatal(err)
	}
	text := Text(chars)
	for _, want := range []string{"Quarterly Extraction Report", "Compare the speed with pdftotext."} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	// The title: 22 pt Helvetica-Bold at baseline y=720 → top-left y ≈ 72.
	title := TextIn(chars, core.BBox{X0: 60, Y0: 50, X1: 500, Y1: 76})
	if strings.Join(strings.Fields(title), " ") != "Quarterly Extraction Report" {
		t.Errorf("TextIn(title box) = %q", title)
	}
}

// A call that ctx ends returns nothing of what pdfium, still working on
// its own goroutine, goes on writing: the error and zero values.
func TestAbandonedCallsReturnNothing(t *testing.T) {
	t.Parallel()
	d := load(t, "simple.pdf")
	r := renderer(t)
	const tries = 60
	abandoned := 0
	for i := range tries {
		ctx, cancel := context.WithCancel(context.Background())
		stop := time.AfterFunc(time.Duration(i)*40*time.Microsecond, cancel)
		chars, err := r.Chars(ctx, d, 1)
		if err != nil && chars != nil {
			t.Fatalf("try %d: Chars returned %d characters with %v", i, len(chars), err)
		}
		info, err := r.PageInfo(ctx, d, 1)
		if err != nil && info != (PageInfo{}) {
			t.Fatalf("try %d: PageInfo returned %+v with %v", i, info, err)
		}
		if err != nil {
			abandoned++
		}
		stop.Stop()
		cancel()
	}
	if abandoned == 0 {
		t.Errorf("none of %d calls was abandoned: the check did not run", tries)
	}
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	r := renderer(t)
	if _, err := r.Load(ctx, nil); !errors.Is(err, core.ErrEmptyFile) {
		t.Errorf("empty: %v", err)
	}
	if _, err := r.Load(ctx, []byte("hello, world")); !errors.Is(err, core.ErrNotPDF) {
		t.Errorf("not pdf: %v", err)
	}
	if _, err := r.Load(ctx, []byte("%PDF-1.7\n garbage garbage")); err == nil {
		t.Errorf("garbage: no error")
	}
	if _, err := r.LoadFile(ctx, "no/such/file.pdf"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("missing: %v", err)
	}
	d := load(t, "simple.pdf")
	if _, _, err := r.RenderPage(ctx, d, 2, Options{DPI: 72}); !errors.Is(err, core.ErrNoSuchPage) {
		t.Errorf("page 2: %v", err)
	}
	if _, _, err := r.RenderPage(ctx, d, 1, Options{DPI: 5000}); !errors.Is(err, ErrBadDPI) {
		t.Errorf("dpi: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := r.RenderPage(cctx, d, 1, Options{DPI: 72}); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
}

func TestParallelAndClose(t *testing.T) {
	ctx := context.Background()
	r := New(Config{Instances: 2, MaxOpenDocs: 1})
	var docs []*Doc
	for _, f := range []string{"simple.pdf", "columns.pdf", "pages.pdf"} {
		d, err := r.LoadFile(ctx, filepath.Join("..", "..", "testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, d)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 30)
	for i := range 30 {
		wg.Go(func() {
			d := docs[i%len(docs)]
			if _, _, err := r.RenderPage(ctx, d, 1, Options{DPI: 36, Gray: i%2 == 0}); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	docs[0].Close()
	if _, _, err := r.RenderPage(ctx, docs[0], 1, Options{DPI: 36}); !errors.Is(err, ErrClosed) {
		t.Errorf("closed doc: %v", err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.RenderPage(ctx, docs[1], 1, Options{DPI: 36}); !errors.Is(err, ErrClosed) {
		t.Errorf("closed renderer: %v", err)
	}
}

// TestDeadlineEndsRender: a render pdfium takes seconds over (a huge
// soft mask drawn forty times) answers when its context ends, and the
// renderer serves the next call.
func TestDeadlineEndsRender(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for pdfium to finish the slow page at Close")
	}
	dir := corpustest.Dir(t, "robustness")
	ctx := context.Background()
	r := New(Config{Instances: 2})
	defer r.Close()
	slow, err := r.LoadFile(ctx, filepath.Join(dir, "issue16263.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	const limit = 300 * time.Millisecond
	dctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	start := time.Now()
	_, _, err = r.RenderPage(dctx, slow, 1, Options{DPI: 200, Gray: true})
	took := time.Since(start)
	if !errors.Is(err, core.ErrTimeout) {
		t.Fatalf("render past its deadline: err %v, want core.ErrTimeout", err)
	}
	if took > limit+time.Second {
		t.Errorf("render stopped after %v, deadline %v", took, limit)
	}
	d, err := r.LoadFile(ctx, filepath.Join("..", "..", "testdata", "simple.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, _, err := r.RenderPage(ctx, d, 1, Options{DPI: 36}); err != nil {
		t.Fatalf("render after a stopped one: %v", err)
	}
}

func BenchmarkRenderPage150(b *testing.B) {
	ctx := context.Background()
	d := load(b, "simple.pdf")
	for b.Loop() {
		if _, _, err := renderer(b).RenderPage(ctx, d, 1, Options{DPI: 150, Gray: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCoarseImages checks that CoarseImages reaches pdfium: a scan drawn
// at a third of its resolution comes out the same size but sampled, not
// filtered, so the two renders differ, and the sampled one keeps harder
// edges (more pixels at the extremes of the scale).
func TestCoarseImages(t *testing.T) {
	ctx := context.Background()
	d := load(t, "ocr/scan-fixed.pdf")
	smooth, _, err := renderer(t).RenderPage(ctx, d, 1, Options{DPI: 50, Gray: true})
	if err != nil {
		t.Fatal(err)
	}
	coarse, _, err := renderer(t).RenderPage(ctx, d, 1, Options{DPI: 50, Gray: true, CoarseImages: true})
	if err != nil {
		t.Fatal(err)
	}
	s, c := smooth.(*image.Gray), coarse.(*image.Gray)
	if s.Rect != c.Rect {
		t.Fatalf("sizes %v and %v", s.Rect, c.Rect)
	}
	extremes := func(g *image.Gray) (n int) {
		for _, v := range g.Pix {
			if v < 64 || v > 191 {
				n++
			}
		}
		return n
	}
	diff := 0
	for i := range s.Pix {
		if s.Pix[i] != c.Pix[i] {
			diff++
		}
	}
	if diff == 0 {
		t.Fatal("coarse render identical to the smoothed one")
	}
	if es, ec := extremes(s), extremes(c); ec <= es {
		t.Errorf("coarse render has %d pixels at the extremes, smoothed %d", ec, es)
	}
}
