package quality

import (
	"fmt"

	"github.com/assay-pdf/assay/core"
)

// completeShare is the least share of the glyphs that draw text which a
// complete reading of a text layer holds. A complete reading may lack
// the hyphen it joins at a line end (one glyph a line: under 2% of a page
// of 60-character lines) and the copies of glyphs a producer draws twice
// to fake bold or a shadow, which the layout merges (a few headings: a
// few percent). More than a tenth of the glyphs missing is text lost, and
// the yield is then the share found: half a page found yields 0.5.
const completeShare = 0.9

// measureYield is the share of the page's text layer that the text holds
// (found characters that are not blank, with gaps runs of white space
// between them): 1 from completeShare up, else the share, with the
// reason. It is 1 when the size of the text layer is not known.
func measureYield(r core.PageResult, h Hints, found, gaps int) (float64, string) {
	drawn, exact := drawnText(r, h)
	if drawn <= 0 {
		return 1, ""
	}
	share := float64(found) / float64(drawn)
	if !exact {
		// Only the glyphs are known, blanks among them: the text may
		// account for one drawn space at each gap between its words.
		share = float64(found+gaps) / float64(drawn)
	}
	if share >= completeShare {
		return 1, ""
	}
	return share, fmt.Sprintf("%d characters of text found where the page draws about %d", found, drawn)
}

// drawnText is how many glyphs of the page's text layer draw text. The
// result's own counts give it exactly (core.FactGlyphs less
// core.FactBlankGlyphs and the copies core.FactRepeatGlyphs counts), for
// an engine that reports them; otherwise Hints.ExpectedChars gives the
// glyphs, blanks among them (exact false).
func drawnText(r core.PageResult, h Hints) (n int, exact bool) {
	glyphs, okG := r.Stats[core.FactGlyphs]
	blank, okB := r.Stats[core.FactBlankGlyphs]
	if okG && okB && glyphs > 0 {
		return max(0, int(glyphs-blank-r.Stats[core.FactRepeatGlyphs])), true
	}
	return h.ExpectedChars, false
}

// textChars counts the characters of text that are not blank
// (core.Blank), and the runs of white space between them.
func textChars(text string) (chars, gaps int) {
	t := tallyText(text)
	return t.chars, t.gaps
}
