package wire

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire/enginev1"
)

// bigPage is a page of n words, each with its own text, so that messages
// of every size from a few bytes to megabytes can be built.
func bigPage(n int) core.PageResult {
	r := okPage(1)
	words := make([]core.Word, n)
	for i := range words {
		f := float64(i)
		words[i] = core.Word{Text: fmt.Sprintf("word%d", i), BBox: core.BBox{X0: f, Y0: f, X1: f + 1, Y1: f + 2}}
	}
	r.Page.Blocks[0].Lines[0].Words = words
	return r
}

// TestCodecRoundTrip marshals and unmarshals messages on both sides of
// every buffer tier, below the pooling threshold and above the largest
// tier, and compares them with what proto itself makes of them.
func TestCodecRoundTrip(t *testing.T) {
	t.Parallel()
	const aboveTiers = 500_000 // words: a message larger than the largest tier
	for _, words := range []int{0, 40, 200, 2_000, 20_000, 200_000, aboveTiers} {
		t.Run(fmt.Sprint(words), func(t *testing.T) {
			t.Parallel()
			m := &enginev1.ExtractResponse{Event: &enginev1.ExtractResponse_Page{Page: PageResultToProto(bigPage(words), PackedWords)}}
			data, err := codec{}.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			want, err := proto.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			if words == aboveTiers && len(want) <= 1<<maxBufferShift {
				t.Fatalf("%d words make %d bytes, not more than the largest tier", words, len(want))
			}
			if got := data.Materialize(); string(got) != string(want) {
				t.Fatalf("%d words: the codec's bytes (%d) differ from proto's (%d)", words, len(got), len(want))
			}
			var back enginev1.ExtractResponse
			if err := (codec{}).Unmarshal(data, &back); err != nil {
				t.Fatal(err)
			}
			data.Free()
			if !proto.Equal(m, &back) {
				t.Fatalf("%d words: the message read back differs", words)
			}
		})
	}
}

// TestCodecReusesDirtyBuffers: a buffer that held a longer message is
// handed out again uncleared, and a shorter message read through it still
// comes back whole (the codec reads only the bytes it wrote).
func TestCodecReusesDirtyBuffers(t *testing.T) {
	t.Parallel()
	pool := new(bufferPool)
	b := pool.Get(3000)
	copy(*b, strings.Repeat("x", 3000))
	pool.Put(b)
	again := pool.Get(2500)
	if cap(*again) != 4096 || len(*again) != 2500 {
		t.Fatalf("Get(2500): len %d cap %d, want 2500 and the 4 KiB tier", len(*again), cap(*again))
	}

	long := &enginev1.ExtractResponse{Event: &enginev1.ExtractResponse_Page{Page: PageResultToProto(bigPage(3000), PackedWords)}}
	short := &enginev1.ExtractResponse{Event: &enginev1.ExtractResponse_Page{Page: PageResultToProto(bigPage(2500), PackedWords)}}
	for range 3 {
		for _, m := range []*enginev1.ExtractResponse{long, short} {
			data, err := codec{}.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			var back enginev1.ExtractResponse
			err = codec{}.Unmarshal(data, &back)
			data.Free()
			if err != nil || !proto.Equal(m, &back) {
				t.Fatalf("read back after reuse: %v", err)
			}
		}
	}
}

// TestBufferPoolTiers: every buffer's capacity is the smallest power of
// two that holds it (1 KiB at least), so it is never more than twice the
// message; above the largest tier it is exactly the message, and only
// tier-sized buffers are kept.
func TestBufferPoolTiers(t *testing.T) {
	t.Parallel()
	pool := new(bufferPool)
	for _, n := range []int{0, 1, 1023, 1024, 1025, 40_000, 1 << 20, 1<<20 + 1, 1 << maxBufferShift, 1<<maxBufferShift + 1} {
		b := pool.Get(n)
		want := max(1<<minBufferShift, 1)
		for want < n {
			want *= 2
		}
		if n > 1<<maxBufferShift {
			want = n
		}
		if len(*b) != n || cap(*b) != want {
			t.Errorf("Get(%d): len %d cap %d, want cap %d", n, len(*b), cap(*b), want)
		}
		pool.Put(b)
	}
	odd := make([]byte, 3000)
	pool.Put(&odd) // not a tier's size: dropped
	if b := pool.Get(3000); cap(*b) != 4096 {
		t.Errorf("a buffer of capacity 3000 was kept and handed out: cap %d", cap(*b))
	}
	var _ mem.BufferPool = pool
}

// TestCodecRefusesNonMessages: values that are not protobuf messages are
// an error on both sides, not a panic.
func TestCodecRefusesNonMessages(t *testing.T) {
	t.Parallel()
	if _, err := (codec{}).Marshal("text"); err == nil {
		t.Error("Marshal of a string: no error")
	}
	if err := (codec{}).Unmarshal(mem.BufferSlice{mem.SliceBuffer([]byte{1})}, new(int)); err == nil {
		t.Error("Unmarshal into an int: no error")
	}
}

// TestCodecCarriesLargePages streams pages larger than gRPC's own pool
// tiers through a served engine and reads them back whole.
func TestCodecCarriesLargePages(t *testing.T) {
	t.Parallel()
	sizes := map[int]int{1: 10, 2: 3_000, 3: 60_000}
	c, _ := serve(t, &scripted{page: func(_ context.Context, n int) (core.PageResult, error) {
		r := bigPage(sizes[n])
		r.Page.Number = n
		return r, nil
	}})
	got := 0
	for r, err := range c.Extract(t.Context(), &core.Request{Pages: []int{1, 2, 3}}) {
		if err != nil {
			t.Fatal(err)
		}
		words := r.Page.Blocks[0].Lines[0].Words
		if len(words) != sizes[r.Page.Number] || words[len(words)-1].Text != fmt.Sprintf("word%d", len(words)-1) {
			t.Fatalf("page %d: %d words back, want %d", r.Page.Number, len(words), sizes[r.Page.Number])
		}
		got++
	}
	if got != 3 {
		t.Fatalf("%d pages back, want 3", got)
	}
}
