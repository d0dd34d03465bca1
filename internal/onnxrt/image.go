package onnxrt

import (
	"image"
	"math"
)

// ChannelMax is the full scale of an 8-bit channel; image inputs are
// divided by it.
const ChannelMax = 255.0

// shrinkMin is the integer downscale factor from which an image is
// box-averaged before the bilinear resize.
const shrinkMin = 2

// Norm is the per-channel normalisation of an image input after scaling
// to 0..1: (v - Mean) / Std. Channels are in RGB order, or in BGR order
// when BGR is set (models trained on images read by OpenCV); Mean and Std
// are given in the model's channel order.
type Norm struct {
	Mean, Std [3]float32
	BGR       bool
}

var (
	// UnitNorm leaves values at 0..1 (YOLO, RT-DETR).
	UnitNorm = Norm{Std: [3]float32{1, 1, 1}}
	// ImageNetNorm is the ImageNet mean and deviation (PaddlePaddle models).
	ImageNetNorm = Norm{Mean: [3]float32{0.485, 0.456, 0.406}, Std: [3]float32{0.229, 0.224, 0.225}}
)

// Neutral is the pad value, on the 0..255 scale, that n maps to zero.
func (n Norm) Neutral() [3]float32 {
	var v [3]float32
	for c := range 3 {
		k := c
		if n.BGR {
			k = 2 - c
		}
		v[k] = n.Mean[c] * ChannelMax
	}
	return v
}

// rgb is a packed 8-bit RGB copy of an image.
type rgb struct {
	w, h int
	pix  []uint8
}

// toRGB copies img into packed RGB, with fast paths for the renderer's
// *image.RGBA and *image.Gray.
func toRGB(img image.Image) rgb {
	b := img.Bounds()
	p := rgb{w: b.Dx(), h: b.Dy(), pix: make([]uint8, 3*b.Dx()*b.Dy())}
	i := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		switch m := img.(type) {
		case *image.RGBA:
			row := m.Pix[m.PixOffset(b.Min.X, y):]
			for x := 0; x < p.w; x++ {
				copy(p.pix[i:i+3], row[4*x:4*x+3])
				i += 3
			}
		case *image.Gray:
			row := m.Pix[m.PixOffset(b.Min.X, y):]
			for x := 0; x < p.w; x++ {
				p.pix[i], p.pix[i+1], p.pix[i+2] = row[x], row[x], row[x]
				i += 3
			}
		default:
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				p.pix[i], p.pix[i+1], p.pix[i+2] = uint8(r>>8), uint8(g>>8), uint8(bl>>8)
				i += 3
			}
		}
	}
	return p
}

// shrink averages k×k blocks (a remainder of fewer than k columns or rows
// is dropped).
func (p rgb) shrink(k int) rgb {
	out := rgb{w: p.w / k, h: p.h / k}
	out.pix = make([]uint8, 3*out.w*out.h)
	area := k * k
	for y := 0; y < out.h; y++ {
		for x := 0; x < out.w; x++ {
			var sum [3]int
			for dy := 0; dy < k; dy++ {
				o := 3 * ((y*k+dy)*p.w + x*k)
				for dx := 0; dx < 3*k; dx += 3 {
					sum[0] += int(p.pix[o+dx])
					sum[1] += int(p.pix[o+dx+1])
					sum[2] += int(p.pix[o+dx+2])
				}
			}
			o := 3 * (y*out.w + x)
			for c := range 3 {
				out.pix[o+c] = uint8((sum[c] + area/2) / area)
			}
		}
	}
	return out
}

// taps are the two source indices and the weight of the second for each
// destination pixel along one axis (bilinear, pixel centres aligned).
func taps(src, dst int) (i0, i1 []int, f []float32) {
	i0, i1, f = make([]int, dst), make([]int, dst), make([]float32, dst)
	scale := float64(src) / float64(dst)
	for d := range dst {
		u := math.Max(0, math.Min(float64(src-1), (float64(d)+0.5)*scale-0.5))
		a := int(u)
		i0[d], i1[d], f[d] = a, min(a+1, src-1), float32(u-float64(a))
	}
	return i0, i1, f
}

// Paint writes img into out, a CHW float canvas of inW×inH per plane:
// resized into dst (bilinear, box-averaged first when it shrinks by
// shrinkMin or more, so that thin strokes survive), the pad value
// elsewhere, every value divided by 255 and normalised by n.
func Paint(out []float32, img image.Image, inW, inH int, dst image.Rectangle, pad [3]float32, n Norm) {
	src := toRGB(img)
	if k := min(src.w/dst.Dx(), src.h/dst.Dy()); k >= shrinkMin {
		src = src.shrink(k)
	}
	xi0, xi1, xf := taps(src.w, dst.Dx())
	yi0, yi1, yf := taps(src.h, dst.Dy())
	plane := inW * inH
	for y := range inH {
		for x := range inW {
			var v [3]float32
			if !(image.Point{X: x, Y: y}).In(dst) {
				v = pad
			} else {
				v = src.bilinear(xi0[x-dst.Min.X], xi1[x-dst.Min.X], xf[x-dst.Min.X], yi0[y-dst.Min.Y], yi1[y-dst.Min.Y], yf[y-dst.Min.Y])
			}
			o := y*inW + x
			for c := range 3 {
				k := c
				if n.BGR {
					k = 2 - c
				}
				out[c*plane+o] = (v[k]/ChannelMax - n.Mean[c]) / n.Std[c]
			}
		}
	}
}

// bilinear blends the four pixels (x0|x1, y0|y1) with weights fx, fy.
func (p rgb) bilinear(x0, x1 int, fx float32, y0, y1 int, fy float32) [3]float32 {
	var v [3]float32
	a, b := 3*(y0*p.w+x0), 3*(y0*p.w+x1)
	c, d := 3*(y1*p.w+x0), 3*(y1*p.w+x1)
	for ch := range 3 {
		top := float32(p.pix[a+ch])*(1-fx) + float32(p.pix[b+ch])*fx
		bot := float32(p.pix[c+ch])*(1-fx) + float32(p.pix[d+ch])*fx
		v[ch] = top*(1-fy) + bot*fy
	}
	return v
}
