package nativetext

import (
	"fmt"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestStatementsNoHeadings: a paper's authors set under its title larger
// than the body, and a pull quote set larger, are paragraphs, not
// headings over what follows; the title, a section's heading and a
// question set as large over its answer stay headings.
func TestStatementsNoHeadings(t *testing.T) {
	t.Parallel()
	body := func(y int, text string) string {
		var s string
		for i := range 6 {
			s += fmt.Sprintf("BT /F1 10 Tf 1 0 0 1 72 %d Tm (%s) Tj ET\n", y-12*i, text)
		}
		return s
	}
	for _, c := range []struct {
		name, content string
		want          map[string]core.BlockKind
	}{
		{"a byline", "BT /F1 18 Tf 1 0 0 1 72 740 Tm (Tracing Dynamic Languages) Tj ET\n" +
			"BT /F1 12 Tf 1 0 0 1 72 716 Tm (Ann Gale1, Brian Eich2, Mia Shaver1, Dan Anders2) Tj ET\n" +
			"BT /F1 14 Tf 1 0 0 1 72 680 Tm (1. Introduction) Tj ET\n" +
			body(660, "Dynamic languages are popular since they are expressive and easy to deploy."),
			map[string]core.BlockKind{
				"Tracing Dynamic Languages":                        core.KindHeading,
				"Ann Gale1, Brian Eich2, Mia Shaver1, Dan Anders2": core.KindParagraph,
				"1. Introduction":                                  core.KindHeading,
			}},
		{"a pull quote", "BT /F1 16 Tf 1 0 0 1 72 740 Tm (What are the risks and what could I get in return for it?) Tj ET\n" +
			body(716, "The fund gives no guarantee of a minimum return, and the capital may be lost.") +
			"BT /F1 16 Tf 1 0 0 1 72 500 Tm (Paying for a postsecondary education is an investment in your own future.) Tj ET\n" +
			body(470, "Grants and loans pay for college, and a loan must be repaid with its interest."),
			map[string]core.BlockKind{
				"What are the risks and what could I get in return for it?":                 core.KindHeading,
				"Paying for a postsecondary education is an investment in your own future.": core.KindParagraph,
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			blocks := helvPage(t, c.content)
			kinds := map[string]core.BlockKind{}
			for _, b := range blocks {
				kinds[b.Text()] = b.Kind
			}
			for text, want := range c.want {
				if got, ok := kinds[text]; !ok || got != want {
					t.Errorf("%q: %s (found %v), want %s; blocks %q", text, got, ok, want, blockTexts(blocks))
				}
			}
		})
	}
}
