package analyze

import (
	"fmt"
	"io"
	"strings"
)

// Summary is a one-line account of the page: glyphs, fonts without
// usable Unicode, images and their coverage, paths.
func (p Page) Summary() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d glyphs", p.Glyphs)
	if p.InvisibleGlyphs > 0 {
		fmt.Fprintf(&sb, " (%d invisible)", p.InvisibleGlyphs)
	}
	if p.UnmappedGlyphs > 0 {
		fmt.Fprintf(&sb, ", %d without Unicode", p.UnmappedGlyphs)
	}
	if p.CIDGlyphs > 0 {
		fmt.Fprintf(&sb, ", %d in composite fonts", p.CIDGlyphs)
	}
	fmt.Fprintf(&sb, ", %d images covering %.0f%%", p.Images, 100*p.ImageCoverage)
	if p.Images > 0 {
		fmt.Fprintf(&sb, " (%d to read for text)", len(p.RegionBoxes()))
	}
	fmt.Fprintf(&sb, ", %d path ops (%.1f/in²)", p.PathOps, p.VectorDensity)
	if p.TextAsPaths {
		sb.WriteString(", text as paths")
	}
	if p.Columns > 1 {
		fmt.Fprintf(&sb, ", %d columns", p.Columns)
	}
	if p.Tables > 0 {
		fmt.Fprintf(&sb, ", %d tables", p.Tables)
	}
	if p.LimitHit {
		sb.WriteString(", limit hit")
	}
	if p.Err != "" {
		fmt.Fprintf(&sb, ", error: %s", p.Err)
	}
	return sb.String()
}

// Text prints a readable summary of the document and of each page.
func (r *Report) Text(w io.Writer) {
	fmt.Fprintf(w, "pages:     %d\n", r.Pages)
	counts := map[Class]int{}
	var order []Class
	for _, p := range r.Page {
		c := p.Class()
		if counts[c] == 0 {
			order = append(order, c)
		}
		counts[c]++
	}
	parts := make([]string, len(order))
	for i, c := range order {
		parts[i] = fmt.Sprintf("%s %d", c, counts[c])
	}
	fmt.Fprintf(w, "classes:   %s\n", strings.Join(parts, ", "))
	for _, p := range r.Page {
		fmt.Fprintf(w, "\npage %d: %s, %.0f×%.0f pt", p.Number, p.Class(), p.Width, p.Height)
		if p.Rotation != 0 {
			fmt.Fprintf(w, ", rotated %d°", p.Rotation)
		}
		fmt.Fprintf(w, "\n  %d text ops, %s\n", p.TextOps, p.Summary())
		for i, b := range p.ImageBoxes {
			if i == 4 {
				fmt.Fprintf(w, "  ... %d more image boxes\n", len(p.ImageBoxes)-4)
				break
			}
			fmt.Fprintf(w, "  image [%.0f %.0f %.0f %.0f]\n", b.X0, b.Y0, b.X1, b.Y1)
		}
	}
}
