package router

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/assay-pdf/assay/core"
)

// DocInfo is what the router learns about a document before planning.
type DocInfo struct {
	Pages    int    `json:"pages"`
	Version  string `json:"version,omitempty"`
	Producer string `json:"producer,omitempty"`
}

var disableConfigDir sync.Once

// headerWindow is how far into a file the %PDF- header may sit; readers
// accept junk before it.
const headerWindow = 1024

// Open reads just enough of the file at path to count its pages, and
// classifies a document that cannot be read at all: core.ErrEmptyFile,
// core.ErrNotPDF, core.ErrEncrypted or core.ErrDamaged, wrapped with the
// detail.
func Open(path string) (info DocInfo, err error) {
	disableConfigDir.Do(api.DisableConfigDir)
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return info, fmt.Errorf("%w: %s", core.ErrNotFound, path)
		}
		return info, err
	}
	defer f.Close()
	head := make([]byte, headerWindow)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return info, err
	}
	if n == 0 {
		return info, core.ErrEmptyFile
	}
	if !bytes.Contains(head[:n], []byte("%PDF-")) {
		return info, fmt.Errorf("%w: no %%PDF- header in the first %d bytes", core.ErrNotPDF, headerWindow)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return info, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: reading the file structure: %v", core.ErrDamaged, r)
		}
	}()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	ctx, err := api.ReadContext(f, conf)
	if err != nil {
		return info, classify(err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return info, fmt.Errorf("%w: counting pages: %v", core.ErrDamaged, err)
	}
	info.Pages = ctx.PageCount
	info.Producer = ctx.Producer
	if ctx.HeaderVersion != nil {
		info.Version = ctx.HeaderVersion.String()
	}
	return info, nil
}

func classify(err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "password"), strings.Contains(msg, "encrypt"):
		return fmt.Errorf("%w (%v)", core.ErrEncrypted, err)
	case strings.Contains(msg, "empty"):
		return fmt.Errorf("%w (%v)", core.ErrEmptyFile, err)
	case strings.Contains(msg, "header version"):
		return fmt.Errorf("%w (%v)", core.ErrNotPDF, err)
	}
	return fmt.Errorf("%w: %v", core.ErrDamaged, err)
}
