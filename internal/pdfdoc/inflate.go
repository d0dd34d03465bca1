package pdfdoc

import (
	"bytes"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// inflaters keeps flate decompressors for reuse: building one allocates
// its tables, which costs more than inflating a small stream.
var inflaters sync.Pool

type inflater struct {
	src bytes.Reader
	raw io.ReadCloser // nil until the first stream
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
//
// The Adler-32 checksum that ends a zlib stream is not checked, and PDF
// readers do not reject a stream for it: one whose checksum a writer got
// wrong, or left out, still inflates whole, and the deflate data has its
// own checks (codes that do not decode, distances out of the window).
// Without the check, 110 KB of content inflates in 0.30 ms, not 0.36.
func inflateLimited(b []byte, limit int64) ([]byte, error) {
	in, _ := inflaters.Get().(*inflater)
	if in == nil {
		in = &inflater{}
	}
	defer func() {
		in.src.Reset(nil)
		inflaters.Put(in)
	}()
	if zlibHeader(b) {
		b = b[zlibHeaderSize:]
	}
	in.src.Reset(b)
	if in.raw == nil {
		in.raw = flate.NewReader(&in.src)
	} else {
		_ = in.raw.(flate.Resetter).Reset(&in.src, nil)
	}
	r := in.raw
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

// zlibHeaderSize is the size of a zlib stream's header (RFC 1950): the
// method byte and the flags byte.
const zlibHeaderSize = 2

// zlibHeader reports whether b opens with a zlib header that a raw
// deflate stream follows: method 8 (deflate) with a window of at most
// 32 KiB, header bits that check (a multiple of 31), and no preset
// dictionary. Anything else is taken for raw deflate data.
func zlibHeader(b []byte) bool {
	if len(b) < zlibHeaderSize {
		return false
	}
	cmf, flg := b[0], b[1]
	const deflate, maxWindow, presetDict = 8, 7, 0x20
	return cmf&0x0f == deflate && cmf>>4 <= maxWindow &&
		(uint16(cmf)<<8|uint16(flg))%31 == 0 && flg&presetDict == 0
}
