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

// TestOverlaidSizes: text of two sizes drawn over each other on nearly
// one baseline (a PDF editor's stamp over a footer, a radio group's
// caption over its first button's label) reads as two lines, not one of
// interleaved letters; marks of another size over single glyphs (a sum
// sign's limits, an accent beside a subscript) stay on their line.
func TestOverlaidSizes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, content string
		want          []string // lines, among the page's
	}{
		{"a stamp over a footer", "BT /F1 6 Tf 72 100 Td (The contents are the copyright of Astrium GmbH. All rights reserved.) Tj ET " +
			"BT /F1 9 Tf 230 99 Td (Wonderland) Tj ET",
			[]string{"The contents are the copyright of Astrium GmbH. All rights reserved.", "Wonderland"}},
		{"a caption over a label", "BT /F1 10 Tf 100 500 Td (Rdo1) Tj ET BT /F1 12 Tf 98 500.5 Td (RdoGrp1) Tj ET",
			[]string{"Rdo1", "RdoGrp1"}},
		{"marks over single glyphs", "BT /F1 10 Tf 72 600 Td (x = 3 +) Tj ET " +
			"BT /F1 14 Tf 110 600 Td (S) Tj ET BT /F1 7 Tf 112 601 Td (n) Tj ET " +
			"BT /F1 10 Tf 125 600 Td (k +) Tj ET BT /F1 14 Tf 150 600 Td (S) Tj ET BT /F1 7 Tf 152 601 Td (n) Tj ET " +
			"BT /F1 10 Tf 165 600 Td (1) Tj ET BT /F1 14 Tf 180 600 Td (S) Tj ET BT /F1 7 Tf 182 601 Td (n) Tj ET",
			[]string{"x = 3 + Sn k + Sn 1 Sn"}},
		{"sum signs and their limits alone on a baseline", "BT /F1 14 Tf 110 600 Td (S) Tj ET BT /F1 7 Tf 112 601 Td (n) Tj ET " +
			"BT /F1 14 Tf 150 600 Td (S) Tj ET BT /F1 7 Tf 152 601 Td (n) Tj ET BT /F1 14 Tf 190 600 Td (S) Tj ET BT /F1 7 Tf 192 601 Td (n) Tj ET",
			[]string{"Sn Sn Sn"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			wantLines(t, tc.content, tc.want)
		})
	}
}
