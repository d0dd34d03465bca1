package pdfdoc

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/recovered"
)

// ErrImageEncoding is returned by Gray for an image it does not decode:
// JPEG 2000, JBIG2, CCITT fax, a stencil mask, a colour space or depth it
// does not know, or one past the pixel budget. It wraps core.ErrUnsupported.
var ErrImageEncoding = fmt.Errorf("%w: image encoding", core.ErrUnsupported)

// Gray decodes an image XObject to its luminance, for engines that look
// at a picture's pixels. It decodes JPEG (DCTDecode) and raw samples
// (no filter or FlateDecode) of 8 bits per component in DeviceGray,
// DeviceRGB, DeviceCMYK, ICCBased or Indexed over one of those; anything
// else, and any image of more than maxPixels pixels, is ErrImageEncoding.
func (d *Document) Gray(o types.Object, maxPixels int) (img *image.Gray, err error) {
	defer func() {
		if r := recover(); r != nil {
			recovered.Note("pdfdoc: image decoder", r)
			img, err = nil, fmt.Errorf("%w: image decoder panic: %v", core.ErrDamaged, r)
		}
	}()
	sd, err := d.streamDict(o)
	if err != nil {
		return nil, err
	}
	w, h, _ := d.ImageSize(sd.Dict)
	if w < 1 || h < 1 || w*h > float64(maxPixels) {
		return nil, fmt.Errorf("%w: %v×%v pixels", ErrImageEncoding, w, h)
	}
	if mask, ok := d.Deref(sd.Dict["ImageMask"]).(types.Boolean); ok && bool(mask) {
		return nil, fmt.Errorf("%w: a stencil mask", ErrImageEncoding)
	}
	filters := make([]string, len(sd.FilterPipeline))
	for i, f := range sd.FilterPipeline {
		filters[i] = f.Name
	}
	switch {
	case len(filters) == 1 && (filters[0] == "DCTDecode" || filters[0] == "DCT"):
		return grayJPEG(sd.Raw, maxPixels)
	case len(filters) == 0 || len(filters) == 1 && (filters[0] == "FlateDecode" || filters[0] == "Fl"):
		return d.graySamples(sd, int(w), int(h))
	}
	return nil, fmt.Errorf("%w: filters %v", ErrImageEncoding, filters)
}

// ImageSize is an image dictionary's /Width and /Height in samples; ok
// is false when either is missing or not positive.
func (d *Document) ImageSize(dict types.Dict) (w, h float64, ok bool) {
	w, okW := d.Number(dict["Width"])
	h, okH := d.Number(dict["Height"])
	if !okW || !okH || w <= 0 || h <= 0 {
		return 0, 0, false
	}
	return w, h, true
}

// grayJPEG decodes a JPEG image to luminance.
func grayJPEG(raw []byte, maxPixels int) (*image.Gray, error) {
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", core.ErrDamaged, err)
	}
	if cfg.Width*cfg.Height > maxPixels {
		return nil, fmt.Errorf("%w: %d×%d pixels", ErrImageEncoding, cfg.Width, cfg.Height)
	}
	src, err := jpeg.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", core.ErrDamaged, err)
	}
	switch img := src.(type) {
	case *image.Gray:
		return img, nil
	case *image.YCbCr:
		// Y is the luma: the grey image, without converting a pixel.
		b := img.Bounds()
		g := image.NewGray(b)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			copy(g.Pix[(y-b.Min.Y)*g.Stride:(y-b.Min.Y+1)*g.Stride], img.Y[img.YOffset(b.Min.X, y):])
		}
		return g, nil
	}
	b := src.Bounds()
	g := image.NewGray(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g.Set(x, y, color.GrayModel.Convert(src.At(x, y)))
		}
	}
	return g, nil
}

// graySamples turns 8-bit samples into luminance through the image's
// colour space.
func (d *Document) graySamples(sd *types.StreamDict, w, h int) (*image.Gray, error) {
	if bpc, _ := d.Number(sd.Dict["BitsPerComponent"]); bpc != 8 {
		return nil, fmt.Errorf("%w: %v bits per component", ErrImageEncoding, bpc)
	}
	lum, comps, err := d.luminance(sd.Dict["ColorSpace"])
	if err != nil {
		return nil, err
	}
	_, samples, err := d.decode(sd)
	if err != nil {
		return nil, err
	}
	g := image.NewGray(image.Rect(0, 0, w, h))
	n := min(len(samples)/comps, w*h) // a short stream leaves the rest black
	for i := range n {
		g.Pix[i] = lum(samples[i*comps : (i+1)*comps])
	}
	return g, nil
}

// luminance is how a colour space's samples become a grey level, and how
// many components a pixel has.
func (d *Document) luminance(cs types.Object) (func([]byte) uint8, int, error) {
	name := d.Name(cs)
	var arr types.Array
	if name == "" {
		arr = d.Array(cs)
		if len(arr) > 0 {
			name = d.Name(arr[0])
		}
	}
	switch name {
	case "DeviceGray", "G", "CalGray":
		return func(p []byte) uint8 { return p[0] }, 1, nil
	case "DeviceRGB", "RGB", "CalRGB":
		return rgbLuminance, 3, nil
	case "DeviceCMYK", "CMYK":
		return cmykLuminance, 4, nil
	case "ICCBased":
		if len(arr) == 2 {
			if n, _ := d.Number(d.Dict(arr[1])["N"]); n == 1 || n == 3 || n == 4 {
				return byComponents(int(n)), int(n), nil
			}
		}
	case "Indexed", "I":
		return d.indexed(arr)
	}
	return nil, 0, fmt.Errorf("%w: colour space %q", ErrImageEncoding, name)
}

// indexed maps palette indexes to the luminance of their colours.
func (d *Document) indexed(arr types.Array) (func([]byte) uint8, int, error) {
	if len(arr) != 4 {
		return nil, 0, fmt.Errorf("%w: an Indexed colour space of %d entries", ErrImageEncoding, len(arr))
	}
	base, comps, err := d.luminance(arr[1])
	if err != nil {
		return nil, 0, err
	}
	table, ok := d.String(arr[3])
	if !ok {
		if _, b, err := d.Stream(arr[3]); err == nil {
			table, ok = b, true
		}
	}
	if !ok {
		return nil, 0, fmt.Errorf("%w: an Indexed colour space without its table", ErrImageEncoding)
	}
	var lut [256]uint8
	for i := range lut {
		if (i+1)*comps <= len(table) {
			lut[i] = base(table[i*comps : (i+1)*comps])
		}
	}
	return func(p []byte) uint8 { return lut[p[0]] }, 1, nil
}

func byComponents(n int) func([]byte) uint8 {
	switch n {
	case 1:
		return func(p []byte) uint8 { return p[0] }
	case 3:
		return rgbLuminance
	}
	return cmykLuminance
}

// rgbLuminance weighs red, green and blue as ITU-R BT.601 does.
func rgbLuminance(p []byte) uint8 {
	return uint8((299*int(p[0]) + 587*int(p[1]) + 114*int(p[2]) + 500) / 1000)
}

// cmykLuminance is the grey of a CMYK colour mixed naively.
func cmykLuminance(p []byte) uint8 {
	k := 255 - int(p[3])
	r, g, b := (255-int(p[0]))*k/255, (255-int(p[1]))*k/255, (255-int(p[2]))*k/255
	return rgbLuminance([]byte{byte(r), byte(g), byte(b)})
}
