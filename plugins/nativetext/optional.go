package nativetext

import (
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// Optional content (PDF 32000-1, 8.11): content a document marks as
// belonging to groups (layers) that a viewer shows or hides. What the
// document's default configuration turns off is not on the page a reader
// sees, and is no text of it: a chess diagram's square names, a drawing's
// construction layer, a form's print-only marks (pdf.js's issue269_2,
// whose board read as a table of 64 names pdftotext does not show).

// maxVisibilityDepth bounds the nesting of a visibility expression.
const maxVisibilityDepth = 16

// offGroups are the object numbers of the optional content groups the
// document's default configuration (OCProperties /D) turns off: those in
// its /OFF array, or, where its /BaseState is /OFF, every group not in
// its /ON array. Found once; nil when there are none.
func (d *document) offGroups() map[int]bool {
	d.ocOnce.Do(func() {
		props := d.Dict(d.Catalog()["OCProperties"])
		cfg := d.Dict(props["D"])
		if cfg == nil {
			return
		}
		off := map[int]bool{}
		if d.Name(cfg["BaseState"]) == "OFF" {
			for _, g := range d.Array(props["OCGs"]) {
				off[pdfdoc.ObjNr(g)] = true
			}
			for _, g := range d.Array(cfg["ON"]) {
				delete(off, pdfdoc.ObjNr(g))
			}
		} else {
			for _, g := range d.Array(cfg["OFF"]) {
				off[pdfdoc.ObjNr(g)] = true
			}
		}
		delete(off, 0)
		if len(off) > 0 {
			d.ocOff = off
		}
	})
	return d.ocOff
}

// shown reports whether content marked with the optional content object
// ref (a group, or a membership dictionary) is shown. A membership
// dictionary shows by its visibility expression (/VE), else by its
// groups under its policy (/P: AnyOn, the default, AllOn, AnyOff,
// AllOff). What cannot be read is shown.
func (d *document) shown(ref types.Object) bool {
	off := d.offGroups()
	if off == nil {
		return true
	}
	return d.visible(ref, off, 0)
}

func (d *document) visible(ref types.Object, off map[int]bool, depth int) bool {
	od := d.Dict(ref)
	if od == nil || depth > maxVisibilityDepth {
		return true
	}
	if d.Name(od["Type"]) != "OCMD" {
		return !off[pdfdoc.ObjNr(ref)]
	}
	if ve := d.Array(od["VE"]); len(ve) > 0 {
		return d.expression(ve, off, depth+1)
	}
	groups := d.Array(od["OCGs"])
	if groups == nil && od["OCGs"] != nil {
		groups = types.Array{od["OCGs"]}
	}
	if len(groups) == 0 {
		return true
	}
	on := 0
	for _, g := range groups {
		if !off[pdfdoc.ObjNr(g)] {
			on++
		}
	}
	switch d.Name(od["P"]) {
	case "AllOn":
		return on == len(groups)
	case "AnyOff":
		return on < len(groups)
	case "AllOff":
		return on == 0
	}
	return on > 0
}

// expression evaluates a visibility expression: [/And e...], [/Or
// e...], [/Not e], each e a group or an expression.
func (d *document) expression(ve types.Array, off map[int]bool, depth int) bool {
	if depth > maxVisibilityDepth || len(ve) < 2 {
		return true
	}
	term := func(o types.Object) bool {
		if sub := d.Array(o); sub != nil {
			return d.expression(sub, off, depth+1)
		}
		return !off[pdfdoc.ObjNr(o)]
	}
	switch d.Name(ve[0]) {
	case "Not":
		return !term(ve[1])
	case "And":
		for _, o := range ve[1:] {
			if !term(o) {
				return false
			}
		}
		return true
	case "Or":
		for _, o := range ve[1:] {
			if term(o) {
				return true
			}
		}
		return false
	}
	return true
}
