package nativetext

import (
	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
)

// unheadBylines makes a paragraph of each heading that is a byline: a
// paper's authors, set under its title larger than the body or in bold,
// or their affiliations. A heading names what follows; a byline names
// who wrote it, and as a heading it stood in the path of every chunk of
// the paper's first section (tracemonkey's 'Andreas Gal∗+, Brendan
// Eich∗, ...', 'Manny Rayner1, Pierrette Bouillon1, ...', a numbered
// reference 'Arias E, Schauman WS, ...').
func unheadBylines(blocks []core.Block) {
	for i := range blocks {
		if b := &blocks[i]; b.Kind == core.KindHeading && textclean.Byline(b.Text()) {
			b.Kind, b.Level = core.KindParagraph, 0
		}
	}
}
