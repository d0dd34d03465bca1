package main

import (
	"bytes"
	"go/format"
	"log"
	"os"
)

// writeGo formats Go source and writes it to path.
func writeGo(path string, src *bytes.Buffer) {
	out, err := format.Source(src.Bytes())
	if err != nil {
		log.Fatalf("%s: %v", path, err)
	}
	writeFile(path, out)
}

func writeFile(path string, data []byte) {
	if err := os.WriteFile(path, data, 0o644); err != nil {
		log.Fatal(err)
	}
}

func readFile(path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	return b
}
