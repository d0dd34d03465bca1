package textclean

import "testing"

func TestAccented(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ letter, accent, want string }{
		{"o", "¨", "ö"}, {"O", "¨", "Ö"}, {"e", "´", "é"}, {"c", "¸", "ç"}, {"n", "˜", "ñ"},
		{"ı", "ˆ", "î"}, {"s", "ˇ", "š"}, {"a", "˚", "å"}, {"g", "˘", "ğ"},
		{"m", "˜", "m\u0303"}, // no such letter: the mark combines
		{"o", "x", "o"},
	} {
		got, ok := Accented(c.letter, c.accent)
		if got != c.want || ok != (c.accent != "x") {
			t.Errorf("Accented(%q, %q) = %q, %v; want %q", c.letter, c.accent, got, ok, c.want)
		}
	}
	if !SpacingAccent("¨") || SpacingAccent("a") || SpacingAccent("¨¨") {
		t.Error("SpacingAccent")
	}
}

func TestOverlaid(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		host, overlay, want string
		ok                  bool
	}{
		{"=", NegationSlash, "≠", true},
		{"∈", NegationSlash, "∉", true},
		{"⊂", NegationSlash, "⊄", true},
		{"∼", NegationSlash, "≁", true},
		{"⋆", NegationSlash, "⋆\u0338", true}, // no such symbol: the mark combines
		{"c", BigCircle, "©", true},
		{"x", BigCircle, "x", false},
		{"==", NegationSlash, "==", false},
		{"=", "/", "=", false},
	} {
		got, ok := Overlaid(c.host, c.overlay)
		if got != c.want || ok != c.ok {
			t.Errorf("Overlaid(%q, %q) = %q, %v; want %q, %v", c.host, c.overlay, got, ok, c.want, c.ok)
		}
	}
	if !Overlay(NegationSlash) || !Overlay(BigCircle) || Overlay("/") {
		t.Error("Overlay")
	}
}
