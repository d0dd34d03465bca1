package ocr

// Line images kept unencoded for libtesseract.
//
// Tesseract hands each text line to its LSTM as an ImageData, which keeps
// the line's picture as bytes: ImageData::SetPixInternal asks Leptonica's
// pixWriteMem for a PNG, and the recogniser decodes that PNG again before
// it reads the line. That format serves Tesseract's training files; in a
// reading it is deflate and inflate at zlib's default level for every
// line of every page, 4% of libtesseract's CPU on an English page
// (perf, generated scanned-02: 77 of 1,566 samples under pixWriteMem,
// libpng and zlib).
//
// pixmem.c defines pixWriteMem in the executable, which libtesseract's
// reference binds to as omp.c's functions do (see omp.go): a PNG asked of
// it is written in Leptonica's own serialised form (pixWriteMemSpix), an
// exact copy of the pix's samples, depth and colormap, which pixReadMem
// recognises and reads back without decoding. (It does not keep the
// resolution, which the recogniser does not read: it scales each line to
// its model's input height.) Every other format goes on to Leptonica's
// pixWriteMem. Nothing else in this process writes PNG through Leptonica.
// Over the corpus's 39 scanned pages the engine's output is the same byte
// for byte. TestLineImagesUnencoded checks the binding and the round trip.

/*
#cgo LDFLAGS: -llept
#include <string.h>
#include <leptonica/allheaders.h>

// assay_pixmem_roundtrip writes a w×h 8-bit pix of a gradient through
// pixWriteMem in format and reads it back: -1 where a step failed, 1
// where the copy has the same samples, else 0; magic receives the
// encoding's first four bytes.
static int assay_pixmem_roundtrip(int w, int h, int format, char *magic) {
	PIX *pix = pixCreate(w, h, 8), *back;
	l_uint8 *data = 0;
	size_t size = 0;
	l_int32 same = 0;
	if (pix == 0) {
		return -1;
	}
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			pixSetPixel(pix, x, y, (x * 7 + y * 13) & 0xff);
		}
	}
	if (pixWriteMem(&data, &size, pix, format) != 0 || size < 4) {
		pixDestroy(&pix);
		return -1;
	}
	memcpy(magic, data, 4);
	back = pixReadMem(data, size);
	lept_free(data);
	if (back == 0) {
		pixDestroy(&pix);
		return -1;
	}
	pixEqual(pix, back, &same);
	pixDestroy(&pix);
	pixDestroy(&back);
	return same ? 1 : 0;
}
*/
import "C"

// Leptonica's format codes (imageio.h) that the test asks for.
const (
	iffPNG = int(C.IFF_PNG)
	iffPNM = int(C.IFF_PNM)
)

// pixMemRoundTrip writes a w×h gray picture through pixWriteMem in
// format and reads it back: the encoding's first four bytes, and whether
// the copy has the same samples; ok is false where either step failed.
func pixMemRoundTrip(w, h, format int) (magic string, same, ok bool) {
	var m [4]C.char
	r := C.assay_pixmem_roundtrip(C.int(w), C.int(h), C.int(format), &m[0])
	if r < 0 {
		return "", false, false
	}
	return C.GoStringN(&m[0], 4), r == 1, true
}
