package detect

import (
	"cmp"
	"math"
	"slices"
	"strconv"

	"github.com/assay-pdf/assay/core"
)

// det is one raw detection in model coordinates.
type det struct {
	class int
	score float64
	box   [4]float64 // x0, y0, x1, y1
}

// aboveScore keeps the detections scoring at least thr.
func aboveScore(ds []det, thr float64) []det {
	out := ds[:0:0]
	for _, d := range ds {
		if d.score >= thr && !math.IsNaN(d.score) {
			out = append(out, d)
		}
	}
	return out
}

// iou is the intersection over union of two x0, y0, x1, y1 boxes.
func iou(a, b [4]float64) float64 {
	w := math.Min(a[2], b[2]) - math.Max(a[0], b[0])
	h := math.Min(a[3], b[3]) - math.Max(a[1], b[1])
	if w <= 0 || h <= 0 {
		return 0
	}
	inter := w * h
	union := (a[2]-a[0])*(a[3]-a[1]) + (b[2]-b[0])*(b[3]-b[1]) - inter
	if union <= 0 {
		return 0
	}
	return inter / union
}

// nms is class-wise non-maximum suppression: the detections by falling
// score, each dropped when it overlaps a kept one of its class by more than
// thr.
func nms(ds []det, thr float64) []det {
	sorted := slices.Clone(ds)
	slices.SortStableFunc(sorted, func(a, b det) int { return cmp.Compare(b.score, a.score) })
	var kept []det
	for _, d := range sorted {
		keep := true
		for _, k := range kept {
			if k.class == d.class && iou(k.box, d.box) > thr {
				keep = false
				break
			}
		}
		if keep {
			kept = append(kept, d)
		}
	}
	return kept
}

// labelName is the label of a class id, "class_<id>" when the list has none.
func labelName(labels []string, class int) string {
	if class >= 0 && class < len(labels) && labels[class] != "" {
		return labels[class]
	}
	return "class_" + strconv.Itoa(class)
}

// clampBox limits b to a w×h page.
func clampBox(b core.BBox, w, h float64) core.BBox {
	return core.BBox{
		X0: math.Max(0, math.Min(w, b.X0)), Y0: math.Max(0, math.Min(h, b.Y0)),
		X1: math.Max(0, math.Min(w, b.X1)), Y1: math.Max(0, math.Min(h, b.Y1)),
	}
}

// post turns one page's raw detections into regions: score threshold,
// class-wise NMS, boxes mapped to page points and clamped to the page,
// labels mapped to block kinds; sorted top to bottom, then left to right.
func post(ds []det, p postParams, tp toPage, pageW, pageH float64) []Region {
	ds = nms(aboveScore(ds, p.score), p.iou)
	regions := make([]Region, 0, len(ds))
	for _, d := range ds {
		box := clampBox(tp.box(d.box), pageW, pageH)
		if box.Empty() {
			continue
		}
		label := labelName(p.labels, d.class)
		kind, ok := kindOf(label, box, pageH)
		if !ok {
			continue
		}
		regions = append(regions, Region{Kind: kind, Label: label, Box: box, Score: d.score})
	}
	slices.SortStableFunc(regions, func(a, b Region) int {
		return cmp.Or(cmp.Compare(a.Box.Y0, b.Box.Y0), cmp.Compare(a.Box.X0, b.Box.X0))
	})
	return regions
}

// postParams are the post-processing settings of a loaded model.
type postParams struct {
	score, iou float64
	labels     []string
}
