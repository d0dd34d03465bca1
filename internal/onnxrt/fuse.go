package onnxrt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"google.golang.org/protobuf/encoding/protowire"
)

// Field numbers of onnx.proto read and written by Fuse (and Best).
const (
	fModelGraph    = 7  // ModelProto.graph
	fModelOpset    = 8  // ModelProto.opset_import
	fOpsetDomain   = 1  // OperatorSetIdProto.domain
	fOpsetVersion  = 2  // OperatorSetIdProto.version
	fGraphNode     = 1  // GraphProto.node
	fGraphInit     = 5  // GraphProto.initializer
	fGraphInput    = 11 // GraphProto.input
	fGraphOutput   = 12
	fNodeInput     = 1 // NodeProto.input
	fNodeOutput    = 2
	fNodeOpType    = 4
	fNodeAttr      = 5
	fNodeDomain    = 7
	fAttrName      = 1 // AttributeProto.name
	fAttrFloat     = 2
	fAttrInt       = 3
	fAttrInts      = 8
	fAttrTensor    = 5
	fAttrType      = 20
	fTensorDims    = 1 // TensorProto.dims
	fTensorType    = 2
	fTensorFloats  = 4
	fTensorName    = 8
	fTensorRaw     = 9
	fTensorExtern  = 13 // external_data: weights in another file
	fTensorWhere   = 14 // data_location: 1 for EXTERNAL
	fValueInfoName = 1  // ValueInfoProto.name
	fValueInfoType = 2
	fTypeTensor    = 1 // TypeProto.tensor_type
	fTensorElem    = 1 // TypeProto.Tensor.elem_type

	attrTypeFloat  = 1 // AttributeProto.FLOAT
	attrTypeInt    = 2 // AttributeProto.INT
	attrTypeTensor = 4 // AttributeProto.TENSOR
	attrTypeInts   = 7 // AttributeProto.INTS
	elemFloat      = 1 // TensorProto.FLOAT
	elemInt64      = 7 // TensorProto.INT64

	// hardSwishOpset is the first ai.onnx opset with HardSwish.
	hardSwishOpset = 14
)

// FuseStats counts the rewrites Fuse made.
type FuseStats struct {
	// Affine is the number of constant scales and shifts folded into the
	// weights of the convolution before them.
	Affine int
	// Input is the number of constant scales and shifts folded into the
	// convolutions after them.
	Input int
	// HardSwish is the number of hard-swish activations written as
	// x·clip(x+3, 0, 6)/6 in four operators and now one or two.
	HardSwish int
	// Best is the number of outputs whose largest elements were added as
	// outputs (see Best).
	Best int
}

// Total is the number of rewrites.
func (s FuseStats) Total() int { return s.Affine + s.Input + s.HardSwish + s.Best }

var (
	errNotFloat = errors.New("onnxrt: not a float tensor")
	errExternal = errors.New("onnxrt: weights in external files")
)

// Fuse rewrites an ONNX model (ModelProto bytes) so that onnxruntime runs
// it with fewer operators and the same results, up to float rounding:
//
//   - a convolution followed by a multiplication and an addition by
//     constants (per tensor or per output channel) computes one
//     convolution with scaled weights and bias;
//   - a constant scale and shift (per tensor) before convolutions that pad
//     nothing is folded into their weights and bias; before convolutions
//     that pad, the scale is (the shift stays, divided by the scale);
//   - a hard-swish written as x·clip(x+3, 0, 6)/6 becomes HardSwish (opset
//     14 and later) or x·HardSigmoid(x).
//
// Exporters such as Paddle2ONNX write the learnable affine blocks and
// activations of mobile networks (PP-LCNet) in these forms, with the
// constant first, which onnxruntime's own fusions do not match; the
// elementwise operators then cost more CPU than the convolutions. Anything
// Fuse does not recognise is left as it was; a model it cannot parse is an
// error, and the caller can still run the original, as it must a model
// whose weights lie in external files (an error too: the rewritten bytes,
// opened from memory, would not find them).
//
// Each Best adds the outputs it names (in the same pass, so that the
// model's bytes are written once); one Fuse cannot add is an error.
func Fuse(model []byte, best ...Best) ([]byte, FuseStats, error) {
	raw, ok := lastField(model, fModelGraph)
	if !ok {
		return nil, FuseStats{}, errors.New("onnxrt: fuse: no graph in the model")
	}
	g, err := parseGraph(raw)
	if err != nil {
		return nil, FuseStats{}, fmt.Errorf("onnxrt: fuse: %w", err)
	}
	g.opset = defaultOpset(model)
	var st FuseStats
	st.Affine = g.foldOutputAffine()
	st.Input = g.foldInputAffine()
	st.HardSwish = g.fuseHardSwish()
	for _, b := range best {
		if err := g.addBest(b); err != nil {
			return nil, FuseStats{}, err
		}
		st.Best++
	}
	if st.Total() == 0 {
		return model, st, nil
	}
	g.dropUnusedConstants()
	return replaceField(model, fModelGraph, g.size(), g.appendTo), st, nil
}

// node is one NodeProto: its inputs, outputs and operator, and the rest of
// its fields (name, attributes, domain) as they were read.
type node struct {
	op      string // the operator type; a custom domain's operators are "" to Fuse
	opType  string // the operator type as written
	in, out []string
	rest    []byte
	dead    bool
	before  []*node // constants written just before this node
}

// tensor is a float tensor.
type tensor struct {
	dims []int64
	data []float32
}

func (t *tensor) size() int { return len(t.data) }

// graph is a GraphProto open for rewriting.
type graph struct {
	nodes []*node
	other []byte // the fields other than nodes, as read
	// consts are the float constants read so far (constant), nil for a
	// name that is no float constant; unread are the initializers'
	// TensorProtos and the Constant nodes, read when first asked for:
	// most weights are never folded, and decoding them all cost more
	// than the rest of Fuse.
	consts  map[string]*tensor
	unread  map[string]func() (*tensor, bool)
	users   map[string][]*node
	outputs map[string]bool
	opset   int64
	fresh   int
}

// constantOrNil is constant's tensor, nil when name is none.
func (g *graph) constantOrNil(name string) *tensor {
	t, _ := g.constant(name)
	return t
}

// constant is the float constant named name (an initializer or a
// Constant node's value), false when name is no float constant.
func (g *graph) constant(name string) (*tensor, bool) {
	if t, ok := g.consts[name]; ok {
		return t, t != nil
	}
	read, ok := g.unread[name]
	if !ok {
		return nil, false
	}
	t, ok := read()
	if !ok {
		t = nil // remembered as no float constant
	}
	g.consts[name] = t
	return t, ok
}

func parseGraph(b []byte) (*graph, error) {
	g := &graph{consts: map[string]*tensor{}, unread: map[string]func() (*tensor, bool){}, users: map[string][]*node{}, outputs: map[string]bool{}}
	var other fields
	err := forEach(b, func(num protowire.Number, typ protowire.Type, v, whole []byte) error {
		switch {
		case num == fGraphNode && typ == protowire.BytesType:
			n, err := parseNode(v)
			if err != nil {
				return err
			}
			g.nodes = append(g.nodes, n)
			return nil
		case num == fGraphInit && typ == protowire.BytesType:
			if external(v) {
				return errExternal // the rewritten bytes could not find them
			}
			if name, ok := lastField(v, fTensorName); ok {
				g.unread[string(name)] = func() (*tensor, bool) {
					t, err := readTensor(v)
					return t, err == nil
				}
			}
		case num == fGraphOutput && typ == protowire.BytesType:
			if name, ok := lastField(v, fValueInfoName); ok {
				g.outputs[string(name)] = true
			}
		}
		other.add(whole)
		return nil
	})
	if err != nil {
		return nil, err
	}
	g.other = other.bytes()
	for _, n := range g.nodes {
		if n.op == "Constant" && len(n.out) == 1 {
			g.unread[n.out[0]] = n.constant
		}
		for _, in := range n.in {
			g.users[in] = append(g.users[in], n)
		}
	}
	return g, nil
}

func parseNode(b []byte) (*node, error) {
	n := &node{}
	custom := false
	var rest fields
	err := forEach(b, func(num protowire.Number, typ protowire.Type, v, whole []byte) error {
		switch {
		case num == fNodeInput && typ == protowire.BytesType:
			n.in = append(n.in, string(v))
		case num == fNodeOutput && typ == protowire.BytesType:
			n.out = append(n.out, string(v))
		case num == fNodeOpType && typ == protowire.BytesType:
			n.opType = string(v)
		case num == fNodeDomain && typ == protowire.BytesType && len(v) > 0 && string(v) != "ai.onnx":
			custom = true
			rest.add(whole)
		default:
			rest.add(whole)
		}
		return nil
	})
	if !custom {
		n.op = n.opType
	}
	n.rest = rest.bytes()
	return n, err
}

// fields gathers fields read from one buffer. Fields that follow each
// other there stay a view of it (a Constant's tensor is not copied); a
// field that does not follow is copied.
type fields struct {
	b    []byte
	view bool // b is a view of the buffer read
}

func (f *fields) add(field []byte) {
	switch {
	case f.b == nil:
		f.b, f.view = field, true
	case f.view && cap(field) == cap(f.b)-len(f.b):
		f.b = f.b[:len(f.b)+len(field)] // field starts where f.b ends
	default:
		if f.view {
			f.b, f.view = append([]byte(nil), f.b...), false
		}
		f.b = append(f.b, field...)
	}
}

// bytes are the fields; appending to them never writes into the buffer
// read.
func (f *fields) bytes() []byte { return f.b[:len(f.b):len(f.b)] }

// attr is the AttributeProto named name.
func (n *node) attr(name string) ([]byte, bool) {
	var out []byte
	found := false
	_ = forEach(n.rest, func(num protowire.Number, typ protowire.Type, v, _ []byte) error {
		if num == fNodeAttr && typ == protowire.BytesType {
			if an, ok := lastField(v, fAttrName); ok && string(an) == name {
				out, found = v, true
			}
		}
		return nil
	})
	return out, found
}

// floatAttr is the FLOAT attribute name.
func (n *node) floatAttr(name string) (float32, bool) {
	a, ok := n.attr(name)
	if !ok {
		return 0, false
	}
	var f float32
	found := false
	_ = forEach(a, func(num protowire.Number, typ protowire.Type, v, _ []byte) error {
		if num == fAttrFloat && typ == protowire.Fixed32Type {
			f, found = math.Float32frombits(binary.LittleEndian.Uint32(v)), true
		}
		return nil
	})
	return f, found
}

// intsAttr is the INTS attribute name.
func (n *node) intsAttr(name string) []int64 {
	a, ok := n.attr(name)
	if !ok {
		return nil
	}
	var out []int64
	_ = forEach(a, func(num protowire.Number, typ protowire.Type, v, _ []byte) error {
		if num == fAttrInts {
			out = append(out, varints(typ, v)...)
		}
		return nil
	})
	return out
}

// constant is the value of a Constant node.
func (n *node) constant() (*tensor, bool) {
	if a, ok := n.attr("value"); ok {
		if tb, ok := lastField(a, fAttrTensor); ok {
			t, err := readTensor(tb)
			return t, err == nil
		}
	}
	if f, ok := n.floatAttr("value_float"); ok {
		return &tensor{data: []float32{f}}, true
	}
	return nil, false
}

// size is the length of the node's encoding (appendTo).
func (n *node) size() int {
	size := len(n.rest) + protowire.SizeTag(fNodeOpType) + protowire.SizeBytes(len(n.opType))
	for _, s := range n.in {
		size += protowire.SizeTag(fNodeInput) + protowire.SizeBytes(len(s))
	}
	for _, s := range n.out {
		size += protowire.SizeTag(fNodeOutput) + protowire.SizeBytes(len(s))
	}
	return size
}

// appendTo appends the node's NodeProto: inputs, outputs, operator, then
// the rest as it was read.
func (n *node) appendTo(b []byte) []byte {
	for _, in := range n.in {
		b = protowire.AppendTag(b, fNodeInput, protowire.BytesType)
		b = protowire.AppendString(b, in)
	}
	for _, out := range n.out {
		b = protowire.AppendTag(b, fNodeOutput, protowire.BytesType)
		b = protowire.AppendString(b, out)
	}
	b = protowire.AppendTag(b, fNodeOpType, protowire.BytesType)
	b = protowire.AppendString(b, n.opType)
	return append(b, n.rest...)
}

// each calls f for the nodes the graph writes, in order: each live node
// after the constants made for it.
func (g *graph) each(f func(*node)) {
	for _, n := range g.nodes {
		if n.dead {
			continue
		}
		for _, c := range n.before {
			f(c)
		}
		f(n)
	}
}

// size is the length of the graph's encoding (appendTo).
func (g *graph) size() int {
	size := len(g.other)
	g.each(func(n *node) { size += protowire.SizeTag(fGraphNode) + protowire.SizeBytes(n.size()) })
	return size
}

// appendTo appends the GraphProto: its nodes, then its other fields as
// they were read.
func (g *graph) appendTo(b []byte) []byte {
	g.each(func(n *node) {
		b = protowire.AppendTag(b, fGraphNode, protowire.BytesType)
		b = protowire.AppendVarint(b, uint64(n.size()))
		b = n.appendTo(b)
	})
	return append(b, g.other...)
}

// sole is the one node that reads name, when exactly one does and name is
// not an output of the graph.
func (g *graph) sole(name string) (*node, bool) {
	us := g.users[name]
	if len(us) != 1 || g.outputs[name] || us[0].dead {
		return nil, false
	}
	return us[0], true
}

// constOperand splits the two inputs of a binary node into the one that is
// not constant and the constant: the other input must be v when v is set.
func (g *graph) constOperand(n *node, v string) (string, *tensor, bool) {
	if len(n.in) != 2 {
		return "", nil, false
	}
	for i := range 2 {
		t, ok := g.constant(n.in[1-i])
		if ok && (v == "" || n.in[i] == v) {
			if _, both := g.constant(n.in[i]); !both {
				return n.in[i], t, true
			}
		}
	}
	return "", nil, false
}

// scalar is the value of a constant of one element.
func scalar(t *tensor) (float32, bool) {
	if t == nil || t.size() != 1 {
		return 0, false
	}
	return t.data[0], true
}

// channelwise is t as one value per channel of an NCHW tensor with c
// channels: a scalar, or a tensor shaped [c,1,1] or [1,c,1,1].
func channelwise(t *tensor, c int) ([]float32, bool) {
	if v, ok := scalar(t); ok {
		out := make([]float32, c)
		for i := range out {
			out[i] = v
		}
		return out, true
	}
	d := t.dims
	if t.size() != c || len(d) < 3 || len(d) > 4 || d[len(d)-1] != 1 || d[len(d)-2] != 1 || (len(d) == 4 && d[0] != 1) {
		return nil, false
	}
	return t.data, true
}

// convWeights are a Conv node's weight tensor and bias (zeros when it has
// none), when both are constants.
func (g *graph) convWeights(c *node) (w *tensor, bias []float32, ok bool) {
	if c.op != "Conv" || len(c.in) < 2 || len(c.out) != 1 {
		return nil, nil, false
	}
	w, ok = g.constant(c.in[1])
	if !ok || len(w.dims) < 3 || w.dims[0] <= 0 {
		return nil, nil, false
	}
	bias = make([]float32, w.dims[0])
	if len(c.in) > 2 && c.in[2] != "" {
		b, ok := g.constant(c.in[2])
		if !ok || b.size() != len(bias) {
			return nil, nil, false
		}
		copy(bias, b.data)
	}
	return w, bias, true
}

// setConvWeights gives c new weights and bias, written as constants just
// before it.
func (g *graph) setConvWeights(c *node, w *tensor, bias []float32) {
	wn := g.newConstant(c, w)
	bn := g.newConstant(c, &tensor{dims: []int64{int64(len(bias))}, data: bias})
	c.in = append([]string{c.in[0], wn, bn}, c.in[min(3, len(c.in)):]...)
}

func (g *graph) newConstant(before *node, t *tensor) string {
	g.fresh++
	name := "assay_fused_" + strconv.Itoa(g.fresh)
	g.consts[name] = t
	// The attribute {name: "value", t: the tensor, type: TENSOR},
	// written straight into the node's one buffer.
	const attrName = "value"
	ts := tensorSize(name, t)
	attr := protowire.SizeTag(fAttrName) + protowire.SizeBytes(len(attrName)) +
		protowire.SizeTag(fAttrTensor) + protowire.SizeBytes(ts) +
		protowire.SizeTag(fAttrType) + protowire.SizeVarint(attrTypeTensor)
	rest := make([]byte, 0, protowire.SizeTag(fNodeAttr)+protowire.SizeBytes(attr))
	rest = protowire.AppendTag(rest, fNodeAttr, protowire.BytesType)
	rest = protowire.AppendVarint(rest, uint64(attr))
	rest = protowire.AppendTag(rest, fAttrName, protowire.BytesType)
	rest = protowire.AppendString(rest, attrName)
	rest = protowire.AppendTag(rest, fAttrTensor, protowire.BytesType)
	rest = protowire.AppendVarint(rest, uint64(ts))
	rest = appendTensor(rest, name, t)
	rest = protowire.AppendTag(rest, fAttrType, protowire.VarintType)
	rest = protowire.AppendVarint(rest, attrTypeTensor)
	before.before = append(before.before, &node{op: "Constant", opType: "Constant", out: []string{name}, rest: rest})
	return name
}

// foldOutputAffine folds Mul and Add by constants after a Conv into the
// Conv's weights and bias: s·(W∗x + b) + t = (s·W)∗x + (s·b + t).
func (g *graph) foldOutputAffine() int {
	count := 0
	for _, c := range g.nodes {
		w, bias, ok := g.convWeights(c)
		if c.dead || !ok {
			continue
		}
		out := len(bias)
		scale, mul := g.channelStep(c.out[0], "Mul", out)
		if mul == nil {
			continue
		}
		last := mul
		shift, add := g.channelStep(mul.out[0], "Add", out)
		if add != nil {
			last = add
		}
		per := w.size() / out
		nw := &tensor{dims: w.dims, data: make([]float32, w.size())}
		for o := range out {
			for k := range per {
				nw.data[o*per+k] = scale[o] * w.data[o*per+k]
			}
			bias[o] *= scale[o]
			if add != nil {
				bias[o] += shift[o]
			}
		}
		g.setConvWeights(c, nw, bias)
		mul.dead = true
		if add != nil {
			add.dead = true
		}
		c.out = []string{last.out[0]}
		count++
	}
	return count
}

// channelStep is the sole reader of v when it is an op node whose other
// operand is a constant per channel of c channels, and that constant.
func (g *graph) channelStep(v, op string, c int) ([]float32, *node) {
	n, ok := g.sole(v)
	if !ok || n.op != op || len(n.out) != 1 {
		return nil, nil
	}
	_, t, ok := g.constOperand(n, v)
	if !ok {
		return nil, nil
	}
	vals, ok := channelwise(t, c)
	if !ok {
		return nil, nil
	}
	return vals, n
}

// foldInputAffine folds a Mul and an Add by scalar constants, read only by
// Conv nodes, into those convolutions: W∗(s·x + t) + b = (s·W)∗x +
// (b + t·ΣW) where the convolution pads nothing. Where it pads, the zeros
// it pads with are not shifted, so only the scale is folded and an Add of
// t/s stays before it.
func (g *graph) foldInputAffine() int {
	count := 0
	for _, mul := range g.nodes {
		if mul.dead || mul.op != "Mul" || len(mul.out) != 1 {
			continue
		}
		x, st, ok := g.constOperand(mul, "")
		s, sok := scalar(st)
		if !ok || !sok || s == 0 {
			continue
		}
		add, ok := g.sole(mul.out[0])
		if !ok || add.op != "Add" || len(add.out) != 1 {
			continue
		}
		_, tt, ok := g.constOperand(add, mul.out[0])
		t, tok := scalar(tt)
		convs, cok := g.convReaders(add.out[0])
		if !ok || !tok || !cok {
			continue
		}
		if g.foldInto(convs, x, s, t, mul, add) {
			count++
		}
	}
	return count
}

// convReaders are the readers of v, when all are Conv nodes that take v as
// their data and have constant weights.
func (g *graph) convReaders(v string) ([]*node, bool) {
	us := g.users[v]
	if len(us) == 0 || g.outputs[v] {
		return nil, false
	}
	for _, c := range us {
		if _, _, ok := g.convWeights(c); !ok || c.dead || c.in[0] != v || c.in[1] == v {
			return nil, false
		}
	}
	return us, true
}

// foldInto folds x·s + t (computed by mul and add) into convs.
func (g *graph) foldInto(convs []*node, x string, s, t float32, mul, add *node) bool {
	padded := false
	for _, c := range convs {
		padded = padded || pads(c)
	}
	for _, c := range convs {
		w, bias, _ := g.convWeights(c)
		per := w.size() / len(bias)
		nw := &tensor{dims: w.dims, data: make([]float32, w.size())}
		for o := range bias {
			var sum float32
			for k := range per {
				v := w.data[o*per+k]
				nw.data[o*per+k] = s * v
				sum += v
			}
			if !padded {
				bias[o] += t * sum
			}
		}
		g.setConvWeights(c, nw, bias)
	}
	mul.dead = true
	if !padded {
		add.dead = true
		for _, c := range convs {
			c.in[0] = x
		}
		return true
	}
	// Keep add as x + t/s.
	shift := g.newConstant(add, &tensor{data: []float32{t / s}})
	add.in = []string{x, shift}
	return true
}

// pads reports whether Conv c pads its input.
func pads(c *node) bool {
	if a, ok := c.attr("auto_pad"); ok {
		if s, ok := lastField(a, 4); ok && len(s) > 0 && string(s) != "NOTSET" && string(s) != "VALID" {
			return true
		}
	}
	for _, p := range c.intsAttr("pads") {
		if p != 0 {
			return true
		}
	}
	return false
}

// fuseHardSwish rewrites Div(Mul(x, Clip(Add(x, 3), 0, 6)), 6).
func (g *graph) fuseHardSwish() int {
	count := 0
	for _, add := range g.nodes {
		x, three, ok := g.hardSwishInput(add)
		if !ok || three != 3 {
			continue
		}
		clip, ok := g.sole(add.out[0])
		if !ok || clip.op != "Clip" || !g.clipsTo(clip, 0, 6) {
			continue
		}
		mul, ok := g.sole(clip.out[0])
		if !ok || mul.op != "Mul" || len(mul.in) != 2 || !(mul.in[0] == x || mul.in[1] == x) {
			continue
		}
		div, ok := g.sole(mul.out[0])
		if !ok || div.op != "Div" || len(div.in) != 2 || div.in[0] != mul.out[0] {
			continue
		}
		if six, ok := scalar(g.constantOrNil(div.in[1])); !ok || six != 6 {
			continue
		}
		g.writeHardSwish(x, add, clip, mul, div)
		count++
	}
	return count
}

func (g *graph) hardSwishInput(add *node) (string, float32, bool) {
	if add.dead || add.op != "Add" || len(add.out) != 1 {
		return "", 0, false
	}
	x, t, ok := g.constOperand(add, "")
	v, sok := scalar(t)
	return x, v, ok && sok
}

// clipsTo reports whether clip bounds its input to [lo, hi], by attributes
// (before opset 11) or constant inputs.
func (g *graph) clipsTo(clip *node, lo, hi float32) bool {
	if len(clip.out) != 1 {
		return false
	}
	if len(clip.in) == 1 {
		l, lok := clip.floatAttr("min")
		h, hok := clip.floatAttr("max")
		return lok && hok && l == lo && h == hi
	}
	if len(clip.in) != 3 {
		return false
	}
	l, lok := scalar(g.constantOrNil(clip.in[1]))
	h, hok := scalar(g.constantOrNil(clip.in[2]))
	return lok && hok && l == lo && h == hi
}

func (g *graph) writeHardSwish(x string, add, clip, mul, div *node) {
	clip.dead, div.dead = true, true
	if g.opset >= hardSwishOpset {
		add.dead = true
		mul.op, mul.opType, mul.in, mul.out, mul.rest = "HardSwish", "HardSwish", []string{x}, div.out, nil
		return
	}
	// x · HardSigmoid(x), HardSigmoid(x) = clip(x/6 + 1/2, 0, 1).
	add.op, add.opType, add.in = "HardSigmoid", "HardSigmoid", []string{x}
	add.rest = append(floatAttr("alpha", 1.0/6), floatAttr("beta", 0.5)...)
	mul.in, mul.out = []string{x, add.out[0]}, div.out
}

// floatAttr is an encoded FLOAT attribute, as a NodeProto field.
func floatAttr(name string, v float32) []byte {
	return nodeAttr(name, attrTypeFloat, func(a []byte) []byte {
		a = protowire.AppendTag(a, fAttrFloat, protowire.Fixed32Type)
		return protowire.AppendFixed32(a, math.Float32bits(v))
	})
}

// nodeAttr is a NodeProto's attribute field: an AttributeProto of the
// name, the value appendValue writes, and the type.
func nodeAttr(name string, typ uint64, appendValue func([]byte) []byte) []byte {
	a := protowire.AppendTag(nil, fAttrName, protowire.BytesType)
	a = protowire.AppendString(a, name)
	a = appendValue(a)
	a = protowire.AppendTag(a, fAttrType, protowire.VarintType)
	a = protowire.AppendVarint(a, typ)
	b := protowire.AppendTag(nil, fNodeAttr, protowire.BytesType)
	return protowire.AppendBytes(b, a)
}

// dropUnusedConstants removes Constant nodes that nothing reads any more.
func (g *graph) dropUnusedConstants() {
	read := map[string]bool{}
	for _, n := range g.nodes {
		if n.dead {
			continue
		}
		for _, in := range n.in {
			read[in] = true
		}
	}
	unread := func(n *node) bool {
		return n.op == "Constant" && len(n.out) == 1 && !read[n.out[0]] && !g.outputs[n.out[0]]
	}
	for _, n := range g.nodes {
		n.dead = n.dead || unread(n)
		n.before = slices.DeleteFunc(n.before, unread)
	}
}

// defaultOpset is the model's ai.onnx opset version (0 when not found).
func defaultOpset(model []byte) int64 {
	var v int64
	_ = forEach(model, func(num protowire.Number, typ protowire.Type, b, _ []byte) error {
		if num != fModelOpset || typ != protowire.BytesType {
			return nil
		}
		dom, _ := lastField(b, fOpsetDomain)
		if len(dom) > 0 && string(dom) != "ai.onnx" {
			return nil
		}
		_ = forEach(b, func(n protowire.Number, t protowire.Type, vb, _ []byte) error {
			if n == fOpsetVersion && t == protowire.VarintType {
				x, _ := protowire.ConsumeVarint(vb)
				v = int64(x)
			}
			return nil
		})
		return nil
	})
	return v
}

// external reports whether the TensorProto b keeps its data in another
// file.
func external(b []byte) bool {
	ext := false
	_ = forEach(b, func(num protowire.Number, typ protowire.Type, v, _ []byte) error {
		switch num {
		case fTensorExtern:
			ext = true
		case fTensorWhere:
			if x, _ := protowire.ConsumeVarint(v); x != 0 {
				ext = true
			}
		}
		return nil
	})
	return ext
}

func readTensor(b []byte) (*tensor, error) {
	t := &tensor{}
	elem := int64(-1)
	var raw []byte
	err := forEach(b, func(num protowire.Number, typ protowire.Type, v, _ []byte) error {
		switch num {
		case fTensorDims:
			for _, d := range varints(typ, v) {
				t.dims = append(t.dims, d)
			}
		case fTensorType:
			x, _ := protowire.ConsumeVarint(v)
			elem = int64(x)
		case fTensorFloats:
			t.data = append(t.data, fixed32s(typ, v)...)
		case fTensorRaw:
			raw = v
		case fTensorExtern:
			return errExternal
		case fTensorWhere:
			if x, _ := protowire.ConsumeVarint(v); x != 0 {
				return errExternal
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if elem != elemFloat {
		return nil, errNotFloat
	}
	if raw != nil {
		if len(raw)%4 != 0 {
			return nil, errNotFloat
		}
		t.data = make([]float32, len(raw)/4)
		for i := range t.data {
			t.data[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
		}
	}
	n := 1
	for _, d := range t.dims {
		n *= int(d)
	}
	if n != len(t.data) {
		return nil, errNotFloat
	}
	return t, nil
}

// appendTensor appends t, named name, as a TensorProto of raw float
// data: tensorSize bytes.
func appendTensor(b []byte, name string, t *tensor) []byte {
	for _, d := range t.dims {
		b = protowire.AppendTag(b, fTensorDims, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(d))
	}
	b = protowire.AppendTag(b, fTensorType, protowire.VarintType)
	b = protowire.AppendVarint(b, elemFloat)
	b = protowire.AppendTag(b, fTensorName, protowire.BytesType)
	b = protowire.AppendString(b, name)
	b = protowire.AppendTag(b, fTensorRaw, protowire.BytesType)
	b = protowire.AppendVarint(b, uint64(4*len(t.data)))
	for _, v := range t.data {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
	}
	return b
}

// tensorSize is the length of appendTensor's TensorProto.
func tensorSize(name string, t *tensor) int {
	n := protowire.SizeTag(fTensorType) + protowire.SizeVarint(elemFloat) +
		protowire.SizeTag(fTensorName) + protowire.SizeBytes(len(name)) +
		protowire.SizeTag(fTensorRaw) + protowire.SizeBytes(4*len(t.data))
	for _, d := range t.dims {
		n += protowire.SizeTag(fTensorDims) + protowire.SizeVarint(uint64(d))
	}
	return n
}
