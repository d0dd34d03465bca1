package ocr

import (
	"image"
	"math"
)

// A Latin page is read smaller than it was rendered when its print is
// large enough. Tesseract scales each text line to the fixed height of
// its LSTM model's input before it recognises it, so pixels beyond what
// that height needs add little to the reading; but thresholding, finding
// lines and cutting words cost in proportion to the pixels. The probe
// measures the print (its words' median height) and the page is shrunk
// so that its words are readWordHeight pixels high, never below
// minReadScale.
//
// Measured on the corpus's 39 scanned pages (200 dpi, 10-14 pt print,
// words of 21-27 pixels). A target of 16 pixels saved 6-17% of the CPU
// with text similarity kept, but lost the decimal points and minus signs
// of a table's figures (generated-b scanned-05: "71.4%" read "714%",
// "-43.6%" read "43.6%"); 13 lost more. 20 keeps every character of both
// sets' tables, and saves up to 8% at 200 dpi, more on larger print (a
// 300 dpi render of the same pages: 8%). Other scripts are read as
// rendered: their dots and strokes (Arabic's, Han's) need the pixels, and
// their pages are not probed.
const (
	// readWordHeight is the median word height, in pixels, that a page
	// is shrunk to before it is read with a Latin model.
	readWordHeight = 20.0
	// minReadScale: a page is never shrunk more than this, whatever its
	// print: a page's small print (notes, table cells) is smaller than
	// its median.
	minReadScale = 0.5
	// minShrink: a scale closer to 1 saves too little to pay for the
	// resampling.
	minShrink = 0.9
	// minMeasuredWords: fewer words than this measure no print.
	minMeasuredWords = 10
)

// readScale is the scale to read a Latin page at whose words have the
// median height wordH (pixels; 0 when unknown): 1, or less for large print.
func readScale(wordH float64) float64 {
	if wordH <= 0 {
		return 1
	}
	s := max(minReadScale, readWordHeight/wordH)
	if s > minShrink {
		return 1
	}
	return s
}

// wordHeight is the median height of the boxes of ws, 0 when there are
// too few to tell.
func wordHeight(ws []pxWord) float64 {
	if len(ws) < minMeasuredWords {
		return 0
	}
	h := make([]float64, len(ws))
	for i, w := range ws {
		h[i] = float64(w.box.Dy())
	}
	return median(h)
}

// shrink scales g by s (0 < s < 1), each pixel of the result the mean of
// the area of g it covers (a box filter, which keeps thin strokes gray
// where sampling would drop them). The result starts at (0, 0).
func shrink(g *image.Gray, s float64) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	dw, dh := max(1, int(math.Round(float64(w)*s))), max(1, int(math.Round(float64(h)*s)))
	cols, rows := spans(w, dw), spans(h, dh)
	// Horizontal pass: each source row to dw sums.
	tmp := make([]float32, h*dw)
	for y := range h {
		src := g.Pix[y*g.Stride : y*g.Stride+w]
		dst := tmp[y*dw : (y+1)*dw]
		for x, sp := range cols {
			v := float32(src[sp.first]) * sp.wFirst
			if sp.last > sp.first {
				for _, p := range src[sp.first+1 : sp.last] {
					v += float32(p) * sp.wMid
				}
				v += float32(src[sp.last]) * sp.wLast
			}
			dst[x] = v
		}
	}
	// Vertical pass: the rows of sums to the result's rows.
	out := image.NewGray(image.Rect(0, 0, dw, dh))
	acc := make([]float32, dw)
	for y, sp := range rows {
		addRow(acc, tmp[sp.first*dw:(sp.first+1)*dw], sp.wFirst, true)
		if sp.last > sp.first {
			for i := sp.first + 1; i < sp.last; i++ {
				addRow(acc, tmp[i*dw:(i+1)*dw], sp.wMid, false)
			}
			addRow(acc, tmp[sp.last*dw:(sp.last+1)*dw], sp.wLast, false)
		}
		row := out.Pix[y*out.Stride : y*out.Stride+dw]
		for x, v := range acc {
			row[x] = uint8(min(255, v+0.5))
		}
	}
	return out
}

// span is the source interval [first, last] that one pixel of a shrunk
// line covers, with the covered share of its two end pixels; weights are
// normalised so that they sum to 1.
type span struct {
	first, last int
	wFirst      float32 // weight of first
	wLast       float32 // weight of last (when last > first)
	wMid        float32 // weight of each pixel between them
}

// addRow adds row times k to acc, or sets acc to it when first.
func addRow(acc, row []float32, k float32, first bool) {
	row = row[:len(acc)]
	if first {
		for i, v := range row {
			acc[i] = v * k
		}
		return
	}
	for i, v := range row {
		acc[i] += v * k
	}
}

// spans cuts n source pixels into m (m <= n) equal intervals.
func spans(n, m int) []span {
	out := make([]span, m)
	step := float64(n) / float64(m)
	for i := range out {
		a, b := float64(i)*step, float64(i+1)*step
		first, last := int(a), min(n-1, int(math.Ceil(b))-1)
		sp := span{first: first, last: last, wMid: float32(1 / step)}
		if last == first {
			sp.wFirst = 1
		} else {
			sp.wFirst = float32((float64(first+1) - a) / step)
			sp.wLast = float32((b - float64(last)) / step)
		}
		out[i] = sp
	}
	return out
}
