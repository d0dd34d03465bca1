package tablemodel

import (
	"fmt"
	"math"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

// Box sizes of a decoding step: a quadrilateral (x1 y1 … x4 y4, SLANet)
// or a rectangle (x0 y0 x1 y1), normalised to the input image.
const (
	quadLen = 8
	rectLen = 4
)

// step is one decoded structure token, with the box of its cell when it
// opens one (x0, y0, x1, y1 normalised to the table image).
type step struct {
	tok string
	box [4]float64
}

// opensCell reports whether a token starts a cell (and so has a box).
func opensCell(tok string) bool { return tok == tokCell || tok == tokCellOpen || tok == tokEmpty }

// decode reads item b of a run's outputs: at each step the most likely
// token, up to the end token, the start and end tokens left out. score
// is the mean probability of the chosen tokens.
func decode(probs, loc onnxrt.Tensor, b int, vocab []string) (steps []step, score float64, err error) {
	if len(probs.Shape) != 3 || len(loc.Shape) != 3 {
		return nil, 0, fmt.Errorf("tablemodel: outputs of shape %v and %v, want [N,L,C] and [N,L,8|4]: %w", probs.Shape, loc.Shape, core.ErrInternal)
	}
	n, l, c := int(probs.Shape[0]), int(probs.Shape[1]), int(probs.Shape[2])
	k := int(loc.Shape[2])
	if b >= n || c != len(vocab) || int(loc.Shape[1]) != l || (k != quadLen && k != rectLen) || probs.Size() != n*l*c || loc.Size() < (b+1)*l*k {
		return nil, 0, fmt.Errorf("tablemodel: outputs %v and %v do not fit %d classes: %w", probs.Shape, loc.Shape, len(vocab), core.ErrInternal)
	}
	end := len(vocab) - 1
	sum, kept := 0.0, 0
	for i := range l {
		best, p := argmax(probs, (b*l+i)*c, c)
		if i > 0 && best == end {
			break
		}
		if best == 0 || best == end {
			continue
		}
		s := step{tok: vocab[best]}
		if opensCell(s.tok) {
			s.box = stepBox(loc, (b*l+i)*k, k)
		}
		steps = append(steps, s)
		sum += p
		kept++
	}
	if kept > 0 {
		score = sum / float64(kept)
	}
	return steps, score, nil
}

// argmax is the index and value of the largest of the c values at off.
func argmax(t onnxrt.Tensor, off, c int) (int, float64) {
	best, bv := 0, math.Inf(-1)
	for j := range c {
		if v := t.At(off + j); v > bv {
			best, bv = j, v
		}
	}
	return best, bv
}

// stepBox is the rectangle around a step's k box values at off.
func stepBox(t onnxrt.Tensor, off, k int) [4]float64 {
	if k == rectLen {
		return [4]float64{t.At(off), t.At(off + 1), t.At(off + 2), t.At(off + 3)}
	}
	b := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for j := 0; j < quadLen; j += 2 {
		x, y := t.At(off+j), t.At(off+j+1)
		b[0], b[1] = math.Min(b[0], x), math.Min(b[1], y)
		b[2], b[3] = math.Max(b[2], x), math.Max(b[3], y)
	}
	return b
}
