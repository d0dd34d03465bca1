package nativetext

import (
	"regexp"
	"slices"
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

// dotStyle matches the weight and slant suffixes of the fonts that
// Advent's 3B2 embeds, whose names are a hash ('AdvTTaf7f9f4f.B',
// 'AdvTT7329fd89.I'): a BMC journal's bold headings and italic names
// read as its body text, headings run into their paragraphs.
var dotStyle = regexp.MustCompile(`\.(b|i|bi|ib)$`)

// advStyle matches the style suffixes of the fonts 3B2 named after their
// faces before it hashed them ('AdvPSTim-B', 'AdvEPSTIM-I',
// 'AdvTimes-bi', 'AdvTimes-SB' its semibold, 'AdvPSFT-LI' a light
// italic); an Elsevier paper's bold section titles read as its body text.
// Only 3B2's names: elsewhere a letter after a hyphen may be anything.
var advStyle = regexp.MustCompile(`^adv.*-(b|i|bi|ib|sb|li)$`)

// styleOf is the weight, slant and pitch a font's name says, lower-cased
// and without its subset tag: the words (Bold, Black, Heavy, Semibold,
// Demi; Italic, Oblique; Courier, Mono), TeX's shape codes, URW's
// suffixes and 3B2's (hashed names' and named faces').
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
	if fixedPitchName(lname) {
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
	for _, suffix := range []*regexp.Regexp{advStyle, dotStyle} {
		if m := suffix.FindStringSubmatch(lname); m != nil {
			if strings.Contains(m[1], "b") {
				f |= core.FlagBold
			}
			if strings.Contains(m[1], "i") {
				f |= core.FlagItalic
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

// namesRegularFace reports whether a font's name (without its subset tag)
// names the regular face of its family: one of the standard 14's upright
// faces or their metric twins (Helvetica, Arial, Times-Roman, Times New
// Roman, Courier), or a name whose style suffix is Regular or Roman. Such
// a name is the font vendor's, where the descriptor's style is what the
// program that made the PDF wrote: Acrobat Distiller has written an
// oblique's descriptor (Flags with the italic bit, ItalicAngle -12) for
// an upright Helvetica subset, and a page of body text came out italic.
func namesRegularFace(name string) bool {
	switch std14Name(name) {
	case "Helvetica", "Times-Roman", "Courier":
		return styleOf(strings.ToLower(name)) == 0
	}
	lname := strings.ToLower(name)
	return strings.HasSuffix(lname, "-regular") || strings.HasSuffix(lname, ",regular") ||
		strings.HasSuffix(lname, "-roman") || strings.HasSuffix(lname, ",roman")
}

// fixedPitchFaces are the fixed-pitch families whose names say neither
// "courier" nor "mono", as they appear in a font name once spaces and
// hyphens are gone (Consolas, Menlo, Fira Code, Source Code Pro, ...).
// "code" alone is no mark: Arial Unicode is proportional.
var fixedPitchFaces = []string{
	"consola", "menlo", "monaco", "inconsolata", "firacode", "sourcecode",
	"cascadiacode", "lucidaconsole", "lucidasanstypewriter", "lettergothic",
	"typewriter", "anonymouspro", "fixedsys",
}

// nameSeparators are dropped from a font name before fixedPitchFaces are
// looked for in it.
var nameSeparators = strings.NewReplacer(" ", "", "-", "", "_", "")

// fixedPitchName says whether the lower-cased font name lname names a
// fixed-pitch face: Courier, any "Mono", or one of fixedPitchFaces.
func fixedPitchName(lname string) bool {
	if strings.Contains(lname, "courier") || strings.Contains(lname, "mono") {
		return true
	}
	squeezed := nameSeparators.Replace(lname)
	for _, face := range fixedPitchFaces {
		if strings.Contains(squeezed, face) {
			return true
		}
	}
	return false
}

// Characters whose widths set a proportional face apart from a
// fixed-pitch one, by text and by glyph name: every proportional face
// draws the narrow ones in well under half an em and the wide ones in
// more, where a fixed-pitch face gives both one cell.
const (
	narrowChars = "ijlrtfI.,:;!'|"
	wideChars   = "mwMW@%"
)

var (
	narrowGlyphs = []string{"i", "j", "l", "r", "t", "f", "I", "period", "comma", "colon", "semicolon", "exclam", "quotesingle", "quoteright", "bar"}
	wideGlyphs   = []string{"m", "w", "M", "W", "at", "percent"}
)

// minPitchShare of a simple font's widths (those not zero) must equal
// its most common width for the font to be fixed-pitch: a fixed-pitch
// face may still give a ligature or a stray symbol a width of its own.
const minPitchShare = 0.9

// fixedPitch says whether simple font f draws in one pitch by its
// /Widths: its common width takes minPitchShare of them, and is the
// width of a narrow character and of a wide one (narrowGlyphs,
// wideGlyphs, by glyph name or by ToUnicode). Fonts that are fixed-pitch
// but say so neither in their descriptor's flags nor in their name need
// it: Chromium's and Skia's PDFs embed code fonts (Fira Code, Source
// Code Pro) as Type 3 fonts whose descriptor flags only Symbolic. Digits
// and many lower-case letters share one width in proportional faces too,
// which is why both a narrow and a wide character must be seen. It runs
// for every font a page loads (a Skia page of CJK text loads 94), so it
// looks names up rather than spelling every code's text.
func fixedPitch(f *font) bool {
	if !f.simple {
		return false
	}
	pitch, ok := commonWidth(f)
	if !ok {
		return false
	}
	var narrow, wide bool
	for c := range f.widths {
		if !f.hasWidth[c] || f.widths[c] != pitch {
			continue
		}
		if s, ok := f.toUni.lookupUni(uint32(c)); ok && s != "" {
			narrow = narrow || len(s) == 1 && strings.Contains(narrowChars, s)
			wide = wide || len(s) == 1 && strings.Contains(wideChars, s)
		} else {
			narrow = narrow || slices.Contains(narrowGlyphs, f.names[c])
			wide = wide || slices.Contains(wideGlyphs, f.names[c])
		}
		if narrow && wide {
			return true
		}
	}
	return false
}

// commonWidth is the width that at least minPitchShare of simple font
// f's widths other than zero have (a majority vote, then a count); ok is
// false when no width does.
func commonWidth(f *font) (width float64, ok bool) {
	votes := 0
	for c := range f.widths {
		switch w := f.widths[c]; {
		case !f.hasWidth[c] || w <= 0:
		case votes == 0:
			width, votes = w, 1
		case w == width:
			votes++
		default:
			votes--
		}
	}
	n, same := 0, 0
	for c := range f.widths {
		if f.hasWidth[c] && f.widths[c] > 0 {
			n++
			if f.widths[c] == width {
				same++
			}
		}
	}
	return width, n > 0 && float64(same) >= minPitchShare*float64(n)
}
