package nativetext

import "github.com/assay-pdf/assay/core"

// Words are the page's words in every direction, as Layout reads them but
// not laid out: no reading order, no blocks and no tables, so that a
// caller can rebuild the structure of any part of the page (tableformer's
// regions). Boxes are in top-left page points, inside the page.
func (c *Cells) Words() []core.Word {
	if len(c.glyphs) == 0 {
		return nil
	}
	markStacked(c.glyphs)
	dropIdleSpaces(c.glyphs)
	byDir := map[int][]*glyph{}
	var dirs []int
	for i := range c.glyphs {
		g := &c.glyphs[i]
		if g.text == "" {
			continue
		}
		if _, ok := byDir[g.dir]; !ok {
			dirs = append(dirs, g.dir)
		}
		byDir[g.dir] = append(byDir[g.dir], g)
	}
	page := c.Page.Box()
	var out []core.Word
	var arena fgArena     // the segments' glyphs
	defer arena.release() // the words are copies
	for _, d := range dirs {
		segs, _ := buildSegments(byDir[d], frame(d), &arena)
		for _, s := range segs {
			for _, w := range s.words {
				w.BBox = clampBox(w.BBox, page)
				out = append(out, w)
			}
		}
	}
	return out
}
