package detect

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/assay-pdf/assay/core"
)

// docLayoutYOLOLabels are DocLayout-YOLO's DocStructBench classes.
var docLayoutYOLOLabels = []string{
	"title", "plain text", "abandon", "figure", "figure_caption",
	"table", "table_caption", "table_footnote", "isolate_formula", "formula_caption",
}

// docLayNetLabels are the 11 DocLayNet classes in the order YOLO models
// trained on DocLayNet use (the default for a raw YOLOv8-style head with
// 11 classes).
var docLayNetLabels = []string{
	"Caption", "Footnote", "Formula", "List-item", "Page-footer", "Page-header",
	"Picture", "Section-header", "Table", "Text", "Title",
}

// ppDocLayoutLabels are PP-DocLayout-L/M/S's 23 classes.
var ppDocLayoutLabels = []string{
	"paragraph_title", "image", "text", "number", "abstract", "content",
	"figure_title", "formula", "table", "table_title", "reference", "doc_title",
	"footnote", "header", "algorithm", "footer", "seal", "chart_title", "chart",
	"formula_number", "header_image", "footer_image", "aside_text",
}

// picoDetLayoutLabels are PaddleOCR's PicoDet layout (PubLayNet) classes.
var picoDetLayoutLabels = []string{"text", "title", "list", "table", "figure"}

// doclingLabels are docling's 17 layout classes.
var doclingLabels = []string{
	"Caption", "Footnote", "Formula", "List-item", "Page-footer", "Page-header",
	"Picture", "Section-header", "Table", "Text", "Title", "Document Index",
	"Code", "Checkbox-Selected", "Checkbox-Unselected", "Form", "Key-Value Region",
}

// doclingONNXLabels are the classes of docling's ONNX export
// (docling-ibm-models' ONNX LayoutPredictor), with "background" at 0.
var doclingONNXLabels = append([]string{"background"}, doclingLabels...)

// Where a label goes: a block kind, or one of these special cases.
const (
	kindDrop   core.BlockKind = "" // not a region (background)
	kindMargin core.BlockKind = "margin"
	// halves divides a page height in two.
	halves = 2
)

// kindLabels lists the normalised labels (lower case, '-' and ' ' as '_')
// of each block kind. kindMargin becomes a page header in the top half of
// the page and a page footer in the bottom half.
var kindLabels = []struct {
	kind   core.BlockKind
	labels []string
}{
	{core.KindHeading, []string{"title", "doc_title", "paragraph_title", "section_header"}},
	{core.KindParagraph, []string{"text", "plain_text", "abstract", "content", "reference", "reference_content", "aside_text", "document_index"}},
	{core.KindListItem, []string{"list", "list_item"}},
	{core.KindTable, []string{"table"}},
	{core.KindFigure, []string{"figure", "image", "chart", "picture", "seal"}},
	{core.KindCaption, []string{"figure_title", "table_title", "chart_title"}},
	{core.KindFormula, []string{"formula", "isolate_formula", "equation", "formula_number"}},
	{core.KindPageHeader, []string{"header", "page_header", "header_image"}},
	{core.KindPageFooter, []string{"footer", "page_footer", "footer_image"}},
	{core.KindFootnote, []string{"footnote", "table_footnote", "vision_footnote"}},
	{core.KindCode, []string{"code", "algorithm"}},
	{kindMargin, []string{"abandon", "number"}},
	{kindDrop, []string{"background"}},
}

// kinds maps a normalised label to its block kind.
var kinds = func() map[string]core.BlockKind {
	m := map[string]core.BlockKind{}
	for _, kl := range kindLabels {
		for _, l := range kl.labels {
			m[l] = kl.kind
		}
	}
	return m
}()

// normLabel lower-cases a label and turns '-' and ' ' into '_'.
func normLabel(label string) string {
	return strings.NewReplacer("-", "_", " ", "_").Replace(strings.ToLower(strings.TrimSpace(label)))
}

// kindOf maps a label to a block kind; ok is false for labels that are not
// regions ("background"). Labels with "caption" in them are captions;
// unknown labels are paragraphs. "abandon" (DocLayout-YOLO's page furniture:
// running heads, page numbers, marginal notes) and "number" (PP-DocLayout's
// page number) become page headers in the top half of the page and page
// footers in the bottom half.
func kindOf(label string, box core.BBox, pageH float64) (core.BlockKind, bool) {
	n := normLabel(label)
	k, known := kinds[n]
	switch {
	case known && k == kindDrop:
		return "", false
	case k == kindMargin:
		if (box.Y0+box.Y1)/halves < pageH/halves {
			return core.KindPageHeader, true
		}
		return core.KindPageFooter, true
	case known:
		return k, true
	case strings.Contains(n, "caption"):
		return core.KindCaption, true
	default:
		return core.KindParagraph, true
	}
}

// namesEntry matches one "id: 'name'" entry of a Python dict literal.
var namesEntry = regexp.MustCompile(`(\d+)\s*:\s*(?:'([^']*)'|"([^"]*)")`)

// parseNames reads the label list Ultralytics stores in an ONNX export's
// "names" metadata, a Python dict literal such as
// {0: 'title', 1: 'plain text'}. Nil when there is none.
func parseNames(s string) []string {
	byID := map[int]string{}
	top := -1
	for _, m := range namesEntry.FindAllStringSubmatch(s, -1) {
		id, err := strconv.Atoi(m[1])
		if err != nil || id > maxClasses {
			continue
		}
		byID[id] = m[2] + m[3]
		top = max(top, id)
	}
	if top < 0 {
		return nil
	}
	names := make([]string, top+1)
	for id, name := range byID {
		names[id] = name
	}
	return names
}

// maxClasses bounds the class ids read from model files.
const maxClasses = 1000
