package detect

import (
	"image"
	"math"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

// padGray is the letterbox fill of the YOLO family, on the 0..255 scale.
const padGray = 114

// channelMax is the full scale of an 8-bit channel.
const channelMax = onnxrt.ChannelMax

// norm is the per-channel normalisation of a model's input.
type norm = onnxrt.Norm

var (
	unitNorm     = onnxrt.UnitNorm
	imageNetNorm = onnxrt.ImageNetNorm
)

// toPage maps model coordinates to page points: p = (v - off) * k.
type toPage struct{ offX, offY, kx, ky float64 }

// box maps x0, y0, x1, y1 in model coordinates to page points.
func (t toPage) box(b [4]float64) core.BBox {
	return core.BBox{
		X0: (b[0] - t.offX) * t.kx, Y0: (b[1] - t.offY) * t.ky,
		X1: (b[2] - t.offX) * t.kx, Y1: (b[3] - t.offY) * t.ky,
	}
}

// letterbox scales an imgW×imgH image by r to fit inside inW×inH keeping
// its aspect ratio, centred; dst is where it lands on the canvas.
func letterbox(imgW, imgH, inW, inH int) (dst image.Rectangle, r float64) {
	r = math.Min(float64(inW)/float64(imgW), float64(inH)/float64(imgH))
	w := max(1, min(inW, int(math.Round(float64(imgW)*r))))
	h := max(1, min(inH, int(math.Round(float64(imgH)*r))))
	x, y := (inW-w)/2, (inH-h)/2
	return image.Rect(x, y, x+w, y+h), r
}
