package onnxtest

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/assay-pdf/assay/internal/onnxrt"
)

// Elem is an ONNX tensor element type (TensorProto.DataType).
type Elem int32

// The element types tests need.
const (
	Float Elem = 1
	Int32 Elem = 6
	Int64 Elem = 7
)

// IRVersion is the ONNX IR version written.
const IRVersion = 8

// Opset is the default ai.onnx opset written.
const Opset = 13

// Field numbers from onnx.proto.
const (
	modelIRVersion = 1
	modelGraph     = 7
	modelOpset     = 8
	modelMeta      = 14
	opsetVersion   = 2
	entryKey       = 1
	entryValue     = 2

	graphNode    = 1
	graphName    = 2
	graphInit    = 5
	graphInput   = 11
	graphOutput  = 12
	nodeInput    = 1
	nodeOutput   = 2
	nodeOpType   = 4
	nodeAttr     = 5
	tensorDims   = 1
	tensorType   = 2
	tensorName   = 8
	tensorRaw    = 9
	valueName    = 1
	valueType    = 2
	typeTensor   = 1
	ttElem       = 1
	ttShape      = 2
	shapeDim     = 1
	dimValue     = 1
	dimParam     = 2
	attrName     = 1
	attrInt      = 3
	attrInts     = 8
	attrType     = 20
	attrTypeInt  = 2
	attrTypeInts = 7
)

// Attr is an encoded AttributeProto.
type Attr []byte

// Int is an INT attribute.
func Int(name string, v int64) Attr {
	b := protowire.AppendTag(nil, attrName, protowire.BytesType)
	b = protowire.AppendString(b, name)
	b = protowire.AppendTag(b, attrInt, protowire.VarintType)
	b = protowire.AppendVarint(b, uint64(v))
	b = protowire.AppendTag(b, attrType, protowire.VarintType)
	return protowire.AppendVarint(b, attrTypeInt)
}

// Ints is an INTS attribute.
func Ints(name string, vs ...int64) Attr {
	b := protowire.AppendTag(nil, attrName, protowire.BytesType)
	b = protowire.AppendString(b, name)
	for _, v := range vs {
		b = protowire.AppendTag(b, attrInts, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(v))
	}
	b = protowire.AppendTag(b, attrType, protowire.VarintType)
	return protowire.AppendVarint(b, attrTypeInts)
}

// Graph is a model under construction.
type Graph struct {
	name                          string
	nodes, inits, inputs, outputs [][]byte
	meta                          [][2]string
	opset                         int64
}

// New starts a graph of opset Opset.
func New(name string) *Graph { return &Graph{name: name, opset: Opset} }

// SetOpset changes the ai.onnx opset written.
func (g *Graph) SetOpset(v int64) { g.opset = v }

// Meta adds a metadata property.
func (g *Graph) Meta(key, value string) { g.meta = append(g.meta, [2]string{key, value}) }

// Input declares a graph input; a negative dimension is symbolic, none at
// all leaves the shape unknown.
func (g *Graph) Input(name string, elem Elem, dims ...int64) {
	g.inputs = append(g.inputs, valueInfo(name, elem, dims))
}

// Output declares a graph output, like Input.
func (g *Graph) Output(name string, elem Elem, dims ...int64) {
	g.outputs = append(g.outputs, valueInfo(name, elem, dims))
}

// Node adds an operator node.
func (g *Graph) Node(op string, ins, outs []string, attrs ...Attr) {
	var b []byte
	for _, in := range ins {
		b = protowire.AppendTag(b, nodeInput, protowire.BytesType)
		b = protowire.AppendString(b, in)
	}
	for _, out := range outs {
		b = protowire.AppendTag(b, nodeOutput, protowire.BytesType)
		b = protowire.AppendString(b, out)
	}
	b = protowire.AppendTag(b, nodeOpType, protowire.BytesType)
	b = protowire.AppendString(b, op)
	for _, a := range attrs {
		b = protowire.AppendTag(b, nodeAttr, protowire.BytesType)
		b = protowire.AppendBytes(b, a)
	}
	g.nodes = append(g.nodes, b)
}

// Floats adds a float initializer.
func (g *Graph) Floats(name string, dims []int64, data ...float32) {
	raw := make([]byte, 0, 4*len(data))
	for _, v := range data {
		raw = binary.LittleEndian.AppendUint32(raw, math.Float32bits(v))
	}
	g.inits = append(g.inits, initializer(name, Float, dims, raw))
}

// Int64s adds an int64 initializer.
func (g *Graph) Int64s(name string, dims []int64, data ...int64) {
	raw := make([]byte, 0, 8*len(data))
	for _, v := range data {
		raw = binary.LittleEndian.AppendUint64(raw, uint64(v))
	}
	g.inits = append(g.inits, initializer(name, Int64, dims, raw))
}

// Int32s adds an int32 initializer.
func (g *Graph) Int32s(name string, dims []int64, data ...int32) {
	raw := make([]byte, 0, 4*len(data))
	for _, v := range data {
		raw = binary.LittleEndian.AppendUint32(raw, uint32(v))
	}
	g.inits = append(g.inits, initializer(name, Int32, dims, raw))
}

func initializer(name string, elem Elem, dims []int64, raw []byte) []byte {
	var b []byte
	for _, d := range dims {
		b = protowire.AppendTag(b, tensorDims, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(d))
	}
	b = protowire.AppendTag(b, tensorType, protowire.VarintType)
	b = protowire.AppendVarint(b, uint64(elem))
	b = protowire.AppendTag(b, tensorName, protowire.BytesType)
	b = protowire.AppendString(b, name)
	b = protowire.AppendTag(b, tensorRaw, protowire.BytesType)
	return protowire.AppendBytes(b, raw)
}

func valueInfo(name string, elem Elem, dims []int64) []byte {
	tt := protowire.AppendTag(nil, ttElem, protowire.VarintType)
	tt = protowire.AppendVarint(tt, uint64(elem))
	if dims != nil {
		var shape []byte
		for i, d := range dims {
			var dim []byte
			if d >= 0 {
				dim = protowire.AppendTag(dim, dimValue, protowire.VarintType)
				dim = protowire.AppendVarint(dim, uint64(d))
			} else {
				dim = protowire.AppendTag(dim, dimParam, protowire.BytesType)
				dim = protowire.AppendString(dim, name+"_d"+strconv.Itoa(i))
			}
			shape = protowire.AppendTag(shape, shapeDim, protowire.BytesType)
			shape = protowire.AppendBytes(shape, dim)
		}
		tt = protowire.AppendTag(tt, ttShape, protowire.BytesType)
		tt = protowire.AppendBytes(tt, shape)
	}
	typ := protowire.AppendTag(nil, typeTensor, protowire.BytesType)
	typ = protowire.AppendBytes(typ, tt)
	b := protowire.AppendTag(nil, valueName, protowire.BytesType)
	b = protowire.AppendString(b, name)
	b = protowire.AppendTag(b, valueType, protowire.BytesType)
	return protowire.AppendBytes(b, typ)
}

// Bytes encodes the model.
func (g *Graph) Bytes() []byte {
	gb := protowire.AppendTag(nil, graphName, protowire.BytesType)
	gb = protowire.AppendString(gb, g.name)
	for _, part := range []struct {
		num   protowire.Number
		items [][]byte
	}{{graphNode, g.nodes}, {graphInit, g.inits}, {graphInput, g.inputs}, {graphOutput, g.outputs}} {
		for _, it := range part.items {
			gb = protowire.AppendTag(gb, part.num, protowire.BytesType)
			gb = protowire.AppendBytes(gb, it)
		}
	}
	m := protowire.AppendTag(nil, modelIRVersion, protowire.VarintType)
	m = protowire.AppendVarint(m, IRVersion)
	op := protowire.AppendTag(nil, opsetVersion, protowire.VarintType)
	op = protowire.AppendVarint(op, uint64(g.opset))
	m = protowire.AppendTag(m, modelOpset, protowire.BytesType)
	m = protowire.AppendBytes(m, op)
	m = protowire.AppendTag(m, modelGraph, protowire.BytesType)
	m = protowire.AppendBytes(m, gb)
	for _, kv := range g.meta {
		e := protowire.AppendTag(nil, entryKey, protowire.BytesType)
		e = protowire.AppendString(e, kv[0])
		e = protowire.AppendTag(e, entryValue, protowire.BytesType)
		e = protowire.AppendString(e, kv[1])
		m = protowire.AppendTag(m, modelMeta, protowire.BytesType)
		m = protowire.AppendBytes(m, e)
	}
	return m
}

// Write saves the model as dir/file and returns its path.
func (g *Graph) Write(t testing.TB, dir, file string) string {
	t.Helper()
	path := filepath.Join(dir, file)
	if err := os.WriteFile(path, g.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// LibPath is where the runtime library should be for tests:
// $ASSAY_MODELS_DIR/onnxruntime/libonnxruntime.so.1, else models/onnxruntime
// under the module root found by walking up from the working directory.
func LibPath() string {
	if d := os.Getenv(onnxrt.EnvModelsDir); d != "" {
		return onnxrt.LibPath(d)
	}
	dir, err := os.Getwd()
	for err == nil {
		if _, statErr := os.Stat(filepath.Join(dir, "go.mod")); statErr == nil {
			return onnxrt.LibPath(filepath.Join(dir, "models"))
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return onnxrt.LibPath("")
}

// Runtime loads the runtime for a test and returns its path; it skips the
// test when the library is not installed.
func Runtime(t testing.TB) string {
	t.Helper()
	if !onnxrt.Available() {
		t.Skip("onnxruntime needs cgo, and this test binary was built without it")
	}
	lib := LibPath()
	if _, err := os.Stat(lib); err != nil {
		t.Skipf("onnxruntime not installed at %s (run make deps): %v", lib, err)
	}
	if err := onnxrt.Load(lib); err != nil {
		t.Fatalf("load onnxruntime: %v", err)
	}
	return lib
}
