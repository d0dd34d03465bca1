package output

import (
	"io"
	"strings"

	"github.com/assay-pdf/assay/merge"
)

// Text writes the plain text of every page, blocks separated by a blank
// line and pages by a form feed, as pdftotext does.
func Text(w io.Writer, res *merge.Result) error {
	var sb strings.Builder
	for i, e := range res.Entries {
		if i > 0 {
			sb.WriteString("\f")
		}
		if t := e.Page.Text(); t != "" {
			sb.WriteString(t)
			sb.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}
