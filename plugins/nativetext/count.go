package nativetext

import (
	"context"
	"fmt"
	"os"
	"slices"
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
// Extract of the same unchanged file, so counting costs no second parse;
// so is a document an Extract left pages of unread (see readsOn).
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

// handoff holds the documents CountPages opened, and those an Extract
// left pages of unread, at most handoffDocs, until an Extract of the same
// file with the same parse limit takes one. The host counts a document's
// pages just before it extracts them, counts the next documents while
// this one is read, and reads a long document a window of pages a call.
type handoff struct {
	mu   sync.Mutex
	docs []handed // oldest first
}

// handoffDocs bounds the documents kept: the host reads a few documents at
// once (four, by default: two per worker); more than that is memory held
// for nothing.
const handoffDocs = 4

// handoffTTL is how long a kept document waits for its next call. The
// CLI asks for the next window as soon as the last is scored; a service
// may send the next pages of a document to another worker, and a
// document nobody comes back for is memory held for nothing.
const handoffTTL = 30 * time.Second

type handed struct {
	at        time.Time // when it was kept
	key       fileKey
	maxStream int64 // the only option that changes how a document opens
	doc       *document
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

// put keeps doc for the next take of the same file and parse limit,
// dropping the oldest kept when there are handoffDocs already.
func (h *handoff) put(path string, opts Options, doc *document) {
	k, ok := keyOf(path)
	if !ok {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	now := h.prune()
	h.docs = slices.DeleteFunc(h.docs, func(d handed) bool { return d.key == k })
	if len(h.docs) >= handoffDocs {
		h.docs = h.docs[1:]
	}
	h.docs = append(h.docs, handed{at: now, key: k, maxStream: opts.MaxStreamBytes, doc: doc})
}

// prune, under mu, forgets the documents kept longer than handoffTTL,
// and returns the time it judged them by.
func (h *handoff) prune() time.Time {
	now := time.Now()
	h.docs = slices.DeleteFunc(h.docs, func(d handed) bool { return now.Sub(d.at) > handoffTTL })
	return now
}

// take returns the document kept for path and opts, if the file has not
// changed since, and forgets it.
func (h *handoff) take(path string, opts Options) *document {
	k, ok := keyOf(path)
	if !ok {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.prune()
	for i, d := range h.docs {
		if d.key == k {
			h.docs = slices.Delete(h.docs, i, i+1)
			if d.maxStream != opts.MaxStreamBytes {
				return nil
			}
			return d.doc
		}
	}
	return nil
}
