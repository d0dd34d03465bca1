package assay_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

// TestBatchesJoin checks that a document cut into batches, each part
// extracted alone and carried through Encode and Decode, joins into the
// output of one extraction of the whole, in every format.
func TestBatchesJoin(t *testing.T) {
	t.Parallel()
	x, err := assay.Open(assay.Config{Engines: []string{"nativetext"}})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	ctx := context.Background()
	for name, path := range map[string]string{
		"report-70": pdftest.Report(70).Write(t),
		"pages":     "testdata/pages.pdf",
		"columns":   "testdata/columns.pdf",
	} {
		t.Run(name, func(t *testing.T) {
			whole, err := x.Extract(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			n, err := x.Pages(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			all := make([]int, n)
			for i := range all {
				all[i] = i + 1
			}
			batches := assay.Batches(all)
			if want := (n + core.PageWindow - 1) / core.PageWindow; len(batches) != want {
				t.Fatalf("%d batches, want %d", len(batches), want)
			}
			var parts []*assay.Result
			for i := len(batches) - 1; i >= 0; i-- { // any order
				part, err := x.ExtractPages(ctx, path, batches[i])
				if err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				if err := part.Encode(&buf); err != nil {
					t.Fatal(err)
				}
				back, err := assay.Decode(&buf)
				if err != nil {
					t.Fatal(err)
				}
				parts = append(parts, back)
			}
			joined := assay.Join(path, n, parts)
			for _, o := range []assay.Output{{Format: "md", PageMarkers: true}, {Format: "md"}, {Format: "text"}, {Format: "json", Words: true}, {Format: "chunks"}} {
				want, got := render(t, whole, o), render(t, joined, o)
				if !bytes.Equal(want, got) {
					t.Errorf("%s: joined batches differ from the whole document\nwhole:\n%.600s\njoined:\n%.600s", o.Format, want, got)
				}
			}
		})
	}
}

// render writes r; JSON without the times, which differ from run to run.
func render(t *testing.T, r *assay.Result, o assay.Output) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := r.Write(&buf, o); err != nil {
		t.Fatal(err)
	}
	if o.Format != "json" {
		return buf.Bytes()
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc, "timings")
	for _, p := range doc["pages"].([]any) {
		for _, a := range p.(map[string]any)["attempts"].([]any) {
			delete(a.(map[string]any), "ms")
		}
	}
	out, _ := json.Marshal(doc)
	return out
}

func TestFailedAndEncodeErrors(t *testing.T) {
	t.Parallel()
	f := assay.Failed("doc.pdf", []int{3, 4}, core.ErrEngineCrashed)
	var buf bytes.Buffer
	if err := f.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := assay.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if back.Status != core.StatusFailed || len(back.Entries) != 2 || !errors.Is(back.Entries[1].Err, core.ErrEngineCrashed) {
		t.Errorf("decoded %+v", back.Result)
	}
	if _, err := assay.Decode(bytes.NewReader([]byte("{"))); err == nil {
		t.Error("a truncated encoding decoded")
	}
}
