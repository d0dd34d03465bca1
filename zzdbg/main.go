package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/assay-pdf/assay/plugins/nativetext"
)

func main() {
	r, err := nativetext.Open(context.Background(), os.Args[1], nativetext.Options{})
	if err != nil {
		panic(err)
	}
	c, _ := r.Cells(context.Background(), 1)
	for _, b := range c.Layout() {
		if !strings.Contains(b.Text(), os.Args[2]) {
			continue
		}
		for _, l := range b.Lines {
			for _, w := range l.Words {
				fmt.Printf("%q %.1f-%.1f size %.1f\n", w.Text, w.BBox.X0, w.BBox.X1, w.Size)
			}
		}
	}
}
