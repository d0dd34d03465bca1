package service

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/router"
	"github.com/assay-pdf/assay/service/jobs"
)

// defaultName names a document sent without a file name.
const defaultName = "document.pdf"

// maxNameLen bounds the name a client gives its document.
const maxNameLen = 200

// upload is a request's PDF, spooled to a temporary file.
type upload struct {
	path string
	name string
	sum  []byte
	size int64
}

func (u *upload) remove() {
	if u != nil && u.path != "" {
		os.Remove(u.path)
	}
}

// readUpload spools the body (the PDF itself, or a multipart form's field
// "file") to a temporary file, hashing it, and refuses more than max
// bytes. Nothing is fetched from anywhere: a URL is not an input.
func (s *Server) readUpload(r *http.Request) (*upload, error) {
	body, name, err := pdfPart(r)
	if err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(s.cfg.TempDir, "assay-upload-*.pdf")
	if err != nil {
		return nil, fmt.Errorf("spooling the upload: %w", err)
	}
	u := &upload{path: f.Name(), name: cleanName(name)}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), io.LimitReader(body, s.cfg.MaxUpload+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	u.size, u.sum = n, h.Sum(nil)
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe) || n > s.cfg.MaxUpload:
		u.remove()
		return nil, fmt.Errorf("%w: the upload is over the limit of %d bytes", core.ErrTooLarge, s.cfg.MaxUpload)
	case err != nil:
		u.remove()
		return nil, fmt.Errorf("%w: reading the upload: %w", core.ErrBadRequest, err)
	case n == 0:
		u.remove()
		return nil, fmt.Errorf("%w: the upload has no bytes", core.ErrEmptyFile)
	}
	return u, nil
}

// pdfPart is the PDF's bytes in the request and the name the client gave
// it (multipart file name, or ?name=).
func pdfPart(r *http.Request) (io.Reader, string, error) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		return r.Body, r.URL.Query().Get("name"), nil
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, "", fmt.Errorf("%w: %w", core.ErrBadRequest, err)
	}
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return nil, "", fmt.Errorf("%w: the form has no field \"file\"", core.ErrBadRequest)
		}
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				return nil, "", fmt.Errorf("%w: the upload is over the limit", core.ErrTooLarge)
			}
			return nil, "", fmt.Errorf("%w: reading the form: %w", core.ErrBadRequest, err)
		}
		if p.FormName() == "file" {
			return p, p.FileName(), nil
		}
	}
}

// cleanName keeps the base of a client's name, defaultName for none.
func cleanName(name string) string {
	name = filepath.Base(strings.ReplaceAll(name, "\\", "/"))
	name = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, name)
	if len(name) > maxNameLen {
		name = name[len(name)-maxNameLen:]
	}
	if name == "" || name == "." || name == "/" {
		return defaultName
	}
	return name
}

// jobOptions are the query's choices for a job.
type jobOptions struct {
	pages   string
	engines []string
	format  string
}

func parseOptions(r *http.Request) (jobOptions, error) {
	q := r.URL.Query()
	o := jobOptions{pages: q.Get("pages"), format: q.Get("format")}
	for _, e := range strings.Split(q.Get("engines"), ",") {
		if e = strings.TrimSpace(e); e != "" {
			o.engines = append(o.engines, e)
		}
	}
	if err := assay.CheckFormat(o.format); err != nil {
		return o, fmt.Errorf("%w: %w", core.ErrBadRequest, err)
	}
	return o, nil
}

// spec checks the document (counting its pages: not a PDF, encrypted and
// damaged files stop here) and the options, and makes the job's spec.
func (s *Server) spec(r *http.Request, u *upload, o jobOptions, owner string) (jobs.Spec, error) {
	if err := s.checkEngines(o.engines); err != nil {
		return jobs.Spec{}, err
	}
	count, err := s.cfg.Extractor.Pages(r.Context(), u.path)
	if err != nil {
		return jobs.Spec{}, err
	}
	pages, err := router.ParsePages(o.pages, count)
	if err != nil {
		return jobs.Spec{}, fmt.Errorf("%w: pages: %w", core.ErrBadRequest, err)
	}
	if s.cfg.MaxPages > 0 && len(pages) > s.cfg.MaxPages {
		return jobs.Spec{}, fmt.Errorf("%w: %d pages asked for, the limit is %d", core.ErrTooLarge, len(pages), s.cfg.MaxPages)
	}
	return jobs.Spec{Name: u.name, DocID: assay.DocIDOf(u.name, u.sum), Engines: o.engines, Pages: pages, PageCount: count, Owner: owner}, nil
}

// checkEngines refuses a chain with a malformed step or an engine that
// is not installed.
func (s *Server) checkEngines(chain []string) error {
	if len(chain) == 0 {
		return nil
	}
	if _, err := s.cfg.Extractor.Chain(chain); err != nil {
		return err
	}
	known := s.cfg.Extractor.EngineNames()
	for _, step := range chain {
		st, _ := router.ParseStep(step)
		if !slices.Contains(known, st.Engine) {
			return fmt.Errorf("%w: unknown engine %q", core.ErrBadRequest, st.Engine)
		}
	}
	return nil
}
