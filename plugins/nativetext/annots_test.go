package nativetext

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// appearanceStream is a form XObject of bounding box bbox (and more
// dictionary entries) that draws a box and the text show with Helvetica
// 10 at (2, 5).
func appearanceStream(bbox, more, show string) string {
	return stream("/Type /XObject /Subtype /Form /BBox ["+bbox+"] "+more+
		" /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>",
		"0 0 m 100 0 l 100 10 l S BT /F1 10 Tf 2 5 Td ("+show+") Tj ET")
}

// TestAnnotationAppearances: the text of the appearances a viewer shows
// is part of the page (a form field's value, a checkbox's state); a
// hidden annotation's, a link's and a state not selected are not. The
// appearance is fitted to its rectangle, and its paths are no page facts.
func TestAnnotationAppearances(t *testing.T) {
	t.Parallel()
	path := onePage("/Annots [5 0 R 7 0 R 9 0 R 12 0 R 14 0 R]", helvRes,
		"BT /F1 12 Tf 72 700 Td (Form) Tj ET",
		"<< /Type /Annot /Subtype /Widget /Rect [100 600 300 620] /AP << /N 6 0 R >> >>",
		appearanceStream("0 0 200 20", "", "Jane"),
		"<< /Type /Annot /Subtype /FreeText /F 2 /Rect [100 500 300 520] /AP << /N 8 0 R >> >>",
		appearanceStream("0 0 200 20", "", "Hidden"),
		"<< /Type /Annot /Subtype /Widget /Rect [100 400 300 420] /AS /Off /AP << /N << /Yes 10 0 R /Off 11 0 R >> >> >>",
		appearanceStream("0 0 200 20", "", "Chosen"),
		appearanceStream("0 0 200 20", "", "Unchosen"),
		// A box of 100 by 10 fitted to a rectangle of 200 by 20: twice
		// the size, the text at 100 + 2×2.
		"<< /Type /Annot /Subtype /Widget /Rect [100 300 300 320] /AP << /N 13 0 R >> >>",
		appearanceStream("0 0 100 10", "", "Scaled"),
		"<< /Type /Annot /Subtype /Link /Rect [100 200 300 220] /AP << /N 15 0 R >> >>",
		appearanceStream("0 0 200 20", "", "Link"),
	).Write(t)
	res, err := extractAll(t, path, 1)
	if err != nil {
		t.Fatal(err)
	}
	r := res[1]
	got := words(r.Page)
	for _, w := range []string{"Form", "Jane", "Unchosen", "Scaled"} {
		if !slices.Contains(got, w) {
			t.Errorf("%q missing from %q", w, got)
		}
	}
	for _, w := range []string{"Hidden", "Chosen", "Link"} {
		if slices.Contains(got, w) {
			t.Errorf("%q in %q", w, got)
		}
	}
	for _, b := range r.Page.Blocks {
		for _, l := range b.Lines {
			for _, w := range l.Words {
				if w.Text == "Scaled" && (w.Size != 20 || math.Abs(w.BBox.X0-104) > 0.01) {
					t.Errorf("Scaled: size %v at x %v, want 20 at 104", w.Size, w.BBox.X0)
				}
			}
		}
	}
	if n := r.Stats[core.FactPathOps]; n != 0 {
		t.Errorf("path ops %v, want 0: the appearances' boxes are not the page's drawing", n)
	}
}

// TestAppearanceRepeatsPage: a push button that labels itself both in
// the page's content and in its appearance, at a slightly different
// scale, reads once (LaTeX's hyperref does so); a field whose value is
// not the text under it keeps it.
func TestAppearanceRepeatsPage(t *testing.T) {
	t.Parallel()
	path := onePage("/Annots [5 0 R 7 0 R]", helvRes,
		"BT /F1 10 Tf 102 605 Td (Submit) Tj ET BT /F1 10 Tf 102 505 Td (Name:) Tj ET",
		// The appearance's box of 100 by 10 fitted to 106 by 11.
		"<< /Type /Annot /Subtype /Widget /Rect [100 600 206 611] /AP << /N 6 0 R >> >>",
		appearanceStream("0 0 100 10", "", "Submit"),
		"<< /Type /Annot /Subtype /Widget /Rect [140 500 340 520] /AP << /N 8 0 R >> >>",
		appearanceStream("0 0 200 20", "", "Jane"),
	).Write(t)
	res, err := extractAll(t, path, 1)
	if err != nil {
		t.Fatal(err)
	}
	got := words(res[1].Page)
	if want := []string{"Submit", "Name:", "Jane"}; !slices.Equal(got, want) {
		t.Errorf("words %q, want %q", got, want)
	}
}

// TestAppearanceFit: the matrix that fits an appearance's box, after its
// own matrix, to the annotation's rectangle.
func TestAppearanceFit(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name              string
		bbox, m, rect     []float64
		ok                bool
		wantX, wantY, atX float64 // the point (atX, 0) of the form lands at (wantX, wantY)
	}{
		{"same size", []float64{0, 0, 50, 10}, nil, []float64{10, 20, 60, 30}, true, 15, 20, 5},
		{"scaled", []float64{0, 0, 50, 10}, nil, []float64{10, 20, 110, 40}, true, 20, 20, 5},
		{"rect corners swapped", []float64{0, 0, 50, 10}, nil, []float64{60, 30, 10, 20}, true, 15, 20, 5},
		// A quarter turn: the form's box 50 wide becomes 50 high.
		{"turned by its matrix", []float64{0, 0, 50, 10}, []float64{0, 1, -1, 0, 0, 0}, []float64{0, 0, 10, 50}, true, 10, 5, 5},
		{"empty box", []float64{0, 0, 0, 10}, nil, []float64{0, 0, 10, 10}, false, 0, 0, 0},
		{"empty rectangle", []float64{0, 0, 10, 10}, nil, []float64{5, 5, 5, 9}, false, 0, 0, 0},
		{"no box", nil, nil, []float64{0, 0, 10, 10}, false, 0, 0, 0},
	} {
		a, ok := fitAppearance(tc.bbox, tc.m, tc.rect)
		if ok != tc.ok {
			t.Errorf("%s: ok %v, want %v", tc.name, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		ctm := a
		if tc.m != nil {
			ctm = pdfdoc.Matrix{tc.m[0], tc.m[1], tc.m[2], tc.m[3], tc.m[4], tc.m[5]}.Mul(a)
		}
		if x, y := ctm.Apply(tc.atX, 0); math.Abs(x-tc.wantX) > 1e-9 || math.Abs(y-tc.wantY) > 1e-9 {
			t.Errorf("%s: (%v, 0) lands at (%v, %v), want (%v, %v)", tc.name, tc.atX, x, y, tc.wantX, tc.wantY)
		}
	}
}

// TestHostileAnnotations: annotations that cannot be drawn, or whose
// appearance runs itself, leave the page's text as it is.
func TestHostileAnnotations(t *testing.T) {
	t.Parallel()
	selfDrawing := stream("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /X 6 0 R >> >>", "/X Do")
	for _, tc := range []struct {
		name, annots string
		more         []string
	}{
		{"appearance draws itself", "[5 0 R]", []string{"<< /Subtype /Widget /Rect [0 0 10 10] /AP << /N 6 0 R >> >>", selfDrawing}},
		{"rectangle out of range", "[5 0 R]", []string{"<< /Subtype /Widget /Rect [0 0 1e308 1e308] /AP << /N 6 0 R >> >>", appearanceStream("0 0 10 10", "", "Far")}},
		{"empty box", "[5 0 R]", []string{"<< /Subtype /Widget /Rect [0 0 10 10] /AP << /N 6 0 R >> >>", appearanceStream("0 0 0 0", "", "Flat")}},
		{"no appearance", "[5 0 R]", []string{"<< /Subtype /Widget /Rect [0 0 10 10] /AP << /D 6 0 R >> >>", appearanceStream("0 0 10 10", "", "Down")}},
		{"appearance not a stream", "[5 0 R]", []string{"<< /Subtype /Widget /Rect [0 0 10 10] /AP << /N 42 >> >>"}},
		{"Annots not an array", "5 0 R", []string{"<< /Subtype /Widget >>"}},
		{"annotation not a dictionary", "[(text) 7 null]", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := onePage("/Annots "+tc.annots, helvRes, "BT /F1 12 Tf 72 700 Td (Body) Tj ET", tc.more...).Write(t)
			res, err := extractAll(t, path, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got := words(res[1].Page); !slices.Equal(got, []string{"Body"}) {
				t.Errorf("words %q, want [Body]", got)
			}
		})
	}
}

// TestFieldValues: where the form asks the viewer to build its fields'
// appearances (/NeedAppearances, as LibreOffice writes and as programs
// that fill forms set), a field's value is what the page shows, whatever
// its appearance stream draws (nothing, or a stale value): a text field's
// text (inherited from its parent field, wrapped in a multi-line field), a
// combo box's choice by its shown name, a list box's options from the
// first shown. A password field stays masked as its appearance draws it.
func TestFieldValues(t *testing.T) {
	t.Parallel()
	empty := stream("/Type /XObject /Subtype /Form /BBox [0 0 200 20]", "/Tx BMC EMC")
	widget := func(rect, more string) string {
		return "<< /Type /Annot /Subtype /Widget /Rect [" + rect + "] /DA (/Helv 0 Tf 0 g) " + more + " >>"
	}
	b := onePage("/Annots [5 0 R 6 0 R 7 0 R 8 0 R 9 0 R 10 0 R 12 0 R]", helvRes,
		"BT /F1 10 Tf 72 703 Td (Name:) Tj 0 -50 Td (Country:) Tj 0 -50 Td (Colours:) Tj 0 -100 Td (Notes:) Tj 0 -100 Td (Code:) Tj 0 -50 Td (Town:) Tj 0 -50 Td (Street:) Tj ET",
		widget("140 698 340 718", "/FT /Tx /V (Jane Doe) /AP << /N 13 0 R >>"),
		widget("140 648 340 668", "/FT /Ch /Ff 131072 /Opt [[(de) (Germany)] [(fr) (France)]] /V (fr) /AP << /N 13 0 R >>"),
		widget("140 560 340 618", "/FT /Ch /Opt [(Red) (Green) (Blue)] /TI 1 /AP << /N 13 0 R >>"),
		widget("140 440 240 518", "/FT /Tx /Ff 4096 /DA (/Helv 10 Tf 0 g) /V (The quick brown fox jumps over the lazy dog) /AP << /N 13 0 R >>"),
		widget("140 398 340 418", "/FT /Tx /Ff 8192 /V (secret) /AP << /N 14 0 R >>"),
		widget("140 348 340 368", "/Parent 11 0 R /AP << /N 13 0 R >>"),
		"<< /FT /Tx /T (town) /V (Springfield) >>",
		widget("140 298 340 318", "/FT /Tx /V (New Street) /AP << /N 15 0 R >>"),
		empty,
		appearanceStream("0 0 200 20", "", "******"),
		appearanceStream("0 0 200 20", "", "Old Street"),
	)
	b.Set(1, "<< /Type /Catalog /Pages 2 0 R /AcroForm << /NeedAppearances true /DR "+formFonts+" >> >>")
	res, err := extractAll(t, b.Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	lines := lineTexts(res[1].Page)
	text := strings.Join(lines, "\n")
	for _, w := range []string{"Jane Doe", "France", "Green", "Blue", "Springfield", "New Street", "******"} {
		if !strings.Contains(text, w) {
			t.Errorf("%q missing from %q", w, lines)
		}
	}
	for _, w := range []string{"Germany", "Red", "secret", "Old"} {
		if strings.Contains(text, w) {
			t.Errorf("%q in %q", w, lines)
		}
	}
	// 100 points less padding hold about 19 ems of Helvetica at 10 pt:
	// the sentence of 43 characters wraps onto three lines, and reads in
	// its order.
	const want = "The quick brown fox jumps over the lazy dog"
	var sentence []string
	for _, l := range lines {
		if slices.Contains(strings.Fields(want), strings.Fields(l)[0]) {
			sentence = append(sentence, l)
		}
	}
	if got := strings.Join(sentence, " "); len(sentence) < 2 || got != want {
		t.Errorf("multi-line value read as %q, want its words in order on several lines", sentence)
	}
}

// formFonts is a form's /DR: Helvetica as /Helv, the name its fields'
// /DA give.
const formFonts = "<< /Font << /Helv << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>"

// TestFieldAppearanceKept: where the form does not ask the viewer to
// build appearances, a field's appearance is what shows, even where its
// value differs; a widget with no appearance at all shows its value.
func TestFieldAppearanceKept(t *testing.T) {
	t.Parallel()
	b := onePage("/Annots [5 0 R 7 0 R]", helvRes,
		"BT /F1 10 Tf 72 703 Td (Street:) Tj 0 -50 Td (Name:) Tj ET",
		"<< /Type /Annot /Subtype /Widget /Rect [140 698 340 718] /FT /Tx /V (New Street) /DA (/Helv 0 Tf 0 g) /AP << /N 6 0 R >> >>",
		appearanceStream("0 0 200 20", "", "Old Street"),
		"<< /Type /Annot /Subtype /Widget /Rect [140 648 340 668] /FT /Tx /V (Jane) /DA (/Helv 0 Tf 0 g) >>",
	)
	b.Set(1, "<< /Type /Catalog /Pages 2 0 R /AcroForm << /DR "+formFonts+" >> >>")
	res, err := extractAll(t, b.Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := words(res[1].Page), []string{"Street:", "Old", "Street", "Name:", "Jane"}; !slices.Equal(got, want) {
		t.Errorf("words %q, want %q", got, want)
	}
}
