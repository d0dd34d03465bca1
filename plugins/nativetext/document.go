package nativetext

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/internal/heapfloor"
	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// document is an open PDF (internal/pdfdoc does the reading) with the
// fonts parsed from it, cached by object number for the whole request.
type document struct {
	*pdfdoc.Document

	fontMu sync.Mutex
	fonts  map[int]*font

	// glyphHint is the glyph count of the page read last: pages of one
	// document are alike, and starting the next page's glyph slice near
	// that size saves the copies of growing it from nothing.
	glyphHint atomic.Int64

	// form is the catalog's interactive form, nil when none, resolved
	// once (acroForm).
	formOnce sync.Once
	form     types.Dict

	// ocOff are the optional content groups the default configuration
	// turns off, found once (offGroups).
	ocOnce sync.Once
	ocOff  map[int]bool
}

// parses counts the documents openDocument parsed, for the tests of the
// handoff from CountPages to Extract.
var parses atomic.Int64

// openDocument opens path under the engine's limits. Its errors wrap the
// core sentinels.
func openDocument(ctx context.Context, path string, opts Options) (*document, error) {
	parses.Add(1)
	working.Add(1)
	defer working.Add(-1)
	// The parse reads every object of the file on one goroutine before a
	// page can be read: while nothing else is read, the page faults of
	// what it allocates are taken on another core, idle.
	defer heapfloor.Ahead(alone)()
	d, err := pdfdoc.Open(ctx, path, pdfdoc.Limits{MaxStreamBytes: opts.MaxStreamBytes})
	if err != nil {
		return nil, err
	}
	return &document{Document: d, fonts: map[int]*font{}}, nil
}

// working counts the parses and pages being read in this process.
var working atomic.Int32

// alone reports whether one parse or page is all this process reads.
func alone() bool { return working.Load() == 1 }

// textString decodes a PDF text string: UTF-16 with a byte-order mark,
// UTF-8 with one, or PDFDocEncoding.
func textString(b []byte) string {
	switch {
	case len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF:
		return utf16String(b[2:])
	case len(b) >= 2 && b[0] == 0xFF && b[1] == 0xFE:
		u := make([]uint16, 0, len(b)/2)
		for i := 2; i+1 < len(b); i += 2 {
			u = append(u, uint16(b[i+1])<<8|uint16(b[i]))
		}
		return string(utf16.Decode(u))
	case len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF:
		return string(b[3:])
	}
	var sb strings.Builder
	for _, c := range b {
		if n := pdfdoc.PDFDocEncoding[c]; n != "" {
			if s, ok := pdfdoc.GlyphUnicode(n); ok {
				sb.WriteString(s)
				continue
			}
		}
		if c < 0x80 || c >= 0xA0 {
			sb.WriteRune(rune(c))
		}
	}
	return sb.String()
}
