package ocr

import (
	"image"
	"slices"
	"testing"
)

// TestForeignRegions finds the runs of lines that a Latin reading read
// mostly with doubt: a passage in another script among English lines.
func TestForeignRegions(t *testing.T) {
	t.Parallel()
	// row makes a line of n words at y, doubtful of them read at 0.2.
	row := func(y, n, doubtful int) []pxWord {
		var ws []pxWord
		for i := range n {
			conf := 0.95
			if i < doubtful {
				conf = 0.2
			}
			ws = append(ws, pxWord{text: "w", box: image.Rect(i*60, y, i*60+50, y+20), conf: conf})
		}
		return ws
	}
	cat := func(rows ...[]pxWord) []pxWord { return slices.Concat(rows...) }
	tests := []struct {
		name  string
		items []pxWord
		want  []image.Rectangle
	}{
		{"English lines, a few doubtful words", cat(row(0, 8, 1), row(30, 8, 2), row(60, 8, 0)), nil},
		{"a passage of two lines", cat(row(0, 8, 0), row(30, 6, 5), row(60, 7, 6), row(90, 8, 1)),
			[]image.Rectangle{image.Rect(0, 30, 410, 80)}},
		{"two passages apart", cat(row(0, 6, 6), row(30, 8, 0), row(60, 6, 4)),
			[]image.Rectangle{image.Rect(0, 0, 350, 20), image.Rect(0, 60, 350, 80)}},
		{"a line too short to judge", cat(row(0, 2, 2)), nil},
		{"a passage's short last line", cat(row(0, 6, 5), row(30, 1, 1), row(60, 8, 0)),
			[]image.Rectangle{image.Rect(0, 0, 350, 50)}},
		{"a passage's heading, half doubtful", cat(row(0, 8, 0), row(30, 2, 1), row(60, 6, 5), row(90, 8, 0)),
			[]image.Rectangle{image.Rect(0, 30, 350, 80)}},
		{"a heading read surely over a passage", cat(row(0, 8, 0), row(30, 2, 0), row(60, 6, 5)),
			[]image.Rectangle{image.Rect(0, 60, 350, 80)}},
		{"a short doubtful line apart from the passage", cat(row(0, 2, 2), row(30, 8, 0), row(60, 6, 5)),
			[]image.Rectangle{image.Rect(0, 60, 350, 80)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := foreignRegions(tc.items); !slices.Equal(got, tc.want) {
				t.Errorf("foreignRegions = %v; want %v", got, tc.want)
			}
		})
	}
}
