package textclean

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

var ligatures = map[rune]string{
	0xFB00: "ff",
	0xFB01: "fi",
	0xFB02: "fl",
	0xFB03: "ffi",
	0xFB04: "ffl",
	0xFB05: "st", // long s + t
	0xFB06: "st",
}

// IsASCIILetter reports whether c is an ASCII letter, a to z in either
// case.
func IsASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// IsLigature reports whether r is one of the Latin ligatures U+FB00–U+FB06.
func IsLigature(r rune) bool { return r >= 0xFB00 && r <= 0xFB06 }

// ExpandLigatures replaces U+FB00–U+FB06 with their component letters.
func ExpandLigatures(s string) string {
	return replaceRunes(s, IsLigature, func(r rune) string { return ligatures[r] })
}

// replaceRunes replaces each rune r of s for which is(r) holds with
// with(r), and returns s itself when there is none.
func replaceRunes(s string, is func(rune) bool, with func(rune) string) string {
	if !strings.ContainsFunc(s, is) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 4)
	for _, r := range s {
		if is(r) {
			b.WriteString(with(r))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// IsPresentationForm reports whether r is one of the Hebrew and Arabic
// presentation forms (U+FB1D–U+FDFF, U+FE70–U+FEFF, the byte-order mark
// aside): a letter's shape in one position of a word, or a ligature, that
// fonts encode in place of the letters.
func IsPresentationForm(r rune) bool {
	return r >= 0xFB1D && r <= 0xFDFF || r >= 0xFE70 && r < 0xFEFF
}

// ExpandPresentationForms replaces the presentation forms with the
// letters they show (their compatibility decomposition): a PDF of Arabic
// text that names its glyphs by their shapes reads 'ﺍﺳﻤﻲ', which neither
// a search for 'اسمي' nor a model trained on ordinary text matches.
func ExpandPresentationForms(s string) string {
	return replaceRunes(s, IsPresentationForm, func(r rune) string { return norm.NFKC.String(string(r)) })
}

// DropSoftHyphens removes every U+00AD SOFT HYPHEN.
func DropSoftHyphens(s string) string {
	return strings.ReplaceAll(s, "\u00ad", "")
}

// IsControl reports whether r is dropped by StripControls: C0 and C1
// controls other than tab and newline, DEL, the byte-order mark and the
// zero-width space.
func IsControl(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < 0x20, r >= 0x7F && r <= 0x9F:
		return true
	case r == 0xFEFF, r == 0x200B:
		return true
	}
	return false
}

// StripControls removes the characters IsControl reports, and replaces
// invalid UTF-8 with U+FFFD.
func StripControls(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, IsControl) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s { // invalid bytes decode as U+FFFD
		if !IsControl(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// PairQuotes replaces two single quotation marks set side by side with
// the double mark they show: ‘‘ with “ and ’’ with ”. TeX writes its
// double quotes as two backquotes and two apostrophes, and a font
// without the ligature that makes each pair one glyph draws two single
// marks, which a reader sees as one double mark (pdftotext reads an
// article of Tobacco Control as
// ‘‘corporate social responsibility’’). Two like single marks side by
// side stand for nothing else; a run of three (a Markdown fence typeset
// with ‘‘‘) is left as it is.
func PairQuotes(s string) string {
	if !strings.Contains(s, "\u2018\u2018") && !strings.Contains(s, "\u2019\u2019") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for s != "" {
		r, n := utf8.DecodeRuneInString(s)
		double, ok := doubleOf[r]
		if !ok {
			b.WriteString(s[:n])
			s = s[n:]
			continue
		}
		run := n
		for run < len(s) && strings.HasPrefix(s[run:], s[:n]) {
			run += n
		}
		if run == 2*n {
			b.WriteRune(double)
		} else {
			b.WriteString(s[:run])
		}
		s = s[run:]
	}
	return b.String()
}

// doubleOf is the double quotation mark that two of a single one show.
var doubleOf = map[rune]rune{'\u2018': '\u201c', '\u2019': '\u201d'}

// Clean expands ligatures and presentation forms, pairs single quotes
// (PairQuotes), drops soft hyphens and control characters and returns
// the result in Unicode NFC.
func Clean(s string) string {
	if printableASCII(s) {
		return s // none of the above applies
	}
	return cleanAll(s)
}

// cleanAll is Clean's six passes.
func cleanAll(s string) string {
	s = StripControls(s)
	s = DropSoftHyphens(s)
	s = ExpandLigatures(s)
	s = ExpandPresentationForms(s)
	s = PairQuotes(s)
	return norm.NFC.String(s)
}

// printableASCII reports whether s holds only printable ASCII (space to
// tilde): no control, soft hyphen, ligature, presentation form or curly
// quote, and already NFC. Most words of Latin text are, and Clean
// returns them as they are without its six passes.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' {
			return false
		}
	}
	return true
}
