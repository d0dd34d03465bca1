package assay_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/output"
)

// Extract a born-digital PDF to Markdown with the text layer alone.
func Example() {
	x, err := assay.Open(assay.Config{Engines: []string{"nativetext"}})
	if err != nil {
		log.Fatal(err)
	}
	defer x.Close()
	res, err := x.Extract(context.Background(), "testdata/simple.pdf")
	if err != nil {
		log.Fatal(err)
	}
	md, err := res.Markdown()
	if err != nil {
		log.Fatal(err)
	}
	first, _, _ := strings.Cut(md, "\n")
	fmt.Println(first)
	fmt.Println(res.Entries[0].Status, "by", res.Entries[0].Engine)
	// Output:
	// # Quarterly Extraction Report
	// ok by nativetext
}

// Extract a PDF from a reader, and cut it into chunks for retrieval.
func ExampleExtractor_ExtractReader() {
	x, err := assay.Open(assay.Config{Engines: []string{"nativetext"}})
	if err != nil {
		log.Fatal(err)
	}
	defer x.Close()
	f, err := os.Open("testdata/simple.pdf")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	res, err := x.ExtractReader(context.Background(), f)
	if err != nil {
		log.Fatal(err)
	}
	chunks, err := res.Chunks(output.ChunkOptions{DocID: "simple"})
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range chunks {
		fmt.Println(c.ID, c.HeadingPath, c.Tokens > 0)
	}
	// Output:
	// simple-0001 [Quarterly Extraction Report 1. Summary] true
	// simple-0002 [Quarterly Extraction Report 2. Findings] true
}
