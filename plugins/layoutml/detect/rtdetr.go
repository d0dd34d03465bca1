package detect

import (
	"fmt"
	"math"

	"github.com/assay-pdf/assay/core"
)

// docling RT-DETR defaults.
const (
	doclingSize  = 640
	doclingScore = 0.6 // docling's own threshold for this model
	boxValues    = 4
)

// docling is docling's RT-DETR export: a stretched image and the size to
// scale boxes to in; labels [N,Q], boxes [N,Q,4] (x0, y0, x1, y1 in that
// size) and scores [N,Q] out. The size fed is the input size itself, so
// boxes come back in input pixels whatever order the export reads it in.
type docling struct{ s spec }

func newDocling(mi modelInfo) (family, error) {
	img := findByRank(mi.ins, imageRank, floatType)
	size := findByName(mi.ins, "orig_target_sizes")
	if size < 0 {
		size = findByRank(mi.ins, 2, intType)
	}
	labels, boxes, scores := doclingOutputs(mi.outs)
	if img < 0 || !isImage(mi.ins[img]) || size < 0 || len(mi.ins) != 2 || labels < 0 || boxes < 0 || scores < 0 {
		return nil, notFormat(mi, FormatDoclingRTDETR, "inputs images [N,3,H,W] and orig_target_sizes [N,2]; outputs labels, boxes, scores")
	}
	s, err := geometry(mi, mi.ins[img], doclingSize, doclingSize)
	if err != nil {
		return nil, err
	}
	s.format, s.norm = FormatDoclingRTDETR, unitNorm
	s.inputs = []string{mi.ins[img].name, mi.ins[size].name}
	s.outputs = []string{mi.outs[labels].name, mi.outs[boxes].name, mi.outs[scores].name}
	s.post = postParams{
		score:  scoreOr(mi.configured, doclingScore),
		iou:    mi.configured.IOUThreshold,
		labels: firstLabels(mi.configured.Labels, doclingONNXLabels),
	}
	return &docling{s: s}, nil
}

// doclingOutputs finds the outputs by name, else by shape and type.
func doclingOutputs(outs []ioInfo) (labels, boxes, scores int) {
	labels, boxes, scores = findByName(outs, "labels"), findByName(outs, "boxes"), findByName(outs, "scores")
	if labels < 0 {
		labels = findByRank(outs, 2, intType)
	}
	if boxes < 0 {
		boxes = findByRank(outs, 3, floatType)
	}
	if scores < 0 {
		scores = findByRank(outs, 2, floatType)
	}
	return labels, boxes, scores
}

func (d *docling) spec() *spec               { return &d.s }
func (d *docling) labels(_ [][]det) []string { return d.s.post.labels }

// feed stretches every page over the input (values 0..1) and asks for
// boxes in input pixels.
func (d *docling) feed(pages []Input) ([]tensor, []toPage, error) {
	img, _ := imageTensor(pages, &d.s, false)
	n := int64(len(pages))
	size := tensor{Shape: []int64{n, 2}, I: make([]int64, 0, 2*n)}
	maps := make([]toPage, len(pages))
	for i, p := range pages {
		size.I = append(size.I, int64(d.s.w), int64(d.s.h))
		maps[i] = toPage{kx: p.Width / float64(d.s.w), ky: p.Height / float64(d.s.h)}
	}
	return []tensor{img, size}, maps, nil
}

// decode reads Q queries per page.
func (d *docling) decode(outs []tensor, n int) ([][]det, error) {
	labels, boxes, scores := outs[0], outs[1], outs[2]
	for _, c := range []struct {
		t    tensor
		rank int
		what string
	}{{labels, 2, "labels"}, {boxes, 3, "boxes"}, {scores, 2, "scores"}} {
		if err := checkOutput(c.t, c.rank, "docling-rtdetr "+c.what); err != nil {
			return nil, err
		}
	}
	q := int(scores.Shape[1])
	if scores.Shape[0] != int64(n) || labels.Size() != n*q || boxes.Size() != n*q*boxValues {
		return nil, fmt.Errorf("detect: docling-rtdetr outputs %v %v %v for %d pages: %w", labels.Shape, boxes.Shape, scores.Shape, n, core.ErrInternal)
	}
	out := make([][]det, n)
	for b := range n {
		for j := range q {
			k := b*q + j
			o := k * boxValues
			out[b] = append(out[b], det{
				class: int(math.Round(labels.At(k))), score: scores.At(k),
				box: [4]float64{boxes.At(o), boxes.At(o + 1), boxes.At(o + 2), boxes.At(o + 3)},
			})
		}
	}
	return out, nil
}
