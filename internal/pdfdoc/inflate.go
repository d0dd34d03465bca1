package pdfdoc

import (
	"bytes"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/zlib"
)

// inflaters keeps zlib and flate decompressors for reuse: building one
// allocates its tables, which costs more than inflating a small stream.
var inflaters sync.Pool

type inflater struct {
	src  bytes.Reader
	zlib io.ReadCloser // nil until the first zlib stream
	raw  io.ReadCloser // nil until the first raw deflate stream
	// out is where streams inflate before they are copied out at their
	// size: a buffer that grew to fit one stream serves the next, and
	// the caller's copy is the only allocation of the result.
	out bytes.Buffer
}

// maxKeptInflate bounds the buffer an inflater keeps between streams: a
// page's content is tens or hundreds of kilobytes, and a rare stream of
// many megabytes should not stay in the pool.
const maxKeptInflate = 4 << 20

// inflateLimited inflates zlib (or raw deflate) data up to limit bytes.
// On a corruption it returns what was inflated before it, with the error.
func inflateLimited(b []byte, limit int64) ([]byte, error) {
	in, _ := inflaters.Get().(*inflater)
	if in == nil {
		in = &inflater{}
	}
	defer func() {
		in.src.Reset(nil)
		inflaters.Put(in)
	}()
	in.src.Reset(b)
	var r io.Reader
	var zerr error
	if in.zlib == nil {
		in.zlib, zerr = zlib.NewReader(&in.src)
	} else {
		zerr = in.zlib.(zlib.Resetter).Reset(&in.src, nil)
	}
	if zerr == nil {
		r = in.zlib
	} else {
		in.zlib = nil // a failed Reset leaves it unusable
		in.src.Reset(b)
		if in.raw == nil {
			in.raw = flate.NewReader(&in.src)
		} else {
			_ = in.raw.(flate.Resetter).Reset(&in.src, nil)
		}
		r = in.raw
	}
	out := &in.out
	out.Reset()
	out.Grow(int(min(limit+1, int64(4*len(b)+512))))
	n, err := io.Copy(out, io.LimitReader(r, limit+1))
	if n > limit {
		in.drop()
		return nil, ErrStreamTooLarge
	}
	res := bytes.Clone(out.Bytes())
	in.drop()
	return res, err
}

// drop lets go of a buffer grown past maxKeptInflate.
func (in *inflater) drop() {
	if in.out.Cap() > maxKeptInflate {
		in.out = bytes.Buffer{}
	}
}
