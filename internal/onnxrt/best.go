package onnxrt

import (
	"fmt"

	"google.golang.org/protobuf/encoding/protowire"
)

// Best asks Fuse for two more outputs of a model: for its float output
// Output, the index (int64) and the value (float) of the largest element
// along Axis, which is gone from their shapes (ArgMax and ReduceMax with
// keepdims 0; the first index where several are equal). A recogniser
// whose output is a score per class and time step is decoded from these
// alone, and the runtime then hands back two numbers a step instead of
// thousands (PaddleOCR's recogniser scores 6,625 classes: 3 MB a line).
// Axis counts from 0, as opset 9's ArgMax asks.
type Best struct {
	Output string
	Axis   int64
}

// ClassOutput is the name of the output holding the index of the largest
// element.
func (b Best) ClassOutput() string { return b.Output + "/argmax" }

// ScoreOutput is the name of the output holding the largest element.
func (b Best) ScoreOutput() string { return b.Output + "/max" }

// addBest appends the ArgMax and ReduceMax nodes of b and declares their
// outputs as the graph's.
func (g *graph) addBest(b Best) error {
	if !g.outputs[b.Output] {
		return fmt.Errorf("onnxrt: best: the model has no output %q", b.Output)
	}
	if b.Axis < 0 {
		return fmt.Errorf("onnxrt: best: axis %d (want 0 or more)", b.Axis)
	}
	for _, name := range []string{b.ClassOutput(), b.ScoreOutput()} {
		if g.outputs[name] || len(g.users[name]) > 0 {
			return fmt.Errorf("onnxrt: best: the model has a value named %q already", name)
		}
	}
	keep := intAttr("keepdims", 0)
	g.nodes = append(g.nodes,
		&node{op: "ArgMax", opType: "ArgMax", in: []string{b.Output}, out: []string{b.ClassOutput()},
			rest: append(intAttr("axis", b.Axis), keep...)},
		&node{op: "ReduceMax", opType: "ReduceMax", in: []string{b.Output}, out: []string{b.ScoreOutput()},
			rest: append(intsAttr("axes", b.Axis), keep...)})
	other := g.other[:len(g.other):len(g.other)]
	other = appendOutput(other, b.ClassOutput(), elemInt64)
	g.other = appendOutput(other, b.ScoreOutput(), elemFloat)
	g.outputs[b.ClassOutput()], g.outputs[b.ScoreOutput()] = true, true
	return nil
}

// appendOutput appends a GraphProto output field: a ValueInfoProto of a
// tensor of elem, its shape left to the runtime.
func appendOutput(b []byte, name string, elem uint64) []byte {
	tt := protowire.AppendTag(nil, fTensorElem, protowire.VarintType)
	tt = protowire.AppendVarint(tt, elem)
	typ := protowire.AppendTag(nil, fTypeTensor, protowire.BytesType)
	typ = protowire.AppendBytes(typ, tt)
	vi := protowire.AppendTag(nil, fValueInfoName, protowire.BytesType)
	vi = protowire.AppendString(vi, name)
	vi = protowire.AppendTag(vi, fValueInfoType, protowire.BytesType)
	vi = protowire.AppendBytes(vi, typ)
	b = protowire.AppendTag(b, fGraphOutput, protowire.BytesType)
	return protowire.AppendBytes(b, vi)
}

// intAttr is an encoded INT attribute, as a NodeProto field.
func intAttr(name string, v int64) []byte {
	return nodeAttr(name, attrTypeInt, func(a []byte) []byte {
		a = protowire.AppendTag(a, fAttrInt, protowire.VarintType)
		return protowire.AppendVarint(a, uint64(v))
	})
}

// intsAttr is an encoded INTS attribute, as a NodeProto field.
func intsAttr(name string, vs ...int64) []byte {
	return nodeAttr(name, attrTypeInts, func(a []byte) []byte {
		for _, v := range vs {
			a = protowire.AppendTag(a, fAttrInts, protowire.VarintType)
			a = protowire.AppendVarint(a, uint64(v))
		}
		return a
	})
}
