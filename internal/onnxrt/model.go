package onnxrt

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"

	"google.golang.org/protobuf/encoding/protowire"
)

var errNoNames = errors.New("onnxrt: onnx graph inputs and outputs not found")

// Names reads the names of an ONNX model's graph inputs (those that are
// not weights) and outputs from its bytes (a ModelProto), without
// onnxruntime: asking onnxruntime opens a whole session to tell them.
func Names(model []byte) (ins, outs []string, err error) {
	graph, ok := lastField(model, fModelGraph)
	if !ok {
		return nil, nil, errNoNames
	}
	var weights []string
	err = forEach(graph, func(num protowire.Number, typ protowire.Type, v, _ []byte) error {
		if typ != protowire.BytesType {
			return nil
		}
		switch num {
		case fGraphInit:
			if n, ok := lastField(v, fTensorName); ok {
				weights = append(weights, string(n))
			}
		case fGraphInput:
			if n, ok := lastField(v, fValueInfoName); ok {
				ins = append(ins, string(n))
			}
		case fGraphOutput:
			if n, ok := lastField(v, fValueInfoName); ok {
				outs = append(outs, string(n))
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, errNoNames
	}
	ins = slices.DeleteFunc(ins, func(n string) bool { return slices.Contains(weights, n) })
	if len(ins) == 0 || len(outs) == 0 {
		return nil, nil, errNoNames
	}
	return ins, outs, nil
}

// varints are the values of a repeated integer field, packed or not; v is
// the field's value as forEach gives it.
func varints(typ protowire.Type, v []byte) []int64 {
	var out []int64
	for len(v) > 0 {
		x, n := protowire.ConsumeVarint(v)
		if n < 0 {
			return out
		}
		out = append(out, int64(x))
		v = v[n:]
		if typ == protowire.VarintType {
			break
		}
	}
	return out
}

// fixed32s are the floats of a repeated float field, packed or not.
func fixed32s(typ protowire.Type, v []byte) []float32 {
	var out []float32
	for len(v) >= 4 {
		out = append(out, math.Float32frombits(binary.LittleEndian.Uint32(v)))
		v = v[4:]
		if typ == protowire.Fixed32Type {
			break
		}
	}
	return out
}

// forEach calls f with each field of message b: its number, wire type, the
// value's bytes (a length-delimited field's content, otherwise the
// encoded value) and the whole field as encoded.
func forEach(b []byte, f func(num protowire.Number, typ protowire.Type, v, whole []byte) error) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return protowire.ParseError(n)
		}
		var v []byte
		var m int
		if typ == protowire.BytesType {
			v, m = protowire.ConsumeBytes(b[n:])
		} else {
			m = protowire.ConsumeFieldValue(num, typ, b[n:])
			if m >= 0 {
				v = b[n : n+m]
			}
		}
		if m < 0 {
			return protowire.ParseError(m)
		}
		if err := f(num, typ, v, b[:n+m]); err != nil {
			return err
		}
		b = b[n+m:]
	}
	return nil
}

// lastField is the value of the last length-delimited field num of b.
func lastField(b []byte, num protowire.Number) ([]byte, bool) {
	var out []byte
	found := false
	err := forEach(b, func(n protowire.Number, typ protowire.Type, v, _ []byte) error {
		if n == num && typ == protowire.BytesType {
			out, found = v, true
		}
		return nil
	})
	return out, found && err == nil
}

// replaceField writes b with every length-delimited field num replaced by
// one field of size bytes, which write appends, in the place of the
// first; the result is allocated once.
func replaceField(b []byte, num protowire.Number, size int, write func([]byte) []byte) []byte {
	room := len(b) + protowire.SizeTag(num) + protowire.SizeBytes(size)
	if old, ok := lastField(b, num); ok {
		room -= protowire.SizeTag(num) + protowire.SizeBytes(len(old))
	}
	out := make([]byte, 0, room)
	done := false
	_ = forEach(b, func(n protowire.Number, typ protowire.Type, _, whole []byte) error {
		if n != num || typ != protowire.BytesType {
			out = append(out, whole...)
			return nil
		}
		if !done {
			out = protowire.AppendTag(out, num, protowire.BytesType)
			out = protowire.AppendVarint(out, uint64(size))
			out = write(out)
			done = true
		}
		return nil
	})
	return out
}
