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
	broken := 0
	for _, f := range p.Fonts {
		if !f.UsableUnicode {
			broken += f.Glyphs
		}
	}
	if broken > 0 {
		fmt.Fprintf(&sb, ", %d without Unicode", broken)
	}
	fmt.Fprintf(&sb, ", %d fonts, %d images covering %.0f%%, %d path ops (%.1f/in²)",
		len(p.Fonts), p.Images, 100*p.ImageCoverage, p.PathOps, p.VectorDensity)
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
	if r.Version != "" {
		fmt.Fprintf(w, "version:   %s\n", r.Version)
	}
	if r.Producer != "" {
		fmt.Fprintf(w, "producer:  %s\n", r.Producer)
	}
	if r.Creator != "" {
		fmt.Fprintf(w, "creator:   %s\n", r.Creator)
	}
	fmt.Fprintf(w, "encrypted: %v\ntagged:    %v\n", r.Encrypted, r.Tagged)
	if len(r.Repairs) > 0 {
		fmt.Fprintf(w, "repairs:   %s\n", strings.Join(r.Repairs, "; "))
	}
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
		for _, f := range p.Fonts {
			var flags []string
			for _, x := range []struct {
				on   bool
				name string
			}{{f.Embedded, "embedded"}, {f.Subset, "subset"}, {f.ToUnicode, "ToUnicode"}, {f.CID, "CID"}, {f.Type3, "Type3"}} {
				if x.on {
					flags = append(flags, x.name)
				}
			}
			use := "usable"
			if !f.UsableUnicode {
				use = "NO UNICODE"
			}
			enc := f.Encoding
			if enc == "" {
				enc = "built-in"
			}
			desc := append([]string{f.Subtype, enc}, flags...)
			fmt.Fprintf(w, "  font %s (%s) %s: %d glyphs\n", f.Name, strings.Join(desc, ", "), use, f.Glyphs)
		}
		for i, b := range p.ImageBoxes {
			if i == 4 {
				fmt.Fprintf(w, "  ... %d more image boxes\n", len(p.ImageBoxes)-4)
				break
			}
			fmt.Fprintf(w, "  image [%.0f %.0f %.0f %.0f]\n", b.X0, b.Y0, b.X1, b.Y1)
		}
	}
}
