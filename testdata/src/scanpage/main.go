// Command scanpage makes a page look scanned: it turns a grayscale PNG by a
// small angle, adds sensor noise and specks from a fixed seed, and wraps
// the result as a JPEG in a one-page, image-only PDF at the PNG's
// resolution. Test tooling for testdata/scripts/make.sh; tests do not run
// it.
//
//	go run ./testdata/src/scanpage -dpi 200 -rotate 0.7 -seed 3 IN.png OUT.pdf
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
)

func main() {
	dpi := flag.Float64("dpi", 200, "resolution of IN.png")
	deg := flag.Float64("rotate", 0.6, "degrees to turn the page, clockwise")
	sigma := flag.Float64("noise", 10, "standard deviation of the gray noise")
	specks := flag.Float64("specks", 0.0004, "share of pixels turned into dark specks")
	quality := flag.Int("quality", 55, "JPEG quality")
	seed := flag.Uint64("seed", 1, "noise seed")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: scanpage [flags] IN.png OUT.pdf")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), flag.Arg(1), *dpi, *deg, *sigma, *specks, *quality, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "scanpage:", err)
		os.Exit(1)
	}
}

func run(in, out string, dpi, deg, sigma, specks float64, quality int, seed uint64) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	src, err := png.Decode(f)
	f.Close()
	if err != nil {
		return err
	}
	g := rotate(toGray(src), deg)
	addNoise(g, sigma, specks, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, g, &jpeg.Options{Quality: quality}); err != nil {
		return err
	}
	return os.WriteFile(out, imagePDF(jpg.Bytes(), g.Rect.Dx(), g.Rect.Dy(), dpi), 0o644)
}

func toGray(src image.Image) *image.Gray {
	b := src.Bounds()
	g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			r, gg, bb, _ := src.At(b.Min.X+x, b.Min.Y+y).RGBA()
			g.Pix[y*g.Stride+x] = uint8((299*r + 587*gg + 114*bb) / 1000 >> 8)
		}
	}
	return g
}

// rotate turns g by deg clockwise about its centre, bilinear, white
// outside.
func rotate(g *image.Gray, deg float64) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(g.Rect)
	sin, cos := math.Sincos(deg * math.Pi / 180)
	cx, cy := float64(w)/2, float64(h)/2
	at := func(x, y int) float64 {
		if x < 0 || y < 0 || x >= w || y >= h {
			return 255
		}
		return float64(g.Pix[y*g.Stride+x])
	}
	for y := range h {
		for x := range w {
			// The source point that lands on (x, y).
			dx, dy := float64(x)-cx, float64(y)-cy
			sx, sy := cx+dx*cos+dy*sin, cy-dx*sin+dy*cos
			x0, y0 := int(math.Floor(sx)), int(math.Floor(sy))
			fx, fy := sx-float64(x0), sy-float64(y0)
			v := at(x0, y0)*(1-fx)*(1-fy) + at(x0+1, y0)*fx*(1-fy) + at(x0, y0+1)*(1-fx)*fy + at(x0+1, y0+1)*fx*fy
			out.Pix[y*out.Stride+x] = uint8(math.Round(v))
		}
	}
	return out
}

// addNoise adds Gaussian gray noise and a few dark specks.
func addNoise(g *image.Gray, sigma, specks float64, r *rand.Rand) {
	for i, p := range g.Pix {
		v := float64(p) + r.NormFloat64()*sigma
		if r.Float64() < specks {
			v = 40 + r.Float64()*60
		}
		g.Pix[i] = uint8(max(0, min(255, math.Round(v))))
	}
}

// imagePDF is a one-page PDF showing a grayscale JPEG of w×h pixels at
// dpi.
func imagePDF(jpg []byte, w, h int, dpi float64) []byte {
	pw, ph := float64(w)*72/dpi, float64(h)*72/dpi
	content := fmt.Sprintf("q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q", pw, ph)
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>", pw, ph),
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n%s\nendstream", w, h, len(jpg), jpg),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}
