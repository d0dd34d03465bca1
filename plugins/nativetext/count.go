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
// left pages of unread (at most handoffDocs that no call is reading), for
// the Extracts of the same file with the same parse limit. The host counts
// a document's pages just before it extracts them, counts the next
// documents while this one is read, and reads a long document a window of
// pages a call, asking for the next window while it scores the last: a
// document is lent to the calls that read it (take, then done), and kept
// until the call that reads its last page is done with it, or until
// handoffTTL.
type handoff struct {
	mu   sync.Mutex
	docs []handed // oldest first
}

// handoffDocs bounds the documents kept that no call is reading: the host
// counts a few documents ahead of reading them (four at once, by default:
// two per worker); more than that is memory held for nothing.
const handoffDocs = 4

// handoffTTL is how long a kept document waits for its next call. The
// CLI asks for the next window as soon as the last is scored; a service
// may send the next pages of a document to another worker, and a
// document nobody comes back for is memory held for nothing.
const handoffTTL = 30 * time.Second

type handed struct {
	at        time.Time // when it was kept, or last lent or given back
	key       fileKey
	maxStream int64 // the only option that changes how a document opens
	doc       *document
	users     int  // calls reading it now
	read      bool // a call has read its last page
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

// put keeps doc, which no call is reading, for the next take of the same
// file and parse limit, in place of what was kept for the file; when
// handoffDocs that no call reads are kept already, the oldest of them
// goes. Documents being read do not count: their calls hold them anyway.
func (h *handoff) put(path string, opts Options, doc *document) {
	k, ok := keyOf(path)
	if !ok {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	now := h.prune()
	h.docs = slices.DeleteFunc(h.docs, func(d handed) bool { return d.key == k })
	idle := 0
	for _, d := range h.docs {
		if d.users == 0 {
			idle++
		}
	}
	if idle >= handoffDocs {
		i := slices.IndexFunc(h.docs, func(d handed) bool { return d.users == 0 })
		h.docs = slices.Delete(h.docs, i, i+1)
	}
	h.docs = append(h.docs, handed{at: now, key: k, maxStream: opts.MaxStreamBytes, doc: doc})
}

// prune, under mu, forgets the documents no call reads that were kept
// longer than handoffTTL, and returns the time it judged them by.
func (h *handoff) prune() time.Time {
	now := time.Now()
	h.docs = slices.DeleteFunc(h.docs, func(d handed) bool { return d.users == 0 && now.Sub(d.at) > handoffTTL })
	return now
}

// take lends the document kept for path and opts, if the file has not
// changed since; the caller gives it back with done. A document kept
// under another parse limit is forgotten.
func (h *handoff) take(path string, opts Options) *document {
	k, ok := keyOf(path)
	if !ok {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	now := h.prune()
	for i := range h.docs {
		d := &h.docs[i]
		if d.key != k {
			continue
		}
		if d.maxStream != opts.MaxStreamBytes {
			if d.users == 0 {
				h.docs = slices.Delete(h.docs, i, i+1)
			}
			return nil
		}
		d.users++
		d.at = now
		return d.doc
	}
	return nil
}

// done gives back a document take lent; more says whether the document
// has pages after those the call read. Once a call has read the last
// page and no call reads the document, it is forgotten.
func (h *handoff) done(doc *document, more bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	i := slices.IndexFunc(h.docs, func(d handed) bool { return d.doc == doc })
	if i < 0 {
		return
	}
	d := &h.docs[i]
	d.users--
	d.read = d.read || !more
	d.at = time.Now()
	if d.users == 0 && d.read {
		h.docs = slices.Delete(h.docs, i, i+1)
	}
}
