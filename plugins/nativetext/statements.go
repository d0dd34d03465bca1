package nativetext

import (
	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
)

// unheadStatements makes a paragraph of each heading that is a byline or
// a statement. A heading names what follows. A byline names who wrote
// it: a paper's authors, set under its title larger than the body or in
// bold, or their affiliations (textclean.Byline); as a heading it stood
// in the path of every chunk of the paper's first section (tracemonkey's
// 'Andreas Gal∗+, Brendan Eich∗, ...', a numbered reference 'Arias E,
// Schauman WS, ...'). A statement is a sentence set as large (a pull
// quote, a note in bold: textclean.Statement).
func unheadStatements(blocks []core.Block) {
	for i := range blocks {
		b := &blocks[i]
		if b.Kind != core.KindHeading {
			continue
		}
		if t := b.Text(); textclean.Byline(t) || textclean.Statement(t) {
			b.Kind, b.Level = core.KindParagraph, 0
		}
	}
}
