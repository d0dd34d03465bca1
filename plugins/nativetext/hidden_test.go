package nativetext

import (
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestHiddenWhiteText: text filled white where the page paints nothing,
// before or after it, is no text a reader sees and is left out, counted
// in hidden_glyphs (a caption's label repeated in white to indent its
// lines, us-002; the Federal Register's white tracking line). White text
// on a fill, on a thick stroke, on a picture or under a scan drawn over
// it, or outlined, is kept.
func TestHiddenWhiteText(t *testing.T) {
	t.Parallel()
	img := stream("/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8", "\x20")
	const res = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> /XObject << /Im1 5 0 R >>" +
		" /ColorSpace << /Ix [/Indexed /DeviceRGB 1 <000000FFFFFF>] >> >>"
	const seen = "BT /F1 10 Tf 72 720 Td (Seen) Tj ET\n"
	white := func(extra string) string { return "q 1 g " + extra + "BT /F1 10 Tf 100 500 Td (Whited) Tj ET Q\n" }
	for _, tc := range []struct {
		name, content string
		kept          bool
	}{
		{"on the white page", seen + white(""), false},
		{"on a dark fill", seen + "q 0 0 1 rg 90 490 100 30 re f Q\n" + white(""), true},
		{"on a thick stroke", seen + "q 0 0 1 RG 20 w 90 506 m 190 506 l S Q\n" + white(""), true},
		{"on a picture", seen + "q 200 0 0 100 80 450 cm /Im1 Do Q\n" + white(""), true},
		{"under a scan", seen + white("") + "q 200 0 0 100 80 450 cm /Im1 Do Q\n", true},
		{"outlined", seen + white("0 G 2 Tr "), true},
		{"in an indexed colour", seen + "q /Ix cs 1 scn BT /F1 10 Tf 100 500 Td (Whited) Tj ET Q\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkHidden(t, onePage("", res, tc.content, img).Write(t), tc.kept, "Whited")
		})
	}
}

// TestOptionalContentOff: text in optional content the document's
// default configuration turns off is not on the page a reader sees
// (pdf.js's issue269_2: a chess board's square names in hidden layers),
// and is left out, counted in hidden_glyphs: marked with /OC, drawn by a
// form XObject with /OC, or under a membership dictionary whose policy
// its groups fail. Text in groups left on, and a membership whose policy
// holds, is read.
func TestOptionalContentOff(t *testing.T) {
	t.Parallel()
	// Objects 5 and 6 are groups, 6 turned off; 7 a membership
	// dictionary, 8 a form drawn in group 6.
	const res = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >>" +
		" /Properties << /On 5 0 R /Off 6 0 R /AllOn 7 0 R /AnyOn 9 0 R >> /XObject << /Fm 8 0 R >> >>"
	const ocp = "<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [5 0 R 6 0 R] /D << /OFF [6 0 R] >> >> >>"
	form := stream("/Type /XObject /Subtype /Form /BBox [0 0 612 792] /OC 6 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>",
		"BT /F1 10 Tf 72 500 Td (Formed) Tj ET")
	for _, tc := range []struct {
		name, content string
		kept          bool
	}{
		{"a group left on", "/OC /On BDC BT /F1 10 Tf 72 600 Td (Layered) Tj ET EMC", true},
		{"a group turned off", "/OC /Off BDC BT /F1 10 Tf 72 600 Td (Layered) Tj ET EMC", false},
		{"nested under one turned off", "/OC /Off BDC /OC /On BDC BT /F1 10 Tf 72 600 Td (Layered) Tj ET EMC EMC", false},
		{"a form in a group turned off", "/Fm Do", false},
		{"all of a membership's groups on", "/OC /AllOn BDC BT /F1 10 Tf 72 600 Td (Layered) Tj ET EMC", false},
		{"any of a membership's groups on", "/OC /AnyOn BDC BT /F1 10 Tf 72 600 Td (Layered) Tj ET EMC", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b := onePage("", res, "BT /F1 10 Tf 72 720 Td (Seen) Tj ET "+tc.content,
				"<< /Type /OCG /Name (On) >>", "<< /Type /OCG /Name (Off) >>",
				"<< /Type /OCMD /OCGs [5 0 R 6 0 R] /P /AllOn >>", form,
				"<< /Type /OCMD /OCGs [5 0 R 6 0 R] >>")
			b.Set(1, ocp)
			checkHidden(t, b.Write(t), tc.kept, "Layered", "Formed")
		})
	}
}

// TestHiddenAfterActualText: a span's ActualText replaces the glyphs it
// marks, so the page's glyphs shift; a white glyph's mark goes with the
// glyph, and the visible text drawn after it stays (a draft that noted
// white glyphs by index dropped the glyph that took the index).
func TestHiddenAfterActualText(t *testing.T) {
	t.Parallel()
	content := "BT /F1 10 Tf 72 720 Td (Seen) Tj ET\n" +
		"/Span << /ActualText (ab) >> BDC q 1 g BT /F1 10 Tf 100 500 Td (Whited text) Tj ET Q EMC\n" +
		"BT /F1 10 Tf 72 400 Td (Visible after it) Tj ET\n"
	r, err := extractAll(t, onePage("", helvRes, content).Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	p := r[1].Page
	text := p.Text()
	for _, want := range []string{"Seen", "Visible after it"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q is lost: %q", want, text)
		}
	}
}

// checkHidden extracts page 1 of path, whose 'Seen' must be read, and
// checks that one of the texts is kept or not as kept says, and that
// hidden_glyphs and the ledger's notes say so.
func checkHidden(t *testing.T, path string, kept bool, texts ...string) {
	t.Helper()
	r, err := extractAll(t, path, 1)
	if err != nil {
		t.Fatal(err)
	}
	p := r[1].Page
	text := p.Text()
	if !strings.Contains(text, "Seen") {
		t.Fatalf("the visible text is lost: %q", text)
	}
	if got := slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(text, s) }); got != kept {
		t.Errorf("text kept: %v, want %v; text %q", got, kept, text)
	}
	if hidden := r[1].Stats[core.FactHiddenGlyphs]; (hidden == 0) != kept {
		t.Errorf("hidden_glyphs %v with the text kept %v", hidden, kept)
	}
	if noted := len(r[1].Notes()) > 0; noted == kept {
		t.Errorf("the ledger's notes %q with the text kept %v", r[1].Notes(), kept)
	}
}
