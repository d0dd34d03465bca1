package render

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"sync/atomic"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"

	"github.com/assay-pdf/assay/core"
)

// Doc is a document loaded into a Renderer. It is safe for concurrent use;
// each instance that serves it opens its own handle.
type Doc struct {
	r        *Renderer
	id       uint64
	data     []byte
	password string
	pages    int
	closed   atomic.Bool
}

// Load makes a Doc of a PDF's bytes. The slice must not change while the
// Doc is open. It checks that pdfium can open the file and counts its
// pages; errors wrap core.ErrEmptyFile, core.ErrNotPDF, core.ErrEncrypted
// or core.ErrDamaged.
func (r *Renderer) Load(ctx context.Context, data []byte) (*Doc, error) {
	return r.LoadWithPassword(ctx, data, "")
}

// LoadWithPassword is Load for an encrypted document.
func (r *Renderer) LoadWithPassword(ctx context.Context, data []byte, password string) (*Doc, error) {
	if len(data) == 0 {
		return nil, fmt.Errorf("render: %w", core.ErrEmptyFile)
	}
	if !bytes.Contains(data[:min(len(data), 1024)], []byte("%PDF-")) {
		return nil, fmt.Errorf("render: no %%PDF- header: %w", core.ErrNotPDF)
	}
	d := &Doc{r: r, id: r.nextDoc.Add(1), data: data, password: password}
	err := r.with(ctx, d, func(p pdfium.Pdfium, ref references.FPDF_DOCUMENT) error {
		resp, err := p.FPDF_GetPageCount(&requests.FPDF_GetPageCount{Document: ref})
		if err != nil {
			return fmt.Errorf("render: page count: %w: %v", core.ErrDamaged, err)
		}
		d.pages = resp.PageCount
		return nil
	})
	if err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// LoadFile reads a PDF and loads it; see Load. A missing file wraps
// core.ErrNotFound.
func (r *Renderer) LoadFile(ctx context.Context, path string) (*Doc, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("render: %w: %w", core.ErrNotFound, err)
		}
		return nil, fmt.Errorf("render: %w", err)
	}
	return r.Load(ctx, data)
}

// NumPages is the document's page count.
func (d *Doc) NumPages() int { return d.pages }

// Close releases the document on every instance (lazily, as each one is
// next used, or at Renderer.Close). It is idempotent.
func (d *Doc) Close() error {
	if d.closed.Swap(true) {
		return nil
	}
	d.r.mu.Lock()
	if d.r.closedDocs == nil {
		d.r.closedDocs = map[uint64]bool{}
	}
	d.r.closedDocs[d.id] = true
	d.r.mu.Unlock()
	return nil
}

func (r *Renderer) docClosed(id uint64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.closedDocs[id]
}

// checkPage validates a 1-based page number.
func (d *Doc) checkPage(page int) error {
	if page < 1 || page > d.pages {
		return fmt.Errorf("render: page %d of %d: %w", page, d.pages, core.ErrNoSuchPage)
	}
	return nil
}

func pageRef(doc references.FPDF_DOCUMENT, page int) requests.Page {
	return requests.Page{ByIndex: &requests.PageByIndex{Document: doc, Index: page - 1}}
}
