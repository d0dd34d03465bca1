package ocr

/*
#cgo LDFLAGS: -ltesseract -llept
#include <stdlib.h>
#include <tesseract/capi.h>

static int assay_osd(TessBaseAPI* h, const unsigned char* data, int w, int ht, int stride, int dpi,
                     int* deg, float* oconf, char* script, int scriptLen, float* sconf) {
	const char* name = NULL;
	TessBaseAPISetImage(h, data, w, ht, 1, stride);
	TessBaseAPISetSourceResolution(h, dpi);
	BOOL ok = TessBaseAPIDetectOrientationScript(h, deg, oconf, &name, sconf);
	script[0] = 0;
	if (ok && name) {
		int i = 0;
		for (; name[i] && i < scriptLen-1; i++) script[i] = name[i];
		script[i] = 0;
	}
	TessBaseAPIClear(h);
	return ok ? 1 : 0;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"image"
	"unsafe"
)

// osdResult is what Tesseract's orientation and script detection found.
type osdResult struct {
	// Rotate is how far to turn the image clockwise to make it upright.
	Rotate     int
	OrientConf float64
	Script     string // "Latin", "Han", "Japanese", "Arabic", ...
	ScriptConf float64
}

// osdHandle is a TessBaseAPI initialised with the "osd" data. Not safe for
// concurrent use.
type osdHandle struct{ h *C.TessBaseAPI }

func newOSD(tessdata string) (*osdHandle, error) {
	h := C.TessBaseAPICreate()
	if h == nil {
		return nil, errors.New("ocr: tesseract: cannot create an OSD handle")
	}
	var dp *C.char
	if tessdata != "" {
		dp = C.CString(tessdata)
		defer C.free(unsafe.Pointer(dp))
	}
	lang := C.CString("osd")
	defer C.free(unsafe.Pointer(lang))
	if C.TessBaseAPIInit3(h, dp, lang) != 0 {
		C.TessBaseAPIDelete(h)
		return nil, errors.New("ocr: tesseract: cannot load osd.traineddata")
	}
	C.TessBaseAPISetPageSegMode(h, C.PSM_OSD_ONLY)
	return &osdHandle{h: h}, nil
}

// detect runs OSD on a gray image rendered at dpi.
func (o *osdHandle) detect(g *image.Gray, dpi int) (osdResult, error) {
	if err := checkImage(g); err != nil {
		return osdResult{}, err
	}
	var deg C.int
	var oconf, sconf C.float
	var script [64]C.char
	ok := C.assay_osd(o.h, (*C.uchar)(unsafe.Pointer(&g.Pix[0])), C.int(g.Rect.Dx()), C.int(g.Rect.Dy()), C.int(g.Stride), C.int(dpi),
		&deg, &oconf, &script[0], C.int(len(script)), &sconf)
	if ok == 0 {
		return osdResult{}, fmt.Errorf("ocr: osd found too little text")
	}
	// Tesseract reports the orientation of the text; turning the image by
	// the complement makes it upright.
	return osdResult{
		Rotate:     (360 - int(deg)) % 360,
		OrientConf: float64(oconf),
		Script:     C.GoString(&script[0]),
		ScriptConf: float64(sconf),
	}, nil
}

func (o *osdHandle) close() {
	if o != nil && o.h != nil {
		C.TessBaseAPIEnd(o.h)
		C.TessBaseAPIDelete(o.h)
		o.h = nil
	}
}
