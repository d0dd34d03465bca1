package pdfdoc

import (
	"strings"
	"testing"
)

// agl searches aglTable, so the table must be in strictly increasing
// order of name: a name out of place would never be found.
func TestAGLTableSorted(t *testing.T) {
	t.Parallel()
	for i := 1; i < len(aglTable); i++ {
		if strings.Compare(aglTable[i-1].name, aglTable[i].name) >= 0 {
			t.Fatalf("aglTable[%d] %q is not after %q", i, aglTable[i].name, aglTable[i-1].name)
		}
	}
	for _, e := range aglTable {
		if r, ok := agl(e.name); !ok || r != e.r {
			t.Fatalf("agl(%q) = %U %v, want %U", e.name, r, ok, e.r)
		}
	}
}

func TestGlyphUnicode(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, want string
		ok         bool
	}{
		{"A", "A", true},
		{"Euro", "€", true},
		{"afii10017", "А", true},    // Cyrillic capital A
		{"zuhiragana", "ず", true},   // the list's last stretch
		{"a.sc", "a", true},         // a variant of a
		{"f_f_i", "ffi", true},      // a ligature by its parts
		{"uni00410042", "AB", true}, // uniXXXX, twice
		{"u1F600", "😀", true},
		{"trianglerightsld", "▸", true}, // the AMS symbols' name, Beamer's bullet
		// TeX's math fonts, which the AGL does not name.
		{"angbracketleft", "⟨", true},
		{"bardbl", "‖", true},
		{"epsilon1", "ε", true},
		{"negationslash", "\u0338", true},
		{"parenleftBigg", "(", true},      // cmex: a delimiter of a size
		{"angbracketrightbig", "⟩", true}, // of one of TeX's own
		{"summationdisplay", "∑", true},
		{"uniontext", "⋃", true}, // the n-ary union, not cmsy's '∪'
		// Mathematical Pi's numbered names, as AIP's papers set them.
		{"H20849", "(", true},
		{"H11006", "±", true},
		{"H99999", "", false},  // a number not seen drawn
		{"hatwide", "", false}, // an accent over what it spans
		{"big", "", false},
		{"gbig", "", false},
		{"uniD800", "", false}, // a surrogate
		{".notdef", "", false},
		{"g123", "", false},
		{"", "", false},
		{"Aa", "", false}, // between two names of the list
	} {
		if got, ok := GlyphUnicode(tc.name); got != tc.want || ok != tc.ok {
			t.Errorf("GlyphUnicode(%q) = %q %v, want %q %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

// The Symbol encoding's serif and sans copyright, registered and
// trademark signs are the ordinary characters, not the private-use points
// the Adobe Glyph List gives them.
func TestGlyphUnicodePlainForms(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"copyrightserif": "©", "copyrightsans": "©", "registerserif": "®", "registersans": "®",
		"trademarkserif": "™", "trademarksans": "™", "copyright": "©",
	} {
		if got, ok := GlyphUnicode(name); !ok || got != want {
			t.Errorf("GlyphUnicode(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
}

// TeX's layouts hold 128 names each, at the codes Computer Modern's
// fonts give them, and GlyphUnicode reads the names that draw characters.
func TestTeXEncodings(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		v     *[256]string
		code  int
		glyph string
		text  string
	}{
		{"OMS", &OMSEncoding, 0x00, "minus", "−"},
		{"OMS", &OMSEncoding, 0x18, "similar", "∼"},
		{"OMS", &OMSEncoding, 0x30, "prime", "′"},
		{"OMS", &OMSEncoding, 0x7F, "spade", "♠"},
		{"OML", &OMLEncoding, 0x0E, "delta", "δ"},
		{"OML", &OMLEncoding, 0x3A, "period", "."},
		{"OML", &OMLEncoding, 0x40, "partialdiff", "∂"},
		{"OMX", &OMXEncoding, 0x10, "parenleftBig", "("},
		{"OMX", &OMXEncoding, 0x50, "summationtext", "∑"},
		{"OMX", &OMXEncoding, 0x7F, "arrowdblbt", ""},
		{"OT1", &OT1Encoding, 0x02, "Theta", "Θ"},
		{"OT1", &OT1Encoding, 0x7F, "dieresis", "¨"},
	}
	for _, c := range cases {
		if got := c.v[c.code]; got != c.glyph {
			t.Errorf("%s code %#x is %q; want %q", c.name, c.code, got, c.glyph)
		}
		if c.text == "" {
			continue
		}
		if got, ok := GlyphUnicode(c.glyph); !ok || got != c.text {
			t.Errorf("%s %q reads %q, %v; want %q", c.name, c.glyph, got, ok, c.text)
		}
	}
	for name, v := range map[string]*[256]string{"OMS": &OMSEncoding, "OML": &OMLEncoding, "OMX": &OMXEncoding, "OT1": &OT1Encoding} {
		for code := range 256 {
			if (v[code] == "") != (code >= 128) {
				t.Errorf("%s code %#x holds %q; want a name below 128 only", name, code, v[code])
			}
		}
	}
}
