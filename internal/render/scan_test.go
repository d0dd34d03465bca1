package render

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"runtime"
	"testing"
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
		{"the same at another resolution: pdfium resamples", "scripts/pol.pdf", 150, false},
		{"a picture stored with Flate", "ocr/scan.pdf", 150, false},
		{"a turned page (/Rotate 270)", "ocr/scan-fixed.pdf", 150, false},
		{"a page of text", "simple.pdf", 200, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := t.Context()
			d := load(t, tc.file)
			opt := Options{DPI: tc.dpi, Gray: true}
			g, tr, ok, err := renderer(t).ScanImage(ctx, d, 1, opt)
			if err != nil || ok != tc.want {
				t.Fatalf("ScanImage = ok %v, err %v; want ok %v", ok, err, tc.want)
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
			// The same picture: pdfium's JPEG decoder rounds some samples
			// the other way, and a render a pixel wider than the picture
			// stretches it by that pixel, which moves the print's edges;
			// means over blocks of 16×16 pixels see neither. (Another
			// page's picture, or this one moved down by 5 pixels, differs
			// by 10 levels and more.)
			if m := blockDiff(g, r, scanBlock); m > maxScanDiff {
				t.Errorf("block means differ from the render's by %.2f levels, want at most %v", m, maxScanDiff)
			}
		})
	}
}

// scanBlock and maxScanDiff: the mean difference of the means of
// scanBlock×scanBlock blocks, in gray levels, allowed between a scan's
// stored picture and pdfium's render of its page (measured: 0.5).
const (
	scanBlock   = 16
	maxScanDiff = 1.0
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
