package ocr

import (
	"image"
	"math"
)

// DB (differentiable binarisation) post-processing of PP-OCR's detection
// map, written from the paper's description: binarise the probability map,
// take connected regions, keep those whose mean probability is high
// enough, and grow each by the distance D = A·r / L (area, unclip ratio,
// perimeter) that the model was trained to shrink text by.
type dbParams struct {
	thresh     float32 // pixel threshold on the probability map
	boxThresh  float64 // minimum mean probability of a region
	unclip     float64 // unclip ratio
	minSize    int     // minimum short side of a region, in map pixels
	maxRegions int
}

var defaultDB = dbParams{thresh: 0.3, boxThresh: 0.6, unclip: 1.5, minSize: 3, maxRegions: 1000}

// dbBoxes finds text boxes in a w×h probability map (row-major). Boxes are
// axis-aligned, in map pixels, unclipped and clipped to the map.
func dbBoxes(prob []float32, w, h int, p dbParams) []image.Rectangle {
	labels := make([]int32, w*h)
	var out []image.Rectangle
	stack := make([]int, 0, 1024)
	var next int32
	for start := range prob {
		if prob[start] <= p.thresh || labels[start] != 0 {
			continue
		}
		next++
		labels[start] = next
		stack = append(stack[:0], start)
		x0, y0, x1, y1 := w, h, -1, -1
		var sum float64
		n := 0
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%w, i/w
			x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			sum += float64(prob[i])
			n++
			for dy := -1; dy <= 1; dy++ {
				ny := y + dy
				if ny < 0 || ny >= h {
					continue
				}
				for dx := -1; dx <= 1; dx++ {
					nx := x + dx
					if nx < 0 || nx >= w || (dx == 0 && dy == 0) {
						continue
					}
					j := ny*w + nx
					if labels[j] == 0 && prob[j] > p.thresh {
						labels[j] = next
						stack = append(stack, j)
					}
				}
			}
		}
		bw, bh := x1-x0+1, y1-y0+1
		if min(bw, bh) < p.minSize {
			continue
		}
		if sum/float64(n) < p.boxThresh {
			continue
		}
		area := float64(bw * bh)
		d := area * p.unclip / float64(2*(bw+bh))
		r := image.Rect(
			int(math.Floor(float64(x0)-d)), int(math.Floor(float64(y0)-d)),
			int(math.Ceil(float64(x1+1)+d)), int(math.Ceil(float64(y1+1)+d)),
		).Intersect(image.Rect(0, 0, w, h))
		if !r.Empty() {
			out = append(out, r)
		}
		if len(out) >= p.maxRegions {
			break
		}
	}
	return out
}

// bestPerStep is, for each of the t rows of c class probabilities in
// probs, the first class of the highest probability and that probability.
func bestPerStep(probs []float32, t, c int) ([]int64, []float32) {
	best := make([]int64, t)
	score := make([]float32, t)
	for i := range t {
		row := probs[i*c : (i+1)*c]
		k, p := 0, row[0]
		for j := 1; j < c; j++ {
			if row[j] > p {
				k, p = j, row[j]
			}
		}
		best[i], score[i] = int64(k), p
	}
	return best, score
}

// ctcDecode is greedy CTC decoding of one line from the best class of
// each step and its probability (softmax applied): class 0 is the blank
// and class i ≥ 1 is dict[i-1]; a class repeated over steps is one
// character. It returns the text and the mean probability of the
// characters it kept.
func ctcDecode(best []int64, score []float32, dict []string) (string, float64) {
	var sb []byte
	prev := int64(-1)
	var sum float64
	n := 0
	for i, k := range best {
		if k >= 1 && k != prev && int(k-1) < len(dict) {
			sb = append(sb, dict[k-1]...)
			sum += float64(score[i])
			n++
		}
		prev = k
	}
	if n == 0 {
		return "", 0
	}
	return string(sb), sum / float64(n)
}
