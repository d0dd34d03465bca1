package nativetext

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

func TestStyleOf(t *testing.T) {
	t.Parallel()
	const (
		b, i, m = core.FlagBold, core.FlagItalic, core.FlagMonospace
	)
	tests := []struct {
		name string
		want core.WordFlags
	}{
		{"TimesNewRomanPS-BoldMT", b},
		{"Arial-BoldItalicMT", b | i},
		{"SourceSansPro-Semibold", b},
		{"Futura-DemiBold", b},
		{"Helvetica-Oblique", i},
		{"CourierNewPSMT", m},
		{"DejaVuSansMono", m},
		{"FiraCode-Bold", b | m},
		{"Consolas", m},
		{"Source Code Pro", m},
		{"ArialUnicodeMS", 0}, // "code" alone says nothing
		{"Calibri", 0},
		{"KoPubDotumMedium", 0}, // Medium is not bold
		{"CMBX10", b},
		{"CMSSBX10", b},
		{"CMBXTI10", b | i},
		{"CMTI10", i},
		{"CMSL12", i},
		{"CMTT10", m},
		{"CMITT10", i | m},
		{"CMR10", 0},
		{"AdvTTaf7f9f4f.B", b}, // 3B2's hashed names: the suffix is the style
		{"AdvTT7329fd89.I", i},
		{"AdvOT1ef757c0.BI", b | i},
		{"AdvTT86d47313", 0},
		{"AdvPSTim-B", b}, // 3B2's named faces: the suffix is the style
		{"AdvEPSTIM-I", i},
		{"AdvTimes-bi", b | i},
		{"AdvTimes-SB", b},
		{"AdvGulliv-R", 0},
		{"AdvPSFT-LI", i},
		{"Frutiger-B", 0}, // not 3B2's: a suffix of one letter says nothing
		{"CMMI10", 0},     // math italic: letters of formulas, not emphasis
		{"CMSY10", 0},
		{"SFBX1000", b},
		{"SFTI1000", i},
		{"SFRM1000", 0},
		{"ECBI1200", b | i},
		{"NimbusRomNo9L-Medi", b},
		{"NimbusRomNo9L-MediItal", b | i},
		{"NimbusRomNo9L-ReguItal", i},
		{"NimbusRomNo9L-Regu", 0},
		{"NimbusSanL-BoldItal", b | i},
	}
	for _, tc := range tests {
		if got := styleOf(strings.ToLower(tc.name)); got != tc.want {
			t.Errorf("styleOf(%q) = %v; want %v", tc.name, got, tc.want)
		}
	}
}

// TestDescriptorStyleAndName: a font's descriptor says italic or bold,
// and the word is set so, unless the font's name says it is the regular
// face of its family (Distiller has written an oblique's descriptor for
// an upright Helvetica subset). A name that says nothing of its style
// leaves the descriptor to say it.
func TestDescriptorStyleAndName(t *testing.T) {
	t.Parallel()
	const italicDesc = "/Flags 96 /ItalicAngle -12"
	cases := []struct {
		name, base, desc string
		want             core.WordFlags
	}{
		{"subset Helvetica with an oblique's descriptor", "SLDRUJ+Helvetica", italicDesc, 0},
		{"Times-Roman with a bold weight", "Times-Roman", "/Flags 32 /FontWeight 700", 0},
		{"a Regular suffix", "ABCDEF+MinionPro-Regular", italicDesc, 0},
		{"an oblique named so", "ABCDEF+Helvetica-Oblique", italicDesc, core.FlagItalic},
		{"a name that says nothing", "ABCDEF+Sans", italicDesc, core.FlagItalic},
		{"a name that says nothing, bold", "ABCDEF+Sans", "/Flags 262176", core.FlagBold},
		{"Arial Black", "ABCDEF+Arial-Black", "/Flags 32 /FontWeight 900", core.FlagBold},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			font := "<< /Type /Font /Subtype /Type1 /BaseFont /" + c.base + " /Encoding /WinAnsiEncoding" +
				" /FontDescriptor << /Type /FontDescriptor /FontName /" + c.base + " " + c.desc + " >> >>"
			b := onePage("", "<< /Font << /F1 "+font+" >> >>", "BT /F1 12 Tf 72 700 Td (Rural adults) Tj ET")
			res, err := extractAll(t, b.Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, bl := range res[1].Page.Blocks {
				for _, l := range bl.Lines {
					for _, w := range l.Words {
						n++
						if got := w.Flags & (core.FlagBold | core.FlagItalic); got != c.want {
							t.Errorf("word %q flags %v; want %v", w.Text, got, c.want)
						}
					}
				}
			}
			if n == 0 {
				t.Fatalf("no words: %+v", res[1].Page)
			}
		})
	}
}
