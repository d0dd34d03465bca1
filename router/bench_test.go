package router

import (
	"fmt"
	"testing"
)

// BenchmarkRouterOverhead measures what the router adds around an engine
// that answers instantly: opening the document, scoring and merging.
func BenchmarkRouterOverhead(b *testing.B) {
	eng := &fake{name: "native", cost: 1, text: func(p int) string {
		return fmt.Sprintf("This is the body text of page number %d with enough words to score.", p)
	}}
	r := New(Config{Plan: FixedPlan([]string{"native"})}, registry(eng))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Extract(b.Context(), fivePages, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/5, "µs/page")
}
