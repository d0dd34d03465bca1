package nativetext

import (
	"regexp"
	"strings"

	"github.com/assay-pdf/assay/core"
)

// texShape matches the names of TeX's Computer Modern fonts and their
// EC and cm-super successors (cmbx10, cmssbx10, SFBX1000, SFTI1000,
// ecbi1200): a family prefix, an optional sans-serif mark, then the
// shape code that holds the weight and slant the name does not spell.
var texShape = regexp.MustCompile(`^(cm|sf|ec|tc)(ss)?(bx|b|ti|sl|it|i|tt)(ti|sl|i|tt)?[0-9]*$`)

// urwStyle matches the weight and slant suffixes of URW's fonts (Nimbus
// Roman No9 L, the Times that ghostscript and TeX embed): "Medi" is their
// bold and "Ital" their italic ("NimbusRomNo9L-MediItal").
var urwStyle = regexp.MustCompile(`-(regu|medi|bold)?(ital)?$`)

// styleOf is the weight, slant and pitch a font's name says, lower-cased
// and without its subset tag: the words (Bold, Black, Heavy, Semibold,
// Demi; Italic, Oblique; Courier, Mono), TeX's shape codes and URW's
// suffixes.
func styleOf(lname string) core.WordFlags {
	var f core.WordFlags
	for _, w := range []string{"bold", "black", "heavy", "demi"} {
		if strings.Contains(lname, w) {
			f |= core.FlagBold
		}
	}
	if strings.Contains(lname, "italic") || strings.Contains(lname, "oblique") {
		f |= core.FlagItalic
	}
	if strings.Contains(lname, "courier") || strings.Contains(lname, "mono") {
		f |= core.FlagMonospace
	}
	if m := texShape.FindStringSubmatch(lname); m != nil {
		for _, code := range m[3:] {
			switch code {
			case "bx", "b":
				f |= core.FlagBold
			case "ti", "sl", "it", "i":
				f |= core.FlagItalic
			case "tt":
				f |= core.FlagMonospace
			}
		}
	}
	if m := urwStyle.FindStringSubmatch(lname); m != nil {
		if m[1] == "medi" {
			f |= core.FlagBold
		}
		if m[2] != "" {
			f |= core.FlagItalic
		}
	}
	return f
}
