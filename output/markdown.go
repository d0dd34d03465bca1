package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
)

// MarkdownOptions tune the Markdown writer.
type MarkdownOptions struct {
	// PageMarkers puts "<!-- page N -->" before each page, with the status
	// for pages that are not ok.
	PageMarkers bool
	// HeadersFooters keeps running page headers and footers, which RAG
	// usually wants dropped.
	HeadersFooters bool
}

// Markdown writes the result as Markdown.
func Markdown(w io.Writer, res *merge.Result, opts MarkdownOptions) error {
	var sb strings.Builder
	first := true
	sep := func() {
		if !first {
			sb.WriteString("\n")
		}
		first = false
	}
	for _, e := range res.Entries {
		if opts.PageMarkers {
			sep()
			sb.WriteString(pageMarker(e))
			sb.WriteString("\n")
		}
		for i := range e.Page.Blocks {
			b := &e.Page.Blocks[i]
			if !opts.HeadersFooters && (b.Kind == core.KindPageHeader || b.Kind == core.KindPageFooter) {
				continue
			}
			md := blockMarkdown(b)
			if md == "" {
				continue
			}
			// Consecutive list items form one list: no blank line between them.
			if b.Kind == core.KindListItem && i > 0 && e.Page.Blocks[i-1].Kind == core.KindListItem && !first {
				sb.WriteString(md)
				sb.WriteString("\n")
				continue
			}
			sep()
			sb.WriteString(md)
			sb.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

func pageMarker(e merge.Entry) string {
	if e.Status == core.StatusOK {
		return fmt.Sprintf("<!-- page %d -->", e.Number)
	}
	detail := string(e.Status)
	if e.Err != nil {
		detail += ": " + sanitizeComment(e.Err.Error())
	}
	return fmt.Sprintf("<!-- page %d (%s) -->", e.Number, detail)
}

func sanitizeComment(s string) string {
	s = strings.ReplaceAll(s, "--", "- -")
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// blockMarkdown renders one block; "" for a block with no text.
func blockMarkdown(b *core.Block) string {
	switch b.Kind {
	case core.KindTable:
		if b.Table != nil {
			if t := tableMarkdown(b.Table); t != "" {
				return t
			}
		}
		return joinLines(b)
	case core.KindHeading:
		t := joinLines(b)
		if t == "" {
			return ""
		}
		level := min(max(b.Level, 1), 6)
		return strings.Repeat("#", level) + " " + t
	case core.KindListItem:
		t := joinLines(b)
		if t == "" {
			return ""
		}
		return strings.Repeat("  ", max(b.Level, 0)) + listItem(t)
	case core.KindCode:
		t := b.Text()
		if strings.TrimSpace(t) == "" {
			return ""
		}
		return "```\n" + t + "\n```"
	case core.KindFormula:
		t := joinLines(b)
		if t == "" {
			return ""
		}
		return "$$" + t + "$$"
	}
	return joinLines(b)
}

// joinLines is the block's text as one Markdown line: lines joined with a
// space, a hyphen at a line end kept as the engine left it.
func joinLines(b *core.Block) string {
	return strings.Join(strings.Fields(b.Text()), " ")
}

// bullets are the markers a list item may start with in the PDF.
var bullets = []string{"•", "◦", "▪", "▫", "‣", "∙", "·", "●", "○", "■", "□", "–", "—", "-", "*", "►", "➢", "✓"}

// listItem writes an item as "- text", or keeps an ordinal ("1.", "a)").
func listItem(t string) string {
	for _, b := range bullets {
		if rest, ok := strings.CutPrefix(t, b); ok && (rest == "" || rest[0] == ' ') {
			return "- " + strings.TrimSpace(rest)
		}
	}
	if ord, rest, ok := strings.Cut(t, " "); ok && isOrdinal(ord) {
		return ord + " " + rest
	}
	return "- " + t
}

func isOrdinal(s string) bool {
	if len(s) < 2 || len(s) > 5 {
		return false
	}
	last := s[len(s)-1]
	if last != '.' && last != ')' {
		return false
	}
	body := s[:len(s)-1]
	for _, r := range body {
		if !(r >= '0' && r <= '9') && !(r >= 'a' && r <= 'z' && len(body) == 1) {
			return false
		}
	}
	return true
}

// tableMarkdown writes a GitHub pipe table; the first row is the header.
func tableMarkdown(t *core.Table) string {
	g := t.Grid()
	if len(g) == 0 {
		return ""
	}
	var sb strings.Builder
	row := func(cells []string) {
		sb.WriteString("|")
		for _, c := range cells {
			sb.WriteString(" ")
			sb.WriteString(cellText(c))
			sb.WriteString(" |")
		}
		sb.WriteString("\n")
	}
	row(g[0])
	sb.WriteString("|")
	for range g[0] {
		sb.WriteString(" --- |")
	}
	sb.WriteString("\n")
	for _, r := range g[1:] {
		row(r)
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

func cellText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}
