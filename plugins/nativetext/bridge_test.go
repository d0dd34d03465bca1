package nativetext

import (
	"fmt"
	"strings"
	"testing"
)

// TestStampOverText: large text drawn across body text (a stamp, a
// watermark) leaves the body's lines whole, and comes out on its own;
// so does a title over one line of small text within its tolerance;
// large and small text on one baseline stay one line.
func TestStampOverText(t *testing.T) {
	t.Parallel()
	var body strings.Builder
	body.WriteString("BT /F1 11 Tf 14 TL 72 700 Td ")
	for i := range 12 {
		fmt.Fprintf(&body, "(Line %d of the body text runs across the page.) Tj T* ", i)
	}
	body.WriteString("ET ")
	for _, tc := range []struct {
		name, content string
		want          []string // lines, among the page's
	}{
		{"stamp between baselines", body.String() + "0.8 g BT /F1 60 Tf 150 600 Td (DRAFT) Tj ET",
			[]string{"Line 7 of the body text runs across the page.", "Line 8 of the body text runs across the page.", "DRAFT"}},
		{"big number on a heading's baseline", "BT /F1 40 Tf 72 700 Td (7) Tj /F1 12 Tf 30 0 Td (Results and discussion) Tj ET",
			[]string{"7 Results and discussion"}},
		// A slide's title and, under it within the title's tolerance,
		// one line of small text (pdfplumber's issue-987).
		{"small line under a title", "BT /F1 116 Tf 99 540 Td (Big Text) Tj ET BT /F1 12 Tf 98.6 495 Td (Small Text) Tj ET",
			[]string{"Big Text", "Small Text"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			wantLines(t, tc.content, tc.want)
		})
	}
}
