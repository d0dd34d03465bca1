package nativetext

import (
	"context"
	"testing"

	"github.com/assay-pdf/assay/core"
)

func BenchmarkZZPaper(b *testing.B) {
	pages := make([]int, 60)
	for i := range pages {
		pages[i] = i + 1
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range []string{"tracemonkey_freetext", "comments", "pdkids", "calrgb"} {
			for _, err := range New().Extract(context.Background(), &core.Request{Source: "../../../shared/corpus/robustness/" + f + ".pdf", Pages: pages, Options: []byte(`{"no_picture_check":true}`)}) {
				_ = err
			}
		}
	}
}
