package nativetext

import (
	"fmt"
	"strings"
	"testing"
)

// TestParagraphRunsOnInNextColumn: a paragraph cut by the foot of the
// left column, mid-sentence, goes on at the head of the right column:
// one paragraph. It is not joined when it ends a sentence, when the right
// column's text starts a sentence, or when that text is not at the head
// of its column (a block above it in that column).
func TestParagraphRunsOnInNextColumn(t *testing.T) {
	t.Parallel()
	const line = "the quick brown fox jumps over the lazy dog and"
	// page sets the left column's lines (the last one lastLeft) and the
	// right column's (from rightTop down), 12 pt apart.
	page := func(lastLeft string, right []string, rightTop int) string {
		var sb strings.Builder
		left := []string{"The quick brown fox jumps over the lazy dog and", line, line, lastLeft}
		for i, l := range left {
			fmt.Fprintf(&sb, "BT /F1 10 Tf 72 %d Td (%s) Tj ET ", 700-12*i, l)
		}
		for i, l := range right {
			fmt.Fprintf(&sb, "BT /F1 10 Tf 320 %d Td (%s) Tj ET ", rightTop-12*i, l)
		}
		return sb.String()
	}
	cases := []struct {
		name    string
		content string
		want    int // paragraphs
	}{
		{"runs on", page(line, []string{line, line, "the end of it."}, 700), 1},
		{"ends a sentence", page("the quick brown fox jumps over the lazy dogs.", []string{line, line, "the end of it."}, 700), 2},
		{"starts a sentence", page(line, []string{"The quick brown fox jumps over the lazy dog and", line, "the end of it."}, 700), 2},
		{"not at the head of its column", "BT /F1 10 Tf 320 760 Td (and a note set over the right column ends) Tj ET " +
			"BT /F1 10 Tf 72 730 Td (A RULE OF TEXT THAT SPANS THE PAGE FROM THE LEFT COLUMN TO THE RIGHT ONE) Tj ET " +
			page(line, []string{line, line, "the end of it."}, 700), 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			res, err := extractAll(t, onePage("", helvRes, c.content).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			blocks := res[1].Page.Blocks
			if len(blocks) != c.want {
				t.Errorf("%d blocks %q; want %d", len(blocks), blockTexts(blocks), c.want)
			}
		})
	}
}
