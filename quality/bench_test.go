package quality

import (
	"strings"
	"testing"
)

// BenchmarkScore scores a dense page of running text (about 3,000
// characters in 40 lines), as the router does for every page it reads.
func BenchmarkScore(b *testing.B) {
	line := "Night answer practice grimin 192 body chubem decide geannar cosirkvi month goshun, above"
	pr := page(strings.Repeat(line+"\n", 40))
	b.ReportAllocs()
	for b.Loop() {
		Score(pr, Hints{ExpectedChars: 3000})
	}
}
