package nativetext

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/ascii85"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

// figuresOf extracts page n and returns its figure blocks.
func figuresOf(t *testing.T, path string, n int) []core.Block {
	t.Helper()
	got, err := extractAll(t, path, n)
	if err != nil {
		t.Fatal(err)
	}
	var out []core.Block
	for _, b := range got[n].Page.Blocks {
		if b.Kind == core.KindFigure {
			out = append(out, b)
		}
	}
	return out
}

// blobs is a picture without text: soft light and dark patches, the
// shading of a photograph out of focus.
func blobs(w, h int) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			v := 128 + 100*math.Sin(float64(x)/23)*math.Cos(float64(y)/17)
			g.Pix[y*g.Stride+x] = uint8(v)
		}
	}
	return g
}

// scanOf is the scanned page of testdata/mixed.pdf as grey levels: a
// picture that holds text.
func scanOf(t *testing.T) *image.Gray {
	t.Helper()
	doc, err := pdfdoc.Open(context.Background(), "../../testdata/mixed.pdf", pdfdoc.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := doc.Page(2)
	if err != nil {
		t.Fatal(err)
	}
	xobjs := doc.Dict(p.Resources["XObject"])
	for _, ref := range xobjs {
		if g, err := doc.Gray(ref, maxPicturePixels); err == nil {
			return g
		}
	}
	t.Fatal("no picture on page 2 of mixed.pdf")
	return nil
}

// The encodings imagePDF writes a picture in.
const (
	encRaw       = "raw samples"
	encJPEG      = "JPEG"
	encFlateJPEG = "a JPEG in FlateDecode"
	encA85Flate  = "samples in FlateDecode in ASCII85Decode"
	encMask      = "a stencil mask"
	encBit       = "one bit a pixel"
)

// imagePDF is a one-page PDF that draws img over the top half of the
// page in the encoding enc; the one-bit encodings keep the image's dark
// half as ink.
func imagePDF(t *testing.T, img *image.Gray, enc string) string {
	t.Helper()
	b := img.Bounds()
	dict := fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d", b.Dx(), b.Dy())
	gray8 := dict + " /ColorSpace /DeviceGray /BitsPerComponent 8"
	var data string
	switch enc {
	case encRaw:
		dict, data = gray8, string(img.Pix)
	case encJPEG, encFlateJPEG:
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err != nil {
			t.Fatal(err)
		}
		dict, data = gray8+" /Filter /DCTDecode", buf.String()
		if enc == encFlateJPEG {
			dict, data = gray8+" /Filter [/FlateDecode /DCTDecode]", deflated(t, buf.Bytes())
		}
	case encA85Flate:
		var a85 bytes.Buffer
		w := ascii85.NewEncoder(&a85)
		w.Write([]byte(deflated(t, img.Pix)))
		w.Close()
		dict, data = gray8+" /Filter [/ASCII85Decode /FlateDecode]", a85.String()+"~>"
	case encMask, encBit:
		dict += " /ImageMask true"
		if enc == encBit {
			dict += " /ColorSpace /DeviceGray /BitsPerComponent 1"
		}
		data = string(bitsOf(img))
	default:
		t.Fatalf("no encoding %q", enc)
	}
	return pdftest.OnePage("", "<< /XObject << /Im1 5 0 R >> >>",
		"q 500 0 0 380 56 400 cm /Im1 Do Q", pdftest.Stream(dict, data)).Write(t)
}

// deflated is b compressed as FlateDecode reads it.
func deflated(t *testing.T, b []byte) string {
	t.Helper()
	var buf bytes.Buffer
	w := zlib.NewWriter(&buf)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// bitsOf packs img's pixels one bit each, set where they are light, each
// row starting on a byte.
func bitsOf(img *image.Gray) []byte {
	b := img.Bounds()
	stride := (b.Dx() + 7) / 8
	out := make([]byte, stride*b.Dy())
	for y := range b.Dy() {
		for x := range b.Dx() {
			if img.Pix[y*img.Stride+x] >= 128 {
				out[y*stride+x/8] |= 0x80 >> (x % 8)
			}
		}
	}
	return out
}

// A picture is TextFree only when its pixels were looked at and hold no
// text: the scanned page is read, raw or as a JPEG; shading is not.
func TestPicturesWithoutTextAreTextFree(t *testing.T) {
	t.Parallel()
	scan := scanOf(t)
	for _, enc := range []string{encRaw, encJPEG, encFlateJPEG, encA85Flate, encMask, encBit} {
		for _, c := range []struct {
			name string
			img  *image.Gray
			free bool
		}{
			{"shading", blobs(300, 200), true},
			{"scanned text", scan, false},
		} {
			t.Run(c.name+", "+enc, func(t *testing.T) {
				t.Parallel()
				figs := figuresOf(t, imagePDF(t, c.img, enc), 1)
				if len(figs) != 1 || figs[0].TextFree != c.free {
					t.Errorf("figures %+v; want one, TextFree %v", figs, c.free)
				}
			})
		}
	}
	// Asked not to look, the engine marks nothing TextFree.
	path := imagePDF(t, blobs(300, 200), encRaw)
	for r, err := range New().Extract(context.Background(), &core.Request{Source: path, Pages: []int{1}, Options: []byte(`{"no_picture_check":true}`)}) {
		if err != nil || len(r.Page.Blocks) != 1 || r.Page.Blocks[0].TextFree {
			t.Errorf("no_picture_check: blocks %+v, err %v; want one figure, not TextFree", r.Page.Blocks, err)
		}
	}
	// Pictures are looked at only on pages whose images cover at least
	// picture_check_coverage; this one covers about 0.39 of its page.
	for _, c := range []struct {
		coverage float64
		free     bool
	}{{0.3, true}, {0.5, false}} {
		opts := []byte(fmt.Sprintf(`{"picture_check_coverage":%v}`, c.coverage))
		for r, err := range New().Extract(context.Background(), &core.Request{Source: path, Pages: []int{1}, Options: opts}) {
			if err != nil || len(r.Page.Blocks) != 1 || r.Page.Blocks[0].TextFree != c.free {
				t.Errorf("%s: blocks %+v, err %v; want one figure, TextFree %v", opts, r.Page.Blocks, err, c.free)
			}
		}
	}
	// The scan as its own PDF draws it.
	if figs := figuresOf(t, "../../testdata/mixed.pdf", 2); len(figs) != 1 || figs[0].TextFree {
		t.Errorf("mixed.pdf page 2: figures %+v; want the scan, not TextFree", figs)
	}
}

// The check finds the strokes of text in a line, not the size of the
// picture: two tiles of text side by side among shading are enough; one
// sharp edge, or strokes scattered apart, are not.
func TestMayHoldText(t *testing.T) {
	t.Parallel()
	scan := scanOf(t)
	withText := blobs(400, 300)
	// Paste two tiles of the scan's text, side by side, into the shading.
	var texty []image.Point
	for y := 0; y+tileSide <= scan.Rect.Dy() && len(texty) < 2; y += tileSide {
		for x := 0; x+tileSide <= scan.Rect.Dx() && len(texty) < 2; x += tileSide {
			if textyTile(scan, image.Rect(x, y, x+tileSide, y+tileSide)) {
				texty = append(texty, image.Pt(x, y))
			}
		}
	}
	if len(texty) < 2 {
		t.Fatal("the scan has fewer than two tiles of text")
	}
	for k, at := range texty {
		for y := range tileSide {
			dst := (96+y)*withText.Stride + 48 + k*tileSide
			src := (at.Y+y)*scan.Stride + at.X
			copy(withText.Pix[dst:dst+tileSide], scan.Pix[src:src+tileSide])
		}
	}
	// Strokes here and there, as a map's coastlines draw them: two tiles
	// of the scan's text, far apart.
	scattered := blobs(400, 300)
	for k, at := range texty {
		for y := range tileSide {
			dst := (48+k*144+y)*scattered.Stride + 48 + k*240
			src := (at.Y+y)*scan.Stride + at.X
			copy(scattered.Pix[dst:dst+tileSide], scan.Pix[src:src+tileSide])
		}
	}
	edge := blobs(400, 300)
	for y := range 300 {
		for x := 200; x < 400; x++ {
			edge.Pix[y*edge.Stride+x] = 0 // one straight edge down the middle
		}
	}
	for _, c := range []struct {
		name string
		img  *image.Gray
		want bool
	}{
		{"shading", blobs(400, 300), false},
		{"shading with a line of text", withText, true},
		{"shading with one sharp edge", edge, false},
		{"shading with strokes here and there", scattered, false},
		{"scanned page", scan, true},
	} {
		if got := mayHoldText(c.img); got != c.want {
			t.Errorf("%s: mayHoldText = %v, want %v", c.name, got, c.want)
		}
	}
}
