package output

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
)

// TestNotesOnce: a note repeated at the foot of every page (marked page
// footer, as furniture) is printed once, where it first stands, by the
// writers that leave running heads and feet out; the folio and a long
// one-line running head are not printed at all, and the result given is
// not changed.
func TestNotesOnce(t *testing.T) {
	t.Parallel()
	note := text(core.KindPageFooter, 0, "# On and from 16 March 2019, this account is no longer available", "for sale, or able to be activated, for any loan.")
	mark := text(core.KindPageFooter, 0, "† Products no longer available for sale for new fundings from 29 September 2018.")
	var entries []merge.Entry
	for n := 1; n <= 3; n++ {
		head := text(core.KindPageHeader, 0, fmt.Sprintf("IEEE TRANSACTIONS ON INFORMATION FORENSICS AND SECURITY, VOL. %d, NO. X, JULY 2016", n))
		folio := text(core.KindPageFooter, 0, fmt.Sprintf("Page %d", n))
		body := text(core.KindParagraph, 0, fmt.Sprintf("Body of page %d.", n))
		entries = append(entries, merge.Entry{Number: n, Status: core.StatusOK, Page: core.Page{Number: n, Blocks: []core.Block{head, body, note, mark, folio}}})
	}
	res := &merge.Result{Entries: entries}
	var buf bytes.Buffer
	if err := Markdown(&buf, res, MarkdownOptions{}); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	for want, n := range map[string]int{"no longer available for sale, or able": 1, "† Products": 1, "Page ": 0, "IEEE": 0, "Body of page": 3} {
		if got := strings.Count(md, want); got != n {
			t.Errorf("%q printed %d times, want %d:\n%s", want, got, n, md)
		}
	}
	if strings.Index(md, "† Products") > strings.Index(md, "Body of page 2") {
		t.Errorf("the note is not where it first stands:\n%s", md)
	}
	if k := res.Entries[0].Page.Blocks[2].Kind; k != core.KindPageFooter {
		t.Errorf("the result's note became %s", k)
	}
	chunks, err := BuildChunks(res, ChunkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, c := range chunks {
		all.WriteString(c.Text)
	}
	if got := strings.Count(all.String(), "† Products"); got != 1 {
		t.Errorf("the chunks hold the note %d times, want 1", got)
	}
}
