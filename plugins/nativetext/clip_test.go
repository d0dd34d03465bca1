package nativetext

import "testing"

// TestClippedText: what a clipping path hides is not text of the page,
// as what lies off the page is not; what it shows is read as before.
func TestClippedText(t *testing.T) {
	t.Parallel()
	wantWords(t, helvRes, []wordsCase{
		{
			// A spreadsheet clips a cell's text at the cell; the rest
			// runs on under the next cell's text. Read with it, the two
			// interleaved letter by letter.
			name: "a cell's text run on under the next cell",
			content: "q 30 700 60 12 re W n BT /F1 10 Tf 32 702 Td (Ackermann XXXXXXXXXXXX GmbH) Tj ET Q " +
				"q 92 700 60 12 re W n BT /F1 10 Tf 94 702 Td (20 1111) Tj ET Q",
			want: "Ackermann X 20 1111",
		},
		{
			name: "a line the clip hides",
			content: "q 0 0 612 600 re W n BT /F1 10 Tf 72 700 Td (slug) Tj ET " +
				"BT /F1 10 Tf 72 500 Td (shown) Tj ET Q",
			want: "shown",
		},
		{
			name:    "a clip that Q undoes",
			content: "q 0 0 10 10 re W n Q BT /F1 10 Tf 72 700 Td (restored) Tj ET",
			want:    "restored",
		},
		{
			// Each clip narrows the one before: only the strip both
			// show is seen.
			name: "nested clips",
			content: "q 0 0 300 792 re W n q 200 0 400 792 re W n BT /F1 10 Tf " +
				"100 700 Td (left) Tj 150 0 Td (both) Tj 100 0 Td (right) Tj ET Q Q",
			want: "both",
		},
		{
			// A clip that is not a rectangle is taken by its bounds:
			// what they hold is read.
			name: "a curved clip's bounds",
			content: "q 60 690 m 160 690 l 160 720 110 720 60 690 c W* n " +
				"BT /F1 10 Tf 72 700 Td (inside) Tj 0 -40 Td (below) Tj ET Q",
			want: "inside",
		},
		{
			// W takes effect when the path is painted as well.
			name:    "a clip set as the path is filled",
			content: "q 0.9 g 0 650 612 142 re W f 0 g BT /F1 10 Tf 72 700 Td (band) Tj 0 -100 Td (gone) Tj ET Q",
			want:    "band",
		},
	})
}
