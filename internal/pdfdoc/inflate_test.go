package pdfdoc

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"errors"
	"testing"
)

func deflate(t *testing.T, b []byte) []byte {
	t.Helper()
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return z.Bytes()
}

// Each inflated stream is the caller's own: the buffer it was inflated
// into serves the next stream, and a later stream must not change an
// earlier result.
func TestInflateLimited(t *testing.T) {
	t.Parallel()
	small := bytes.Repeat([]byte("BT /F1 12 Tf (Hello) Tj ET\n"), 100)
	large := bytes.Repeat([]byte("0 0 m 10 10 l S\n"), (maxKeptInflate/16)+1000) // grows past what is kept
	var got [][]byte
	for _, in := range [][]byte{small, large, small, []byte("q Q")} {
		out, err := inflateLimited(deflate(t, in), 64<<20)
		if err != nil || !bytes.Equal(out, in) {
			t.Fatalf("inflate %d bytes: %d bytes, %v", len(in), len(out), err)
		}
		got = append(got, out)
	}
	if !bytes.Equal(got[0], small) || !bytes.Equal(got[1], large) || !bytes.Equal(got[2], small) {
		t.Error("a later stream changed an earlier result")
	}
	if _, err := inflateLimited(deflate(t, large), 1<<10); !errors.Is(err, ErrStreamTooLarge) {
		t.Errorf("past the limit: %v", err)
	}
	broken := deflate(t, small)
	broken = broken[:len(broken)/2]
	if out, err := inflateLimited(broken, 64<<20); err == nil || !bytes.HasPrefix(small, out) {
		t.Errorf("cut stream: %d bytes, %v; want a prefix and an error", len(out), err)
	}
}

// A zlib stream whose Adler-32 checksum is wrong or missing still
// inflates whole and without an error: PDF writers get it wrong, and the
// deflate data carries its own checks. Raw deflate data, with no zlib
// header, inflates too.
func TestInflateIgnoresTheChecksum(t *testing.T) {
	t.Parallel()
	text := bytes.Repeat([]byte("BT /F1 12 Tf (checksum) Tj ET\n"), 50)
	z := deflate(t, text)
	wrong := bytes.Clone(z)
	wrong[len(wrong)-1] ^= 0xff
	var raw bytes.Buffer
	fw, err := flate.NewWriter(&raw, flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(text)
	fw.Close()
	for name, in := range map[string][]byte{
		"wrong checksum":   wrong,
		"missing checksum": z[:len(z)-4],
		"raw deflate":      raw.Bytes(),
	} {
		out, err := inflateLimited(in, 64<<20)
		if err != nil || !bytes.Equal(out, text) {
			t.Errorf("%s: %d of %d bytes, %v", name, len(out), len(text), err)
		}
	}
}

func TestZlibHeader(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		b    []byte
		want bool
	}{
		{[]byte{0x78, 0x9c}, true},  // default compression
		{[]byte{0x78, 0x01}, true},  // no compression
		{[]byte{0x78, 0xda}, true},  // best compression
		{[]byte{0x48, 0x0d}, true},  // a 16 KiB window
		{[]byte{0x78, 0x9d}, false}, // check bits wrong
		{[]byte{0x78, 0xbb}, false}, // a preset dictionary (0x78bb is a multiple of 31)
		{[]byte{0x88, 0x98}, false}, // a window past 32 KiB
		{[]byte{0x79, 0x18}, false}, // not deflate (the bits check)
		{[]byte{0x78}, false},
		{nil, false},
	} {
		if got := zlibHeader(c.b); got != c.want {
			t.Errorf("zlibHeader(% x) = %v, want %v", c.b, got, c.want)
		}
	}
}

// FuzzInflate: any bytes inflate without a panic and within the limit,
// and a zlib stream of any data inflates to that data.
func FuzzInflate(f *testing.F) {
	f.Add([]byte("BT (Hello) Tj ET"), []byte{0x78, 0x9c, 0x03, 0x00})
	f.Add([]byte{}, []byte{0x78, 0x01, 0x01, 0x00, 0x00, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data, raw []byte) {
		const limit = 1 << 20
		if out, err := inflateLimited(raw, limit); len(out) > limit {
			t.Fatalf("%d bytes past the limit of %d (%v)", len(out), limit, err)
		}
		var z bytes.Buffer
		w := zlib.NewWriter(&z)
		w.Write(data)
		w.Close()
		if out, err := inflateLimited(z.Bytes(), limit); err != nil || !bytes.Equal(out, data) {
			t.Fatalf("a zlib stream of %d bytes inflated to %d bytes, %v", len(data), len(out), err)
		}
	})
}
