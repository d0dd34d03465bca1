package nativetext

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// testdata/columns.pdf is made by Ghostscript from testdata/columns.ps
// (embedded Type 1 subsets, no ToUnicode).
func TestFixtureColumns(t *testing.T) {
	t.Parallel()
	res, err := extractAll(t, "testdata/columns.pdf", 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	p1 := res[1].Page
	want := "Fixture Title Across Columns " +
		"first column line one of text first column line two of text first column line three ends " +
		"second column line one of text second column line two of text second column line three ends " +
		"office fi cafØ and a closing sentence that runs across both of the columns above"
	if got := strings.Join(words(p1), " "); got != want {
		t.Errorf("page 1:\n got %q\nwant %q", got, want)
	}
	if len(p1.Blocks) == 0 || p1.Blocks[0].Kind != core.KindHeading {
		t.Errorf("first block is not a heading: %+v", p1.Blocks)
	}
	if !p1.Blocks[0].Lines[0].Words[0].Flags.Has(core.FlagBold) {
		t.Error("title not bold")
	}
	checkBoxes(t, p1)
	if got := strings.Join(words(res[2].Page), " "); got != "Second page" {
		t.Errorf("page 2: %q", got)
	}
	if res[1].Stats["unmapped_glyphs"] != 0 {
		t.Errorf("stats %v", res[1].Stats)
	}
}
