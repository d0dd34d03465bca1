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
		{"CMMI10", 0}, // math italic: letters of formulas, not emphasis
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
