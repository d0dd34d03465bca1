package nativetext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestTextFlowsSideBySide: two columns of text laid out side by side (a
// word processor's borderless layout table), each breaking into
// paragraphs at its own heights, read as two columns of paragraphs, not
// as a table whose rows join lines of different sentences. Lines of the
// two columns share baselines, as they do in such a layout, and the left
// column's lines are short; but its paragraphs start beside lines in the
// middle of the right column's sentences.
func TestTextFlowsSideBySide(t *testing.T) {
	t.Parallel()
	left := []struct {
		y    int
		text string
	}{{700, "Header one"}, {679, "In another moment."}, {658, "Down went Alice after it."}, {637, "Header three"},
		{616, "Never once considering how"}, {602, "in the world she was to get"}, {588, "out again."}}
	right := []struct {
		y    int
		text string
	}{{700, "Header two"}, {679, "The rabbit-hole went straight"}, {665, "on like a tunnel for some"}, {651, "way, and then dipped"},
		{637, "suddenly down,"}, {616, "So suddenly that Alice had"}, {602, "not a moment to think about"},
		{588, "stopping herself before she"}, {574, "found herself falling down a"}, {560, "very deep well."}}
	var sb strings.Builder
	for _, l := range left {
		fmt.Fprintf(&sb, "BT /F1 10 Tf 72 %d Td (%s) Tj ET ", l.y, l.text)
	}
	for _, l := range right {
		fmt.Fprintf(&sb, "BT /F1 10 Tf 300 %d Td (%s) Tj ET ", l.y, l.text)
	}
	blocks := helvPage(t, sb.String())
	var texts []string
	for _, b := range blocks {
		if b.Kind == core.KindTable {
			t.Fatalf("read as a table: %q", b.Table.Grid())
		}
		texts = append(texts, strings.ReplaceAll(b.Text(), "\n", " "))
	}
	for _, want := range []string{
		"Never once considering how in the world she was to get out again.",
		"The rabbit-hole went straight on like a tunnel for some way, and then dipped suddenly down,",
	} {
		found := false
		for _, got := range texts {
			found = found || got == want
		}
		if !found {
			t.Errorf("no paragraph %q in %q", want, texts)
		}
	}
	if first, last := strings.Index(strings.Join(texts, "|"), "out again."), strings.Index(strings.Join(texts, "|"), "Header two"); first > last {
		t.Errorf("the right column read before the left one ends: %q", texts)
	}
}
