package assay_test

import (
	"context"
	"errors"
	"testing"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/core"
)

func TestOpenAndErrors(t *testing.T) {
	t.Parallel()
	if _, err := assay.Open(assay.Config{Engines: []string{"ocr:nonsense"}}); !errors.Is(err, core.ErrBadRequest) {
		t.Errorf("bad step: %v, want ErrBadRequest", err)
	}
	x, err := assay.Open(assay.Config{Engines: []string{"nativetext"}})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	res, err := x.Extract(context.Background(), "testdata/bad/encrypted.pdf")
	if !errors.Is(err, core.ErrEncrypted) || res == nil || res.Err == nil {
		t.Errorf("encrypted: %v, result %+v", err, res)
	}
	res, err = x.Extract(context.Background(), "testdata/pages.pdf")
	if err != nil || len(res.Entries) != 5 {
		t.Fatalf("pages.pdf: %v, %d entries", err, len(res.Entries))
	}
	text, err := res.Text()
	if err != nil || text == "" {
		t.Errorf("text %q, %v", text, err)
	}
}
