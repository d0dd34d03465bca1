package textclean

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// CollapseSpace is s with each run of white space (unicode.IsSpace: line
// breaks, tabs, no-break spaces...) made one ASCII space, and none at
// either end: strings.Join(strings.Fields(s), " ") in one pass, and
// without allocating when s is already so. Bytes that are not UTF-8 are
// kept, as Fields keeps them.
func CollapseSpace(s string) string {
	i := uncollapsedAt(s)
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i]) // ends before a space, and not with one
	for i < len(s) {
		i = skipSpace(s, i)
		if i == len(s) {
			break
		}
		j := skipText(s, i)
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s[i:j])
		i = j
	}
	return b.String()
}

// skipSpace is the index of the first character at or after i that is
// not white space, len(s) when there is none.
func skipSpace(s string, i int) int {
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if !asciiSpace(c) {
				return i
			}
			i++
			continue
		}
		n, space := spaceAt(s, i)
		if !space {
			return i
		}
		i += n
	}
	return i
}

// skipText is the index of the first white space character at or after
// i, len(s) when there is none.
func skipText(s string, i int) int {
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if asciiSpace(c) {
				return i
			}
			i++
			continue
		}
		n, space := spaceAt(s, i)
		if space {
			return i
		}
		i += n
	}
	return i
}

// asciiSpace reports whether an ASCII byte is white space.
func asciiSpace(c byte) bool { return c == ' ' || '\t' <= c && c <= '\r' }

// uncollapsedAt is where CollapseSpace(s) first differs from s, at a
// space: len(s) when it does not differ. Before it, s has no space at its
// start and each space is one ASCII space between other characters.
func uncollapsedAt(s string) int {
	prevSpace := true // at the start, any space is one too many
	for i := 0; i < len(s); {
		n, space := 1, false
		if c := s[i]; c < utf8.RuneSelf {
			space = asciiSpace(c)
		} else {
			n, space = spaceAt(s, i)
		}
		if space && (prevSpace || s[i] != ' ') {
			if prevSpace && i > 0 {
				return i - 1 // the run began with the one space before
			}
			return i
		}
		prevSpace = space
		i += n
	}
	if prevSpace && len(s) > 0 {
		return len(s) - 1 // one space at the end
	}
	return len(s)
}

// spaceAt is the length of the character beyond ASCII at s[i] and
// whether it is white space; an invalid byte is a character of length 1
// that is not. (Its callers read ASCII bytes themselves, in their loops.)
func spaceAt(s string, i int) (int, bool) {
	r, n := utf8.DecodeRuneInString(s[i:])
	return n, unicode.IsSpace(r)
}
