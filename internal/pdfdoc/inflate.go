package pdfdoc

import (
	"bytes"
	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/zlib"
	"io"
	"sync"
)

// inflaters keeps zlib and flate decompressors for reuse: building one
// allocates its tables, which costs more than inflating a small stream.
var inflaters sync.Pool

type inflater struct {
	src  bytes.Reader
	zlib io.ReadCloser // nil until the first zlib stream
	raw  io.ReadCloser // nil until the first raw deflate stream
}

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
	var out bytes.Buffer
	out.Grow(int(min(limit+1, int64(4*len(b)+512))))
	n, err := io.Copy(&out, io.LimitReader(r, limit+1))
	if n > limit {
		return nil, ErrStreamTooLarge
	}
	if err != nil {
		return out.Bytes(), err
	}
	return out.Bytes(), nil
}
