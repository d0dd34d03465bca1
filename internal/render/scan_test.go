package render

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"runtime"
	"testing"

	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

func TestScanImage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		file string
		dpi  float64
		want bool
	}{
		{"gray JPEG over the page at its resolution", "scripts/pol.pdf", 200, true},
		{"the same at twice the render's resolution: reduced", "scripts/pol.pdf", 100, true},
		{"the same at another resolution: pdfium resamples", "scripts/pol.pdf", 150, false},
		{"an RGB picture stored with Flate", "ocr/scan.pdf", 150, false},
		{"a turned page (/Rotate 270) of an RGB picture stored with Flate", "ocr/scan-fixed.pdf", 150, false},
		{"a page of text", "simple.pdf", 200, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := load(t, tc.file)
			limit := maxScanDiff
			if tc.dpi < 200 {
				limit = maxReducedDiff // pol.pdf is a 200 ppi scan
			}
			checkScan(t, d, Options{DPI: tc.dpi, Gray: true}, tc.want, limit)
		})
	}
}

// checkScan asks ScanImage for page 1 of d and checks its answer is want
// and its picture pdfium's render: the same transform, the render's size
// or a pixel less, and means of scanBlock×scanBlock blocks within limit
// gray levels. pdfium's JPEG decoder rounds some samples the other way,
// and a render a pixel wider than the picture stretches it by that
// pixel, which moves the print's edges; block means see neither.
// (Another page's picture, or this one moved down by 5 pixels, differs by
// 10 levels and more.)
func checkScan(t *testing.T, d *Doc, opt Options, want bool, limit float64) {
	t.Helper()
	ctx := t.Context()
	g, tr, ok, err := renderer(t).ScanImage(ctx, d, 1, opt)
	if err != nil || ok != want {
		t.Fatalf("ScanImage = ok %v, err %v; want ok %v", ok, err, want)
	}
	if !ok {
		return
	}
	img, rtr, err := renderer(t).RenderPage(ctx, d, 1, opt)
	if err != nil {
		t.Fatal(err)
	}
	if tr != rtr {
		t.Errorf("transform %+v, RenderPage's %+v", tr, rtr)
	}
	r := img.(*image.Gray)
	if dx, dy := r.Rect.Dx()-g.Rect.Dx(), r.Rect.Dy()-g.Rect.Dy(); dx < 0 || dx > 1 || dy < 0 || dy > 1 {
		t.Fatalf("picture %v, render %v: want the render's size or one pixel less", g.Rect, r.Rect)
	}
	m := blockDiff(g, r, scanBlock)
	t.Logf("block means differ by %.2f levels", m)
	if m > limit {
		t.Errorf("block means differ from the render's by %.2f levels, want at most %v", m, limit)
	}
}

// scanBlock and maxScanDiff: the mean difference of the means of
// scanBlock×scanBlock blocks, in gray levels, allowed between a scan's
// stored picture and pdfium's render of its page (measured: 0.5).
// maxReducedDiff is allowed where ScanImage reduced the picture by the
// mean of each block of pixels and pdfium resampled it its own way
// (measured: 1.09 for a JPEG at twice the render's resolution, at most
// 0.24 for gray pictures stored with Flate); still far from the 10 levels of a
// picture moved by 5 pixels.
const (
	scanBlock      = 16
	maxScanDiff    = 1.0
	maxReducedDiff = 2.0
)

// blockDiff is the mean absolute difference of the means of n×n blocks.
func blockDiff(a, b *image.Gray, n int) float64 {
	w, h := min(a.Rect.Dx(), b.Rect.Dx())/n, min(a.Rect.Dy(), b.Rect.Dy())/n
	sum := 0.0
	for by := range h {
		for bx := range w {
			sa, sb := 0, 0
			for y := by * n; y < (by+1)*n; y++ {
				for x := bx * n; x < (bx+1)*n; x++ {
					sa += int(a.Pix[y*a.Stride+x])
					sb += int(b.Pix[y*b.Stride+x])
				}
			}
			d := float64(sa-sb) / float64(n*n)
			sum += max(d, -d)
		}
	}
	return sum / float64(w*h)
}

// jpegOf encodes a w×h gray picture.
func jpegOf(t testing.TB, w, h int) []byte {
	t.Helper()
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = uint8(i)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, g, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestDecodeGrayTrustsNoHeader(t *testing.T) {
	raw := jpegOf(t, 40, 30)
	if g, err := decodeGray(raw, 40, 30); err != nil || g.Rect != image.Rect(0, 0, 40, 30) {
		t.Fatalf("decodeGray(40×30) = %v, %v", g, err)
	}
	// The JPEG's header claims 30000×30000 pixels where the PDF says
	// 40×30: left to pdfium, and nothing allocated for what the header
	// claims (a decoder that believed it would take 900 MB).
	huge := bytes.Clone(raw)
	sof := bytes.Index(huge, []byte{0xff, 0xc0})
	if sof < 0 {
		t.Fatal("no SOF0 marker")
	}
	huge[sof+5], huge[sof+6], huge[sof+7], huge[sof+8] = 0x75, 0x30, 0x75, 0x30
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := decodeGray(huge, 40, 30)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, errNotScan) {
		t.Errorf("decodeGray of a JPEG larger than the PDF says: %v, want errNotScan", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > maxHeaderAlloc {
		t.Errorf("decodeGray allocated %d bytes for a JPEG it refused, want at most %d", n, maxHeaderAlloc)
	}
}

// maxHeaderAlloc bounds what reading a JPEG's header may allocate.
const maxHeaderAlloc = 1 << 20

func FuzzDecodeGray(f *testing.F) {
	f.Add(jpegOf(f, 16, 8), 16, 8)
	f.Add([]byte("\xff\xd8\xff\xdb"), 1, 1)
	f.Fuzz(func(t *testing.T, raw []byte, w, h int) {
		if w < 0 || h < 0 || w*h > 1<<20 {
			return
		}
		g, err := decodeGray(raw, w, h)
		if err == nil && (g.Rect.Dx() != w || g.Rect.Dy() != h) {
			t.Fatalf("decodeGray gave %v for %d×%d", g.Rect, w, h)
		}
	})
}

// TestScanImageReducesGrayFlate checks scans stored as 8-bit gray samples
// with Flate, at whole multiples of the render's resolution, on pages
// turned by /Rotate, in a form as Cairo writes them, and with PNG's row
// predictors, against pdfium's render of the same page.
func TestScanImageReducesGrayFlate(t *testing.T) {
	t.Parallel()
	const dpi = 100
	tests := []struct {
		name string
		scan flateScan
		want bool
	}{
		{"at the render's resolution", flateScan{factor: 1}, true},
		{"at twice it", flateScan{factor: 2}, true},
		{"at three times it, the page turned by 90", flateScan{factor: 3, rotate: 90}, true},
		{"at twice it, turned by 180", flateScan{factor: 2, rotate: 180}, true},
		{"at twice it, turned by 270", flateScan{factor: 2, rotate: 270}, true},
		{"in a form, flipped twice as Cairo draws it", flateScan{factor: 2, form: true}, true},
		{"rows behind PNG predictors", flateScan{factor: 2, predictor: true}, true},
		{"at one and a half times it: pdfium resamples", flateScan{factor: 1.5}, false},
		{"beyond maxScanFactor", flateScan{factor: maxScanFactor + 1}, false},
		{"a dark picture (an inverting /Decode, say): left to pdfium", flateScan{factor: 2, dark: true}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := t.Context()
			tc.scan.ppi = tc.scan.factor * dpi
			d, err := renderer(t).Load(ctx, tc.scan.pdf(t, 300, 400))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			limit := maxScanDiff
			if tc.scan.factor > 1 {
				limit = maxReducedDiff
			}
			checkScan(t, d, Options{DPI: dpi, Gray: true}, tc.want, limit)
		})
	}
}

// flateScan describes a test scan: a gray picture at ppi stored with
// Flate, on a page turned by rotate, drawn in a form (as Cairo draws a
// scan: the page flipped, the picture flipped back), its rows behind
// PNG predictors, dark (inverted) rather than light.
type flateScan struct {
	factor, ppi           float64
	rotate                int
	form, predictor, dark bool
}

// pdf is the one-page PDF of the scan, the page w×h points: white paper
// with dark bars of different lengths (no two corners alike, so that a
// wrong turn shows).
func (sc flateScan) pdf(t testing.TB, wPt, hPt int) []byte {
	t.Helper()
	pw, ph := int(math.Round(float64(wPt)*sc.ppi/72)), int(math.Round(float64(hPt)*sc.ppi/72))
	pix := make([]byte, pw*ph)
	for y := range ph {
		for x := range pw {
			v := byte(250)
			bar := y * 20 / ph // twenty rows of bars
			if y*20%ph < ph/40 && x < pw*(bar+3)/24 {
				v = 30 + byte(bar*5)
			}
			if sc.dark {
				v = 255 - v
			}
			pix[y*pw+x] = v
		}
	}
	stream, parms := pix, ""
	if sc.predictor {
		stream = pngRows(pix, pw, ph)
		parms = fmt.Sprintf(" /DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent 8 /Columns %d >>", pw)
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	if _, err := zw.Write(stream); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	img := pdftest.Stream(fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode%s", pw, ph, parms), z.String())
	content := fmt.Sprintf("q %d 0 0 %d 0 0 cm /Im0 Do Q", wPt, hPt)
	more := []string{img}
	if sc.form {
		// The page flipped upside down, clipped to its box, and the
		// picture flipped back inside the form (object 5; the picture
		// is object 6).
		content = fmt.Sprintf("1 0 0 -1 0 %d cm 0 0 %d %d re W n /Im0 Do", hPt, wPt, hPt)
		inner := fmt.Sprintf("%d 0 0 -%d 0 %d cm /Im1 Do", wPt, hPt, hPt)
		form := pdftest.Stream(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 %d %d] /Resources << /XObject << /Im1 6 0 R >> >>", wPt, hPt), inner)
		more = []string{form, img}
	}
	page := fmt.Sprintf("/MediaBox [0 0 %d %d] /Rotate %d", wPt, hPt, sc.rotate)
	return pdftest.OnePage(page, "<< /XObject << /Im0 5 0 R >> >>", content, more...).Bytes()
}

// pngRows filters the rows of w×h one-byte samples as PNG does, each
// behind its filter's byte: row y with filter y mod 5, so that every
// filter is used.
func pngRows(pix []byte, w, h int) []byte {
	out := make([]byte, 0, h*(w+1))
	for y := range h {
		f := byte(y % 5)
		out = append(out, f)
		for x := range w {
			var left, up, upLeft int
			if x > 0 {
				left = int(pix[y*w+x-1])
			}
			if y > 0 {
				up = int(pix[(y-1)*w+x])
				if x > 0 {
					upLeft = int(pix[(y-1)*w+x-1])
				}
			}
			pred := [5]int{0, left, up, (left + up) / 2, paeth(left, up, upLeft)}[f]
			out = append(out, pix[y*w+x]-byte(pred))
		}
	}
	return out
}

// FuzzInflateGray: a stream of any bytes gives w×h samples or an error,
// never a panic or more samples.
func FuzzInflateGray(f *testing.F) {
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(pngRows(bytes.Repeat([]byte{200, 10, 255}, 12), 6, 6))
	zw.Close()
	f.Add(z.Bytes(), uint8(6), uint8(6))
	f.Add([]byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01}, uint8(1), uint8(1))
	f.Fuzz(func(t *testing.T, stream []byte, w, h uint8) {
		pix, err := inflateGray(stream, int(w), int(h))
		if err == nil && len(pix) != int(w)*int(h) {
			t.Fatalf("%d samples for %d×%d", len(pix), w, h)
		}
	})
}
