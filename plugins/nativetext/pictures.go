package nativetext

import (
	"context"
	"image"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
)

// A picture is looked at for text only when a region reader would read it
// (core.Readable), and only up to maxPicturePixels (a 2048×2048 image);
// larger ones, and encodings pdfdoc.Gray does not decode, are left as
// "may hold text".
const maxPicturePixels = 1 << 22

// The text check. Glyphs, at any size a reader can read, are drawn with
// strokes: a row of pixels through a line of text crosses stroke after
// stroke, each a step in brightness of stepContrast or more one way and,
// within maxStroke pixels, a step back. A tile of tileSide pixels crossed
// by text has minStrokeRows rows or more that cross at least two strokes.
// The edge of a shape steps once, a rule is one stroke, shading and
// photographs out of focus do not step at all. And text runs in lines: a
// word covers two tiles side by side, where the strokes of a drawing (a
// map's coastlines, a textured surface) fall in tiles here and there. A
// picture holds text from two such tiles side by side; a sharp picture
// that passes is read (a wasted read, not a lost word).
const (
	tileSide      = 24
	stepContrast  = 48 // of 255: a fifth of the range
	maxStroke     = 12 // pixels: a bold stroke of a 14 pt heading at 300 dpi
	minStrokeRows = 4
)

// textFree reports, for each image of a page, whether its pixels were
// examined and hold no text.
func (d *document) textFree(ctx context.Context, refs []types.Object, boxes []core.BBox, page core.BBox) []bool {
	free := make([]bool, len(boxes))
	for i, ref := range refs {
		if ref == nil || i >= len(boxes) || !core.Readable(boxes[i], page) || ctx.Err() != nil {
			continue
		}
		free[i] = d.pictureTextFree(ref)
	}
	return free
}

// pictureTextFree reports whether an image, and its soft mask when it has
// one (the shape of a drawing may be all in the mask), decode and hold no
// text.
func (d *document) pictureTextFree(ref types.Object) bool {
	parts := []types.Object{ref}
	if smask, ok := d.Dict(ref)["SMask"]; ok {
		parts = append(parts, smask)
	}
	for _, p := range parts {
		g, err := d.Gray(p, maxPicturePixels)
		if err != nil || mayHoldText(g) {
			return false
		}
	}
	return true
}

// mayHoldText reports whether a picture has two tiles side by side with
// the sharp, dense strokes of text.
func mayHoldText(g *image.Gray) bool {
	b := g.Bounds()
	for ty := b.Min.Y; ty < b.Max.Y; ty += tileSide {
		prev := false
		for tx := b.Min.X; tx < b.Max.X; tx += tileSide {
			tile := image.Rect(tx, ty, min(tx+tileSide, b.Max.X), min(ty+tileSide, b.Max.Y))
			texty := textyTile(g, tile)
			if texty && prev {
				return true
			}
			prev = texty
		}
	}
	return false
}

// textyTile reports whether at least minStrokeRows rows of the tile
// cross two strokes or more.
func textyTile(g *image.Gray, r image.Rectangle) bool {
	rows := 0
	for y := r.Min.Y; y < r.Max.Y && rows < minStrokeRows; y++ {
		row := g.Pix[(y-g.Rect.Min.Y)*g.Stride+(r.Min.X-g.Rect.Min.X) : (y-g.Rect.Min.Y)*g.Stride+(r.Max.X-g.Rect.Min.X)]
		if strokes(row) >= 2 {
			rows++
		}
	}
	return rows >= minStrokeRows
}

// strokes counts the strokes a row of pixels crosses: a step of
// stepContrast or more, and within maxStroke pixels a step back.
func strokes(row []uint8) int {
	n, open, dir := 0, -1, 0
	for x := 0; x+1 < len(row); x++ {
		d := int(row[x+1]) - int(row[x])
		step := 0
		if d >= stepContrast {
			step = 1
		} else if d <= -stepContrast {
			step = -1
		}
		switch {
		case step == 0:
		case open >= 0 && step == -dir && x-open <= maxStroke:
			n++
			open = -1
		default:
			open, dir = x, step
		}
	}
	return n
}
