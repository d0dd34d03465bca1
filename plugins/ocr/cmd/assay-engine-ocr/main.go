// Command assay-engine-ocr serves the OCR engine (Tesseract and PaddleOCR
// on pdfium renders) as a standalone plugin. It needs cgo, libtesseract
// and, for the paddle backend, the models directory that make deps fills.
package main

import (
	"github.com/assay-pdf/assay/internal/hugepages"
	"github.com/assay-pdf/assay/plugins/ocr"
	"github.com/assay-pdf/assay/sdk"
)

func main() {
	// First: it may start the program again, with huge pages for the
	// models' memory.
	hugepages.Enable()
	sdk.Serve(ocr.New())
}
