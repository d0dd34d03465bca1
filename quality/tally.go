package quality

import (
	"unicode"
	"unicode/utf8"
)

// A tally is what one pass over a page's text counts for the scorers,
// which each read every character of it: measureYield's characters and
// gaps, Encoding's suspect characters and DetectScript's letters by
// script.
type tally struct {
	// chars are the characters that are not blank (core.Blank), gaps the
	// runs of white space between them (textChars).
	chars, gaps int
	// total are the characters that are not white space; fffd, pua and
	// ctrl the replacement, private-use and control or format characters
	// among them (Encoding).
	total, fffd, pua, ctrl int
	// letters counts the letters of each script (DetectScript).
	letters [scriptCount]int
}

// The scripts a tally counts letters of.
const (
	scriptLatin = iota
	scriptHan
	scriptKana
	scriptHangul
	scriptArabic
	scriptHebrew
	scriptCyrillic
	scriptGreek
	scriptOther
	scriptCount
)

// tallyText counts text in one pass.
func tallyText(text string) tally {
	var t tally
	inGap := false
	for _, r := range text {
		if r < utf8.RuneSelf {
			inGap = t.ascii(byte(r), inGap)
		} else {
			inGap = t.rune(r, inGap)
		}
	}
	return t
}

// char counts a character that is not blank, ending a run of white space.
func (t *tally) char(inGap bool) {
	if inGap && t.chars > 0 {
		t.gaps++
	}
	t.chars++
}

// ascii counts an ASCII character and says whether a run of white space
// is open after it.
func (t *tally) ascii(c byte, inGap bool) bool {
	switch {
	case c == ' ' || '\t' <= c && c <= '\r':
		return true
	case c > ' ':
		t.char(inGap)
		t.total++
		if c == 0x7f {
			t.ctrl++
		}
		if l := c | 0x20; 'a' <= l && l <= 'z' {
			t.letters[scriptLatin]++
		}
	default: // the other C0 controls: characters, and bad ones
		t.char(inGap)
		t.total++
		t.ctrl++
	}
	return false
}

// rune counts a character beyond ASCII and says whether a run of white
// space is open after it. Format characters (Cf) are neither text nor a
// gap.
func (t *tally) rune(r rune, inGap bool) bool {
	if unicode.IsSpace(r) {
		return true
	}
	format := unicode.Is(unicode.Cf, r)
	if !format {
		t.char(inGap)
		inGap = false
	}
	t.total++
	switch {
	case r == utf8.RuneError:
		t.fffd++
	case unicode.Is(unicode.Co, r):
		t.pua++
	case unicode.IsControl(r) || format && r != '\u200d' && r != '\u200c' && r != '\u200e' && r != '\u200f':
		t.ctrl++
	}
	if unicode.IsLetter(r) {
		t.letters[letterScript(r)]++
	}
	return inGap
}

// letterScript is the script of a letter beyond ASCII.
func letterScript(r rune) int {
	switch {
	case unicode.Is(unicode.Latin, r):
		return scriptLatin
	case unicode.Is(unicode.Han, r):
		return scriptHan
	case unicode.In(r, unicode.Hiragana, unicode.Katakana):
		return scriptKana
	case unicode.Is(unicode.Hangul, r):
		return scriptHangul
	case unicode.Is(unicode.Arabic, r):
		return scriptArabic
	case unicode.Is(unicode.Hebrew, r):
		return scriptHebrew
	case unicode.Is(unicode.Cyrillic, r):
		return scriptCyrillic
	case unicode.Is(unicode.Greek, r):
		return scriptGreek
	}
	return scriptOther
}
