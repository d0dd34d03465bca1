package ocr

import (
	"errors"
	"os"
	"slices"

	"google.golang.org/protobuf/encoding/protowire"
)

// Field numbers of the ONNX protobuf messages read by onnxNames (onnx.proto).
const (
	modelGraph       = 7  // ModelProto.graph
	graphInitializer = 5  // GraphProto.initializer
	graphInput       = 11 // GraphProto.input
	graphOutput      = 12 // GraphProto.output
	valueInfoName    = 1  // ValueInfoProto.name
	tensorName       = 8  // TensorProto.name
)

var errONNXNames = errors.New("ocr: onnx graph inputs and outputs not found")

// onnxNames reads the names of an ONNX model's graph inputs (those that
// are not weights) and outputs from the file's protobuf, without
// onnxruntime: asking onnxruntime opens a whole session to tell them.
func onnxNames(path string) (ins, outs []string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	graph, ok := field(data, modelGraph)
	if !ok {
		return nil, nil, errONNXNames
	}
	var weights []string
	err = eachField(graph, func(num protowire.Number, v []byte) {
		switch num {
		case graphInitializer:
			if n, ok := field(v, tensorName); ok {
				weights = append(weights, string(n))
			}
		case graphInput:
			if n, ok := field(v, valueInfoName); ok {
				ins = append(ins, string(n))
			}
		case graphOutput:
			if n, ok := field(v, valueInfoName); ok {
				outs = append(outs, string(n))
			}
		}
	})
	if err != nil {
		return nil, nil, err
	}
	ins = slices.DeleteFunc(ins, func(n string) bool { return slices.Contains(weights, n) })
	if len(ins) == 0 || len(outs) == 0 {
		return nil, nil, errONNXNames
	}
	return ins, outs, nil
}

// field is the last value of the length-delimited field num of message b.
func field(b []byte, num protowire.Number) ([]byte, bool) {
	var out []byte
	found := false
	err := eachField(b, func(n protowire.Number, v []byte) {
		if n == num {
			out, found = v, true
		}
	})
	return out, found && err == nil
}

// eachField calls f with each length-delimited field of message b, and
// skips the others.
func eachField(b []byte, f func(protowire.Number, []byte)) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return protowire.ParseError(n)
		}
		b = b[n:]
		if typ == protowire.BytesType {
			v, m := protowire.ConsumeBytes(b)
			if m < 0 {
				return protowire.ParseError(m)
			}
			f(num, v)
			b = b[m:]
			continue
		}
		m := protowire.ConsumeFieldValue(num, typ, b)
		if m < 0 {
			return protowire.ParseError(m)
		}
		b = b[m:]
	}
	return nil
}
