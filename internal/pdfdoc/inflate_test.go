package pdfdoc

import (
	"bytes"
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
