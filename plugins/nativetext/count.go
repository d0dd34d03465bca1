package nativetext

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
)

var _ core.PageCounter = (*Engine)(nil)

// CountPages opens the document and counts its pages (with the second
// parser when the first cannot open it). The router asks before planning,
// so that an untrusted file is parsed in this process, which the host can
// kill, and never in the host. The opened document is handed to the next
// Extract of the same unchanged file, so counting costs no second parse.
func (e *Engine) CountPages(ctx context.Context, source string) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, &core.EngineError{Engine: Name, Err: pdfdoc.ContextError(err)}
	}
	opts, _ := ParseOptions(nil)
	doc, err := openDocument(ctx, source, opts)
	if err == nil {
		e.opened.put(source, opts, doc)
		return doc.NumPages(), nil
	}
	if canFallback(err) && ctx.Err() == nil {
		fd, ferr := e.openFallback(ctx, source)
		if ferr == nil {
			n := fd.d.NumPages()
			fd.close()
			return n, nil
		}
		err = fmt.Errorf("%w (%v)", err, ferr)
	}
	return 0, &core.EngineError{Engine: Name, Err: err}
}

// handoff holds the one document CountPages opened until an Extract of
// the same file, with the same limits, takes it.
type handoff struct {
	mu   sync.Mutex
	key  fileKey
	opts Options
	doc  *document
}

// fileKey identifies a file's content as far as the file system tells:
// a file rewritten in place gets another size or modification time.
type fileKey struct {
	path  string
	size  int64
	mtime time.Time
}

func keyOf(path string) (fileKey, bool) {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		return fileKey{}, false
	}
	return fileKey{path: path, size: st.Size(), mtime: st.ModTime()}, true
}

// put keeps doc for the next take of the same file and limits.
func (h *handoff) put(path string, opts Options, doc *document) {
	k, ok := keyOf(path)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.key, h.opts, h.doc = k, opts, nil
	if ok {
		h.doc = doc
	}
}

// take returns the document kept for path and opts, if the file has not
// changed since, and forgets it.
func (h *handoff) take(path string, opts Options) *document {
	k, ok := keyOf(path)
	h.mu.Lock()
	defer h.mu.Unlock()
	doc := h.doc
	match := ok && doc != nil && k == h.key && opts == h.opts
	h.doc = nil
	if !match {
		return nil
	}
	return doc
}
