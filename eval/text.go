package eval

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// The character classes below are Python's, as score.py sees them through
// str methods and its re module: they were checked against Python over
// every code point both Unicode versions assign.

// Information separators (FS, GS, RS, US) that Python counts as white space
// and Unicode does not.
const (
	firstInfoSeparator = 0x1c
	lastInfoSeparator  = 0x1f
)

// isSpace is Python's str.isspace, which is also \s in its re module.
func isSpace(r rune) bool {
	return unicode.IsSpace(r) || r >= firstInfoSeparator && r <= lastInfoSeparator
}

// isWordRune is \w in Python's re module: letters, numbers and "_" (not
// combining marks).
func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
}

// isPunctOrSymbol is a Unicode general category P* or S*.
func isPunctOrSymbol(r rune) bool {
	return unicode.IsPunct(r) || unicode.IsSymbol(r)
}

// strip is Python's str.strip().
func strip(s string) string { return strings.TrimFunc(s, isSpace) }

// fields is Python's str.split().
func fields(s string) []string { return strings.FieldsFunc(s, isSpace) }

// cjkRanges are the blocks score.py treats as CJK: radicals, CJK
// punctuation, kana, bopomofo, Hangul compatibility jamo, ideographs and
// their extensions A, Hangul syllables, compatibility ideographs and forms,
// half- and full-width forms.
var cjkRanges = [][2]rune{
	{0x2e80, 0x2fff}, {0x3000, 0x303f}, {0x3040, 0x30ff}, {0x3100, 0x31ff},
	{0x3400, 0x4dbf}, {0x4e00, 0x9fff}, {0xac00, 0xd7af}, {0xf900, 0xfaff},
	{0xfe30, 0xfe4f}, {0xff00, 0xffef},
}

func isCJK(r rune) bool {
	for _, rg := range cjkRanges {
		if r >= rg[0] && r <= rg[1] {
			return true
		}
	}
	return false
}

// isInvisible: zero-width spaces and joiners, direction marks, embeddings
// and isolates, the byte-order mark.
func isInvisible(r rune) bool {
	switch {
	case r >= 0x200b && r <= 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0xfeff:
		return true
	}
	return false
}

// normalize is the text every text metric compares: NFC, invisible
// characters dropped, white space collapsed to single spaces and trimmed,
// and the space between two CJK characters removed.
func normalize(text string) string {
	text = norm.NFC.String(text)
	text = strings.Map(func(r rune) rune {
		if isInvisible(r) {
			return -1
		}
		return r
	}, text)
	return joinCJK(strings.Join(fields(text), " "))
}

// joinCJK drops each single space that stands between two CJK characters.
func joinCJK(s string) string {
	if !strings.ContainsFunc(s, isCJK) {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range rs {
		if r == ' ' && i > 0 && i+1 < len(rs) && isCJK(rs[i-1]) && isCJK(rs[i+1]) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// tokens splits normalised text into the words the word metrics count:
// white-space separated words, with every CJK character a token of its own
// and every punctuation or symbol character at either end of a word a token
// of its own (so "word," and "word ," agree).
func tokens(normText string) []string {
	var out []string
	for _, w := range fields(normText) {
		for part := range cjkParts(w) {
			out = appendTrimmed(out, part)
		}
	}
	return out
}

// cjkParts yields each CJK character of w alone and each run of other
// characters whole.
func cjkParts(w string) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		for len(w) > 0 {
			r, n := utf8.DecodeRuneInString(w)
			if !isCJK(r) {
				n = strings.IndexFunc(w, isCJK)
				if n < 0 {
					n = len(w)
				}
			}
			if !yield(w[:n]) {
				return
			}
			w = w[n:]
		}
	}
}

// appendTrimmed appends part's leading punctuation and symbols one by one,
// the middle whole, then the trailing ones one by one.
func appendTrimmed(out []string, part string) []string {
	core := strings.TrimLeftFunc(part, isPunctOrSymbol)
	for _, r := range part[:len(part)-len(core)] {
		out = append(out, string(r))
	}
	middle := strings.TrimRightFunc(core, isPunctOrSymbol)
	if middle != "" {
		out = append(out, middle)
	}
	for _, r := range core[len(middle):] {
		out = append(out, string(r))
	}
	return out
}

// folder does full Unicode case folding; it is stateless and safe for
// concurrent use.
var folder = cases.Fold()

// Cherokee capitals: Python's casefold keeps them (the small letters fold
// to them) where x/text folds them to the small letters.
const (
	firstCherokeeCapital = 0x13a0
	lastCherokeeCapital  = 0x13f5
)

func isCherokeeCapital(r rune) bool {
	return r >= firstCherokeeCapital && r <= lastCherokeeCapital
}

// casefold is Python's str.casefold.
func casefold(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		i := strings.IndexFunc(s, isCherokeeCapital)
		if i < 0 {
			b.WriteString(folder.String(s))
			break
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		b.WriteString(folder.String(s[:i]))
		b.WriteString(s[i : i+n])
		s = s[i+n:]
	}
	return b.String()
}

// decodeUTF8 makes s valid UTF-8 as Python's bytes.decode("utf-8",
// "replace") does: each maximal part of an ill-formed sequence (a lead byte
// and the continuation bytes that could still complete it) becomes one
// U+FFFD.
func decodeUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + utf8.UTFMax)
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && n <= 1 {
			b.WriteRune(utf8.RuneError)
			s = s[illFormedPrefix(s):]
			continue
		}
		b.WriteString(s[:n])
		s = s[n:]
	}
	return b.String()
}

// illFormedPrefix is the length of the maximal subpart at the start of s,
// which does not start a valid sequence: the lead byte and the continuation
// bytes allowed after it, at least one byte.
func illFormedPrefix(s string) int {
	lead := s[0]
	var need int
	lo, hi := byte(0x80), byte(0xbf) // the range of the second byte
	switch {
	case lead >= 0xc2 && lead <= 0xdf:
		need = 1
	case lead >= 0xe0 && lead <= 0xef:
		need = 2
		if lead == 0xe0 {
			lo = 0xa0
		} else if lead == 0xed {
			hi = 0x9f
		}
	case lead >= 0xf0 && lead <= 0xf4:
		need = 3
		if lead == 0xf0 {
			lo = 0x90
		} else if lead == 0xf4 {
			hi = 0x8f
		}
	default:
		return 1
	}
	n := 1
	for n <= need && n < len(s) && s[n] >= lo && s[n] <= hi {
		n++
		lo, hi = 0x80, 0xbf
	}
	return n
}
