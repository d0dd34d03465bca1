package nativetext

import (
	"fmt"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestBylineNoHeading: a paper's authors set under its title larger than
// the body are a paragraph, not a heading over its first section; the
// title and the section's heading stay headings.
func TestBylineNoHeading(t *testing.T) {
	t.Parallel()
	content := "BT /F1 18 Tf 1 0 0 1 72 740 Tm (Tracing Dynamic Languages) Tj ET\n" +
		"BT /F1 12 Tf 1 0 0 1 72 716 Tm (Ann Gale1, Brian Eich2, Mia Shaver1, Dan Anders2) Tj ET\n" +
		"BT /F1 14 Tf 1 0 0 1 72 680 Tm (1. Introduction) Tj ET\n"
	for i := range 6 {
		content += fmt.Sprintf("BT /F1 10 Tf 1 0 0 1 72 %d Tm (Dynamic languages are popular since they are expressive and easy to deploy.) Tj ET\n", 660-12*i)
	}
	blocks := helvPage(t, content)
	kinds := map[string]core.BlockKind{}
	for _, b := range blocks {
		kinds[b.Text()] = b.Kind
	}
	for text, want := range map[string]core.BlockKind{
		"Tracing Dynamic Languages":                        core.KindHeading,
		"Ann Gale1, Brian Eich2, Mia Shaver1, Dan Anders2": core.KindParagraph,
		"1. Introduction":                                  core.KindHeading,
	} {
		if got, ok := kinds[text]; !ok || got != want {
			t.Errorf("%q: %s (found %v), want %s; blocks %q", text, got, ok, want, blockTexts(blocks))
		}
	}
}

// TestStatementNoHeading: a pull quote set larger than the body is a
// paragraph; a question set as large over its answer stays a heading.
func TestStatementNoHeading(t *testing.T) {
	t.Parallel()
	content := "BT /F1 16 Tf 1 0 0 1 72 740 Tm (What are the risks and what could I get in return for it?) Tj ET\n" +
		"BT /F1 16 Tf 1 0 0 1 72 500 Tm (Paying for a postsecondary education is an investment in your own future.) Tj ET\n"
	for i := range 6 {
		content += fmt.Sprintf("BT /F1 10 Tf 1 0 0 1 72 %d Tm (The fund gives no guarantee of a minimum return, and the capital may be lost.) Tj ET\n", 716-12*i)
	}
	for i := range 6 {
		content += fmt.Sprintf("BT /F1 10 Tf 1 0 0 1 72 %d Tm (Grants and loans pay for college, and a loan must be repaid with its interest.) Tj ET\n", 470-12*i)
	}
	blocks := helvPage(t, content)
	kinds := map[string]core.BlockKind{}
	for _, b := range blocks {
		kinds[b.Text()] = b.Kind
	}
	for text, want := range map[string]core.BlockKind{
		"What are the risks and what could I get in return for it?":                 core.KindHeading,
		"Paying for a postsecondary education is an investment in your own future.": core.KindParagraph,
	} {
		if got, ok := kinds[text]; !ok || got != want {
			t.Errorf("%q: %s (found %v), want %s; blocks %q", text, got, ok, want, blockTexts(blocks))
		}
	}
}
