package ocr

import (
	"strings"
	"testing"
)

// TestLineImagesUnencoded: libtesseract's pixWriteMem is pixmem.c's; a
// PNG asked of it comes back in Leptonica's serialised form, which reads
// back to the same samples; another format (PNM) is still Leptonica's.
func TestLineImagesUnencoded(t *testing.T) {
	t.Parallel()
	if bindingOf("pixWriteMem", "liblept") != boundOurs {
		t.Fatal("pixWriteMem binds to Leptonica's, not pixmem.c's: libtesseract would deflate every line")
	}
	cases := []struct {
		name   string
		format int
		magic  string
	}{
		{"png asked", iffPNG, "spix"},
		{"pnm passed on", iffPNM, "P5"},
	}
	for _, c := range cases {
		for _, size := range [][2]int{{1, 1}, {37, 5}, {640, 48}} {
			magic, same, ok := pixMemRoundTrip(size[0], size[1], c.format)
			if !ok {
				t.Fatalf("%s %v: write or read failed", c.name, size)
			}
			if !strings.HasPrefix(magic, c.magic) {
				t.Errorf("%s %v: encoding starts %q; want %q", c.name, size, magic, c.magic)
			}
			if !same {
				t.Errorf("%s %v: the samples read back differ", c.name, size)
			}
		}
	}
}
