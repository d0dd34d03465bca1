package quality

import (
	"strings"
	"testing"
)

// BenchmarkScore scores a dense page of running text (about 3,000
// characters in 40 lines), as the router does for every page it reads:
// as a reading (OCR, a model), and as a text layer's.
func BenchmarkScore(b *testing.B) {
	line := "Night answer practice grimin 192 body chubem decide geannar cosirkvi month goshun, above"
	pr := page(strings.Repeat(line+"\n", 40))
	for _, bc := range []struct {
		name  string
		hints Hints
	}{
		{"reading", Hints{ExpectedChars: 3000}},
		{"text_layer", Hints{ExpectedChars: 3000, TextLayer: true}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Score(pr, bc.hints)
			}
		})
	}
}
