package wire

import (
	"fmt"
	"math/bits"
	"sync"

	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/protoadapt"
)

// codec is the protobuf codec of the host's and the engines' connections
// (DialOptions, ServerOptions). It encodes as gRPC's own codec does, but
// takes its buffers from messageBuffers instead of gRPC's default pool.
// That pool has no size between 32 KiB and 1 MiB, and it zeroes a buffer
// whole before handing it out: a page of a dense paper is a 40 KB
// message, so each was marshalled into, and read back from, a megabyte
// cleared for it (1.5% of the CPU of a run over 20 papers, host and
// engine together).
type codec struct{}

var _ encoding.CodecV2 = codec{}

// Name is the content subtype; "proto" is what gRPC's codec is called,
// so either side may run the other's codec.
func (codec) Name() string { return "proto" }

// Marshal encodes v into one buffer of its exact size.
func (codec) Marshal(v any) (mem.BufferSlice, error) {
	m := messageOf(v)
	if m == nil {
		return nil, fmt.Errorf("wire: cannot marshal %T: not a protobuf message", v)
	}
	size := proto.Size(m)
	// UseCachedSize: Size has just measured m, and nothing changes it
	// while it is sent.
	opts := proto.MarshalOptions{UseCachedSize: true}
	if mem.IsBelowBufferPoolingThreshold(size) {
		b, err := opts.Marshal(m)
		if err != nil {
			return nil, err
		}
		return mem.BufferSlice{mem.SliceBuffer(b)}, nil
	}
	buf := messageBuffers.Get(size)
	if _, err := opts.MarshalAppend((*buf)[:0], m); err != nil {
		messageBuffers.Put(buf)
		return nil, err
	}
	return mem.BufferSlice{mem.NewBuffer(buf, messageBuffers)}, nil
}

// Unmarshal decodes data into v. proto.Unmarshal copies what it keeps, so
// the buffer goes back to the pool at once.
func (codec) Unmarshal(data mem.BufferSlice, v any) error {
	m := messageOf(v)
	if m == nil {
		return fmt.Errorf("wire: cannot unmarshal into %T: not a protobuf message", v)
	}
	buf := data.MaterializeToBuffer(messageBuffers)
	defer buf.Free()
	return proto.Unmarshal(buf.ReadOnlyData(), m)
}

// messageOf is v as a protobuf message of the current API, or nil.
func messageOf(v any) proto.Message {
	switch v := v.(type) {
	case protoadapt.MessageV2:
		return v
	case protoadapt.MessageV1:
		return protoadapt.MessageV2Of(v)
	}
	return nil
}

// Buffer sizes are powers of two from 1<<minBufferShift to
// 1<<maxBufferShift: twice a message's size at most, and so never more
// than twice the bytes written. Larger messages (up to MaxMessageSize)
// get buffers of their own.
const (
	minBufferShift = 10
	maxBufferShift = 24
)

// messageBuffers recycles the codec's buffers.
var messageBuffers = new(bufferPool)

// bufferPool is a mem.BufferPool of power-of-two buffers that does not
// clear them: the codec reads no byte of a buffer that it did not write
// (MarshalAppend fills the message's size, MaterializeToBuffer copies
// the message in).
type bufferPool struct {
	tiers [maxBufferShift - minBufferShift + 1]sync.Pool
}

var _ mem.BufferPool = (*bufferPool)(nil)

// Get is a buffer of length n, with a capacity of the smallest tier that
// holds n.
func (p *bufferPool) Get(n int) *[]byte {
	shift := max(bits.Len(uint(max(n, 1)-1)), minBufferShift)
	if shift > maxBufferShift {
		b := make([]byte, n)
		return &b
	}
	if b, ok := p.tiers[shift-minBufferShift].Get().(*[]byte); ok {
		*b = (*b)[:n]
		return b
	}
	b := make([]byte, n, 1<<shift)
	return &b
}

// Put keeps b for reuse if its capacity is one of the tiers'.
func (p *bufferPool) Put(b *[]byte) {
	c := cap(*b)
	shift := bits.Len(uint(c)) - 1
	if c == 0 || c != 1<<shift || shift < minBufferShift || shift > maxBufferShift {
		return
	}
	p.tiers[shift-minBufferShift].Put(b)
}
