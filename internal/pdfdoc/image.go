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
// JPEG 2000, JBIG2, CCITT fax, a colour space or depth it does not know,
// or one past the pixel budget. It wraps core.ErrUnsupported.
var ErrImageEncoding = fmt.Errorf("%w: image encoding", core.ErrUnsupported)

// sampleFilters are the filters whose output Gray reads as samples, or,
// before a last DCTDecode, as the JPEG they wrap: the general-purpose
// ones that pdfcpu decodes (full names and inline images' abbreviations).
var sampleFilters = map[string]bool{
	"FlateDecode": true, "Fl": true, "LZWDecode": true, "LZW": true,
	"ASCII85Decode": true, "A85": true, "ASCIIHexDecode": true, "AHx": true,
	"RunLengthDecode": true, "RL": true,
}

// Gray decodes an image XObject to its luminance, for engines that look
// at a picture's pixels. It decodes JPEG (DCTDecode, after any of
// sampleFilters) and samples (sampleFilters, or none) of 8 bits per
// component in DeviceGray, DeviceRGB, DeviceCMYK, ICCBased or Indexed
// over one of those, and of one bit in DeviceGray or a stencil mask (its
// two levels black and white: what a reader of its pixels looks for is
// contrast, not which side is paint); anything else, and any image of
// more than maxPixels pixels, is ErrImageEncoding.
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
	filters := make([]string, len(sd.FilterPipeline))
	for i, f := range sd.FilterPipeline {
		filters[i] = f.Name
	}
	last := len(filters) - 1
	for i, f := range filters {
		if !sampleFilters[f] && (i < last || f != "DCTDecode" && f != "DCT") {
			return nil, fmt.Errorf("%w: filters %v", ErrImageEncoding, filters)
		}
	}
	if last < 0 || sampleFilters[filters[last]] {
		return d.graySamples(sd, int(w), int(h))
	}
	if last == 0 {
		return grayJPEG(sd.Raw, maxPixels)
	}
	// The filters before DCTDecode unwrap the JPEG.
	wrapped := *sd
	wrapped.FilterPipeline = sd.FilterPipeline[:last]
	_, raw, err := d.decode(&wrapped)
	if err != nil {
		return nil, err
	}
	return grayJPEG(raw, maxPixels)
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
	mask, _ := d.Deref(sd.Dict["ImageMask"]).(types.Boolean)
	bpc, _ := d.Number(sd.Dict["BitsPerComponent"])
	if bool(mask) || bpc == 1 {
		return d.grayBits(sd, w, h, bool(mask))
	}
	if bpc != 8 {
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

// grayBits turns an image of one bit a pixel (a stencil mask, or one
// in DeviceGray) into black and white; each row starts on a byte.
func (d *Document) grayBits(sd *types.StreamDict, w, h int, mask bool) (*image.Gray, error) {
	if !mask {
		if name := d.Name(sd.Dict["ColorSpace"]); name != "DeviceGray" && name != "G" && name != "CalGray" {
			return nil, fmt.Errorf("%w: one bit a pixel in %q", ErrImageEncoding, name)
		}
	}
	_, bits, err := d.decode(sd)
	if err != nil {
		return nil, err
	}
	g := image.NewGray(image.Rect(0, 0, w, h))
	stride := (w + 7) / 8
	for y := 0; y < h && (y+1)*stride <= len(bits); y++ { // a short stream leaves the rest black
		row := bits[y*stride : (y+1)*stride]
		for x := range w {
			if row[x/8]&(0x80>>(x%8)) != 0 {
				g.Pix[y*g.Stride+x] = 255
			}
		}
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
