package assay

import (
	"fmt"
	"io"

	"github.com/assay-pdf/assay/output"
)

// Output says how Write writes a Result: what assay extract writes for
// its format and flags.
type Output struct {
	// Format is md (the default when empty), json, text or chunks.
	Format string
	// PageMarkers puts <!-- page N --> comments in Markdown.
	PageMarkers bool
	// HeadersFooters keeps running headers and footers in Markdown.
	HeadersFooters bool
	// Words adds lines and words with boxes to JSON.
	Words bool
	// Chunks tune the chunks format; its DocID names the document in
	// chunk ids (see DocID).
	Chunks output.ChunkOptions
}

// Formats are the names Output.Format takes, with their aliases.
var Formats = []string{"md", "markdown", "json", "text", "txt", "chunks"}

// CheckFormat reports a format Write does not know, with core's bad
// request error.
func CheckFormat(format string) error {
	switch format {
	case "", "md", "markdown", "json", "text", "txt", "chunks":
		return nil
	}
	return fmt.Errorf("format %q: want md, json, text or chunks", format)
}

// Write writes r as o says.
func (r *Result) Write(w io.Writer, o Output) error {
	switch o.Format {
	case "json":
		return output.JSON(w, r.Result, output.JSONOptions{Words: o.Words, Indent: true})
	case "text", "txt":
		return output.Text(w, r.Result)
	case "chunks":
		return output.Chunks(w, r.Result, o.Chunks)
	case "", "md", "markdown":
		return output.Markdown(w, r.Result, output.MarkdownOptions{PageMarkers: o.PageMarkers, HeadersFooters: o.HeadersFooters})
	}
	return CheckFormat(o.Format)
}
