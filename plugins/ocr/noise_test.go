package ocr

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

// TestDropNoise: a reading, or a picture's block, is noise when few of
// its characters lie in words read surely (two letters or digits, or one
// CJK character); words in a table's cells count; a picture's block of a
// few words is judged with the rest, and a page is judged whole; a
// reading with no confidences says nothing.
func TestDropNoise(t *testing.T) {
	t.Parallel()
	words := func(conf float64, texts ...string) []pxWord {
		var ws []pxWord
		for _, s := range texts {
			ws = append(ws, pxWord{text: s, conf: conf})
		}
		return ws
	}
	para := func(ls ...[]pxWord) pxBlock { return pxBlock{kind: core.KindParagraph, lines: ls} }
	printed := para(words(0.92, "The", "harbour", "was", "inspected", "in", "May"))
	fur := para(words(0.3, "ikon", "Sat", "oe", "So\"", "tee,", "aa", "SC", "pa", "Sc", "Seen"))
	table := pxBlock{kind: core.KindTable, table: &pxTable{rows: 1, cols: 2,
		cells: []pxCell{{row: 0, col: 0, words: words(0.95, "Total")}, {row: 0, col: 1, words: words(0.9, "42")}}}}
	for _, tc := range []struct {
		name    string
		blocks  []pxBlock
		byBlock bool
		kept    int // blocks kept
	}{
		{"print", []pxBlock{printed}, false, 1},
		{"a poor scan", []pxBlock{para(words(0.4, "Tbe", "harb0ur", "wos"), words(0.8, "inspected", "in", "May"))}, false, 1},
		{"a photograph", []pxBlock{fur}, false, 0},
		{"a picture with a caption", []pxBlock{fur, printed}, true, 1},
		{"a page of print with handwriting read with doubt", []pxBlock{fur, printed, printed}, false, 3},
		{"specks read surely", []pxBlock{para(words(0.9, "1", "T", "i", ".", "..", "!"), words(0.4, "i-", ".-.", "1-"))}, true, 0},
		{"short blocks of fragments", []pxBlock{para(words(0.3, "ae", "tae")), para(words(0.4, "cs", "big"))}, true, 0},
		{"a chart's labels among short fragments", []pxBlock{para(words(0.3, "ae", "tae", "cs")), para(words(0.4, "Pe", "SS", "AN")),
			para(words(0.3, "ait", "Nhs", "WY")), para(words(0.97, "50")), para(words(0.3, "OAYAXKWY", "LA}"))}, true, 1},
		{"a photograph's page with a word read surely", []pxBlock{para(words(0.3, "ae", "tae", "cs", "Pe", "SS", "AN", "ait", "Nhs", "WY")),
			para(words(0.3, "at", "gen"), words(0.71, "it"))}, false, 0},
		{"a doubtful label over print", []pxBlock{para(words(0.4, "ELOZO")), printed}, true, 2},
		{"Chinese characters", []pxBlock{para(words(0.9, "学", "校", "的", "门", "口"))}, false, 1},
		{"a table's cells", []pxBlock{table}, false, 1},
		{"no confidences", []pxBlock{para(words(0, "ae", "ther", "fags", "Hae,", "By?"))}, true, 1},
	} {
		if kept, gone := dropNoise(tc.blocks, tc.byBlock); len(kept) != tc.kept {
			t.Errorf("%s: kept %d blocks (%d words gone, share %.2f), want %d", tc.name, len(kept), gone.words, gone.share(), tc.kept)
		}
	}
}

// TestDropNoiseKeepsSureLines: a picture's block of fragments keeps the
// line that holds a word read surely, a map's label among its coastline.
func TestDropNoiseKeepsSureLines(t *testing.T) {
	t.Parallel()
	fur := []pxWord{{text: "ikon", conf: 0.3}, {text: "Sat", conf: 0.2}, {text: "oe", conf: 0.4}, {text: "tee,", conf: 0.3}, {text: "SC", conf: 0.1}}
	label := []pxWord{{text: "20685", conf: 0.4}, {text: "Roumanie", conf: 0.9}}
	b := pxBlock{kind: core.KindParagraph, lines: [][]pxWord{fur, fur, fur, fur, fur, label, fur}}
	kept, gone := dropNoise([]pxBlock{b}, true)
	if len(kept) != 1 || len(kept[0].lines) != 1 || kept[0].lines[0][1].text != "Roumanie" || gone.words != 30 {
		t.Errorf("kept %+v, %d words gone: want the label's line only, 30 words gone", kept, gone.words)
	}
}

// TestReadUpright: a page orientation detection turned, whose turned
// reading is no print, is read again as drawn, and that reading is kept
// where it is print; a page read as drawn, or whose turned reading is
// print, is read once.
func TestReadUpright(t *testing.T) {
	t.Parallel()
	line := func(conf float64, texts ...string) pxBlock {
		var ws []pxWord
		for _, s := range texts {
			ws = append(ws, pxWord{text: s, conf: conf})
		}
		return pxBlock{kind: core.KindParagraph, lines: [][]pxWord{ws}}
	}
	noise := []pxBlock{line(0.2, "siig", "Loo", "tatyhe", "dtf", "iagh", "Ere)")}
	print := []pxBlock{line(0.9, "Finally,", "weight", "management", "proven")}
	for _, tc := range []struct {
		name          string
		orient        bool
		rot           float64   // the turn the first reading reports
		turned, drawn []pxBlock // the readings with and without orientation
		reads, words  int       // readings made, words kept
		wantNote      bool
	}{
		{"turned, noise, print as drawn", true, 180, noise, print, 2, 4, true},
		{"turned, noise both ways", true, 180, noise, noise, 2, 0, false},
		{"turned, print", true, 90, print, noise, 1, 4, false},
		{"upright, noise", true, 0, noise, print, 1, 0, false},
		{"orientation off", false, 0, print, noise, 1, 0, false},
	} {
		reads := 0
		read := func(orient bool, st map[string]float64) ([]pxBlock, string, error) {
			reads++
			st[core.StageStatPrefix+"recognize"] = 10
			if orient {
				st[statRotation] = tc.rot
				return tc.turned, BackendTesseract, nil
			}
			st[statRotation] = 0
			return tc.drawn, BackendTesseract, nil
		}
		stats := map[string]float64{}
		kept, _, _, err := readUprightWith(read, tc.orient, stats)
		if err != nil {
			t.Fatal(err)
		}
		words := 0
		for _, b := range kept {
			for _, l := range b.lines {
				words += len(l)
			}
		}
		note := false
		for k := range stats {
			note = note || strings.Contains(k, "read as drawn")
		}
		if reads != tc.reads || words != tc.words || note != tc.wantNote || stats[core.StageStatPrefix+"recognize"] != float64(10*reads) {
			t.Errorf("%s: %d readings, %d words kept, note %v, stats %v; want %d, %d, %v",
				tc.name, reads, words, note, stats, tc.reads, tc.words, tc.wantNote)
		}
		if tc.wantNote && stats[statRotation] != 0 {
			t.Errorf("%s: rotation stat %v, want the reading's 0", tc.name, stats[statRotation])
		}
	}
}

// TestPictureWithoutPrint: a page that is one picture without print (a
// texture of leaves at the scale of letters, which Tesseract reads as
// 'ae', 'ther', 'fags' with little confidence) reads as no text, and the
// ledger says why; a scanned page of print still reads.
func TestPictureWithoutPrint(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	res := extract(t, e, leavesPDF(t), Options{}, 1)[0]
	if text := strings.TrimSpace(res.Page.Text()); text != "" {
		t.Errorf("text %q read from a picture without print", text)
	}
	if res.Stats[statNoiseWords] == 0 || !slicesContainsPrefix(res.Notes(), "OCR left out") {
		t.Errorf("stats %v, notes %q: want the words left out counted and a note", res.Stats, res.Notes())
	}
	scan := extract(t, e, testdata("scan.pdf"), Options{}, 1)[0]
	if !strings.Contains(scan.Page.Text(), "Harbour") || scan.Stats[statNoiseWords] != 0 {
		t.Errorf("scan read as %q (stats %v)", scan.Page.Text(), scan.Stats)
	}
}

// slicesContainsPrefix reports whether a string of ss starts with p.
func slicesContainsPrefix(ss []string, p string) bool {
	for _, s := range ss {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// leavesPDF writes a page of one 300 dpi grayscale picture: thousands of
// small sharp-edged ellipses of random shades, as leaves seen from the
// air, at the scale of printed letters.
func leavesPDF(t *testing.T) string {
	t.Helper()
	const w, h = 1200, 1600
	r := rand.New(rand.NewSource(7))
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = 200
	}
	for range 9000 {
		cx, cy, rx, ry := r.Intn(w), r.Intn(h), 3+r.Intn(14), 3+r.Intn(14)
		v := uint8(20 + r.Intn(200))
		for y := max(cy-ry, 0); y <= min(cy+ry, h-1); y++ {
			for x := max(cx-rx, 0); x <= min(cx+rx, w-1); x++ {
				dx, dy := float64(x-cx)/float64(rx), float64(y-cy)/float64(ry)
				if dx*dx+dy*dy <= 1 {
					g.Pix[y*g.Stride+x] = v
				}
			}
		}
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	if _, err := zw.Write(g.Pix); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	b := pdftest.OnePage("/MediaBox [0 0 288 384]", "<< /XObject << /Im0 5 0 R >> >>", "288 0 0 384 0 0 cm /Im0 Do",
		pdftest.Stream(fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode", w, h), z.String()))
	path := filepath.Join(t.TempDir(), "leaves.pdf")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
