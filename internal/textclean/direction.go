package textclean

import "unicode"

// RightToLeft reports whether r is a letter of a script written right to
// left: Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their
// presentation forms. Only letters give a word its direction. The
// punctuation of those scripts (the Arabic comma '،', the question mark
// '؟'), their digits and their vowel marks take the direction of the text
// around them, as in the bidirectional algorithm (UAX #9), where they are
// neutral, Arabic numbers or marks, never strong.
func RightToLeft(r rune) bool {
	return rightToLeftBlock(r) && unicode.IsLetter(r)
}

// rightToLeftBlock reports whether r lies in a Unicode block of the
// right-to-left scripts.
func rightToLeftBlock(r rune) bool {
	return (r >= 0x0590 && r <= 0x08FF) || (r >= 0xFB1D && r <= 0xFDFF) || (r >= 0xFE70 && r <= 0xFEFF) ||
		(r >= 0x10800 && r <= 0x10FFF) || (r >= 0x1E800 && r <= 0x1EFFF)
}
