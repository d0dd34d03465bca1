package eval

import (
	"html"
	"strconv"
	"strings"
	"unicode/utf8"
)

// stripInline removes inline Markdown and HTML, in score.py's order:
// images and links keep their text, <br> becomes a space, other tags go,
// bold, code and emphasis markers go, backslash escapes are undone, and
// HTML character references are decoded.
func stripInline(s string) string {
	s = keepBracketText(s, "![")
	s = keepBracketText(s, "[")
	s = replaceTags(s)
	// One after the other, as Python's chained str.replace: "_**_" loses
	// its "**" and then the "__" that leaves.
	for _, marker := range []string{"**", "__", "`"} {
		s = strings.ReplaceAll(s, marker, "")
	}
	s = dropEmphasis(s, '*', func(r rune) bool { return isWordRune(r) || r == '*' })
	s = dropEmphasis(s, '_', isWordRune)
	s = unescapeMarkdown(s)
	return unescapeHTML(s)
}

// keepBracketText replaces each open + "text](target)" with its text.
func keepBracketText(s, open string) string {
	if !strings.Contains(s, open) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, open)
		if i < 0 {
			break
		}
		text, n, ok := bracketed(s[i+len(open):])
		if !ok {
			b.WriteString(s[:i+1])
			s = s[i+1:]
			continue
		}
		b.WriteString(s[:i])
		b.WriteString(text)
		s = s[i+len(open)+n:]
	}
	b.WriteString(s)
	return b.String()
}

// bracketed reads "text](target)" and returns the text and the length read.
func bracketed(s string) (string, int, bool) {
	k := strings.IndexByte(s, ']')
	if k < 0 || k+1 >= len(s) || s[k+1] != '(' {
		return "", 0, false
	}
	e := strings.IndexByte(s[k+2:], ')')
	if e < 0 {
		return "", 0, false
	}
	return s[:k], k + 2 + e + 1, true
}

// replaceTags turns each <br> (any case, with an optional "/") into a space
// and drops every other tag: "<" or "</", an ASCII name, then either ">"
// or "/>", or white space and anything but "<" and ">" up to a ">".
func replaceTags(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	s = replaceEach(s, "<", lineBreakTag, " ")
	return replaceEach(s, "<", htmlTag, "")
}

// replaceEach replaces, left to right, each match of match (which returns
// the length it matched at the start of its argument, 0 for none) at an
// occurrence of lead.
func replaceEach(s, lead string, match func(string) int, with string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, lead)
		if i < 0 {
			break
		}
		n := match(s[i:])
		if n == 0 {
			b.WriteString(s[:i+len(lead)])
			s = s[i+len(lead):]
			continue
		}
		b.WriteString(s[:i])
		b.WriteString(with)
		s = s[i+n:]
	}
	b.WriteString(s)
	return b.String()
}

// lineBreakTag matches <br>, <br/>, <BR />.
func lineBreakTag(s string) int {
	if len(s) < 3 || !strings.EqualFold(s[1:3], "br") {
		return 0
	}
	rest := strings.TrimLeftFunc(s[3:], isSpace)
	rest = strings.TrimPrefix(rest, "/")
	if !strings.HasPrefix(rest, ">") {
		return 0
	}
	return len(s) - len(rest) + 1
}

// htmlTag matches an opening, closing or empty tag.
func htmlTag(s string) int {
	rest := strings.TrimPrefix(s[1:], "/")
	if rest == "" || !isASCIILetter(rest[0]) {
		return 0
	}
	i := 1
	for i < len(rest) && (isASCIILetter(rest[i]) || rest[i] >= '0' && rest[i] <= '9') {
		i++
	}
	rest = rest[i:]
	if r, n := utf8.DecodeRuneInString(rest); n > 0 && isSpace(r) {
		end := strings.IndexAny(rest, "<>")
		if end < 0 || rest[end] != '>' {
			return 0
		}
		return len(s) - len(rest) + end + 1
	}
	rest = strings.TrimPrefix(rest, "/")
	if !strings.HasPrefix(rest, ">") {
		return 0
	}
	return len(s) - len(rest) + 1
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// dropEmphasis removes the markers of mark-delimited emphasis, keeping the
// text: an opening mark not preceded by a rune for which inWord holds and
// followed by a non-space, the shortest text on the same line, and a
// closing mark preceded by a non-space and not followed by such a rune.
func dropEmphasis(s string, mark rune, inWord func(rune) bool) string {
	if !strings.ContainsRune(s, mark) {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	last := 0 // the first rune not yet written
	for p := 0; p < len(rs); p++ {
		if rs[p] != mark || p > 0 && inWord(rs[p-1]) || p+1 >= len(rs) || isSpace(rs[p+1]) {
			continue
		}
		q := closingMark(rs, p, mark, inWord)
		if q < 0 {
			continue
		}
		b.WriteString(string(rs[last:p]))
		b.WriteString(string(rs[p+1 : q]))
		last = q + 1
		p = q
	}
	b.WriteString(string(rs[last:]))
	return b.String()
}

// closingMark is the nearest q after the text that starts at p+1 where the
// emphasis opened at p can close, or -1.
func closingMark(rs []rune, p int, mark rune, inWord func(rune) bool) int {
	for q := p + 2; q < len(rs); q++ {
		if rs[q-1] == '\n' {
			return -1
		}
		if rs[q] == mark && !isSpace(rs[q-1]) && (q+1 == len(rs) || !inWord(rs[q+1])) {
			return q
		}
	}
	return -1
}

// markdownEscapable are the characters a backslash escapes.
const markdownEscapable = "\\`*_{}[]()#+-.!|>"

// unescapeMarkdown turns each backslash escape into the character.
func unescapeMarkdown(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte(markdownEscapable, s[i+1]) >= 0 {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

const (
	// maxEntityName is how many characters of a named reference are read.
	maxEntityName = 32
	// Numeric references that HTML maps to Windows-1252 instead.
	firstC1, lastC1 = 0x80, 0x9f
)

// unescapeHTML decodes character references as Python's html.unescape
// does. Named references are decoded by the standard library, which holds
// the same HTML5 table and takes the same longest-prefix rule for the
// legacy names written without ";"; numeric ones are decoded here because
// Python drops the code points HTML forbids where Go keeps them.
func unescapeHTML(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '&')
		if i < 0 {
			break
		}
		b.WriteString(s[:i])
		s = s[i:]
		ref, n := characterReference(s)
		if n == 0 {
			b.WriteByte('&')
			s = s[1:]
			continue
		}
		b.WriteString(ref)
		s = s[n:]
	}
	b.WriteString(s)
	return b.String()
}

// characterReference decodes the reference that starts s (at its "&") and
// returns its text and length; a length of 0 means none starts there.
func characterReference(s string) (string, int) {
	if strings.HasPrefix(s, "&#") {
		return numericReference(s)
	}
	n := 1
	for count := 0; n < len(s) && count < maxEntityName; count++ {
		r, size := utf8.DecodeRuneInString(s[n:])
		if strings.ContainsRune("\t\n\f <&#;", r) {
			break
		}
		n += size
	}
	if n == 1 {
		return "", 0
	}
	if n < len(s) && s[n] == ';' {
		n++
	}
	return html.UnescapeString(s[:n]), n
}

// numericReference decodes "&#123;" or "&#x7B;" (the ";" optional).
func numericReference(s string) (string, int) {
	base, start := 10, 2
	if len(s) > 2 && (s[2] == 'x' || s[2] == 'X') {
		base, start = 16, 3
	}
	end := start
	for end < len(s) && isDigitIn(s[end], base) {
		end++
	}
	if end == start {
		return "", 0
	}
	n := end
	if n < len(s) && s[n] == ';' {
		n++
	}
	cp, err := strconv.ParseUint(s[start:end], base, 32)
	if err != nil {
		cp = utf8.MaxRune + 1 // too large: replaced below
	}
	return codePointText(cp), n
}

func isDigitIn(c byte, base int) bool {
	if c >= '0' && c <= '9' {
		return true
	}
	return base == 16 && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')
}

// codePointText is what a numeric reference to cp becomes.
func codePointText(cp uint64) string {
	switch {
	case cp == 0 || cp >= 0xd800 && cp <= 0xdfff || cp > utf8.MaxRune:
		return "\ufffd"
	case cp >= firstC1 && cp <= lastC1:
		// The standard library holds HTML's Windows-1252 table.
		return html.UnescapeString("&#" + strconv.FormatUint(cp, 10) + ";")
	case forbiddenCodePoint(cp):
		return ""
	}
	return string(rune(cp))
}

// forbiddenCodePoint: the controls and noncharacters a numeric reference
// may not produce.
func forbiddenCodePoint(cp uint64) bool {
	switch {
	case cp >= 0x1 && cp <= 0x8, cp == 0xb, cp >= 0xe && cp <= 0x1f, cp == 0x7f:
		return true
	case cp >= 0xfdd0 && cp <= 0xfdef:
		return true
	}
	return cp&0xfffe == 0xfffe // U+FFFE and U+FFFF in every plane
}
