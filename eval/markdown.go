package eval

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Markdown is read line by line, as score.py reads it: its regular
// expressions are written out here as small scanners, with Python's idea
// of white space, word characters and digits.

const (
	// maxHeadingIndent is how many white-space characters may stand
	// before a heading's "#".
	maxHeadingIndent = 3
	// maxHeadingLevel is the most "#" a heading has.
	maxHeadingLevel = 6
	// minSeparatorDashes is how many "-" a delimiter-row cell needs.
	minSeparatorDashes = 3
	// maxListNumber is how many digits a numbered list item's number has.
	maxListNumber = 3
)

// plainText is what the text metrics compare: the Markdown with comments
// (page markers) dropped, delimiter rows dropped, heading and list markers,
// block quotes, table pipes and inline syntax removed, one line for each
// line.
func plainText(md string) string {
	lines := strings.Split(unifyLineEnds(dropComments(md)), "\n")
	out := make([]string, 0, len(lines))
	for _, line := range lines {
		if isSeparatorRow(line) {
			continue
		}
		out = append(out, stripInline(plainLine(line)))
	}
	return strings.Join(out, "\n")
}

// plainLine is one line without its block syntax.
func plainLine(line string) string {
	if _, text, ok := matchHeading(line); ok {
		return text
	}
	if isTableRow(line) {
		return strings.Join(splitRow(line), " ")
	}
	return dropListMarker(dropQuoteMarker(line))
}

// unifyLineEnds turns CRLF and lone CR into LF.
func unifyLineEnds(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// dropComments removes every <!-- ... --> (across lines too).
func dropComments(md string) string {
	const open, closing = "<!--", "-->"
	var b strings.Builder
	for {
		i := strings.Index(md, open)
		if i < 0 {
			break
		}
		j := strings.Index(md[i+len(open):], closing)
		if j < 0 {
			break
		}
		b.WriteString(md[:i])
		md = md[i+len(open)+j+len(closing):]
	}
	b.WriteString(md)
	return b.String()
}

// isSeparatorRow reports whether line is a pipe table's delimiter row:
// cells of three or more "-", each with an optional ":" at either end,
// separated by "|", with optional outer pipes and white space.
func isSeparatorRow(line string) bool {
	s := strings.TrimLeftFunc(line, isSpace)
	s = strings.TrimPrefix(s, "|")
	s, ok := separatorCell(strings.TrimLeftFunc(s, isSpace))
	if !ok {
		return false
	}
	for s != "" {
		if s[0] != '|' {
			return false
		}
		s = strings.TrimLeftFunc(s[1:], isSpace)
		if s == "" {
			return true
		}
		if s, ok = separatorCell(s); !ok {
			return false
		}
	}
	return true
}

// separatorCell consumes one delimiter cell and the white space after it.
func separatorCell(s string) (string, bool) {
	s = strings.TrimPrefix(s, ":")
	rest := strings.TrimLeft(s, "-")
	if len(s)-len(rest) < minSeparatorDashes {
		return s, false
	}
	return strings.TrimLeftFunc(strings.TrimPrefix(rest, ":"), isSpace), true
}

// matchHeading reads an ATX heading: up to three white-space characters,
// one to six "#", white space, then the text, without a closing run of "#"
// and the white space around it.
func matchHeading(line string) (level int, text string, ok bool) {
	rest := strings.TrimLeftFunc(line, isSpace)
	if utf8.RuneCountInString(line[:len(line)-len(rest)]) > maxHeadingIndent {
		return 0, "", false
	}
	level = len(rest) - len(strings.TrimLeft(rest, "#"))
	if level == 0 || level > maxHeadingLevel {
		return 0, "", false
	}
	rest = rest[level:]
	text = strings.TrimLeftFunc(rest, isSpace)
	if len(text) == len(rest) {
		return 0, "", false
	}
	text = strings.TrimRightFunc(text, isSpace)
	text = strings.TrimRight(text, "#")
	return level, strings.TrimRightFunc(text, isSpace), true
}

// isTableRow: a line that starts with "|" and holds two pipes or more.
func isTableRow(line string) bool {
	t := strip(line)
	return strings.HasPrefix(t, "|") && strings.Count(t, "|") >= 2
}

// splitRow splits a table row into its cells at the pipes that are not
// escaped, and unescapes the pipes in the cells.
func splitRow(line string) []string {
	t := strings.TrimPrefix(strip(line), "|")
	if strings.HasSuffix(t, "|") && !strings.HasSuffix(t, `\|`) {
		t = t[:len(t)-1]
	}
	var cells []string
	start := 0
	for i := 0; i < len(t); i++ {
		if t[i] == '|' && (i == 0 || t[i-1] != '\\') {
			cells = append(cells, t[start:i])
			start = i + 1
		}
	}
	cells = append(cells, t[start:])
	for i, c := range cells {
		cells[i] = strings.ReplaceAll(strip(c), `\|`, "|")
	}
	return cells
}

// dropQuoteMarker removes a leading ">" and one white-space character
// after it.
func dropQuoteMarker(line string) string {
	rest := strings.TrimLeftFunc(line, isSpace)
	if !strings.HasPrefix(rest, ">") {
		return line
	}
	rest = rest[1:]
	if r, n := utf8.DecodeRuneInString(rest); n > 0 && isSpace(r) {
		rest = rest[n:]
	}
	return rest
}

// listBullets are the characters that mark an unnumbered list item.
const listBullets = "-*+\u2022\u25cf\u25e6\u25aa\u2023\u2219\u00b7"

// dropListMarker removes a leading bullet, or a number of one to three
// digits followed by "." or ")", when white space follows it.
func dropListMarker(line string) string {
	rest := strings.TrimLeftFunc(line, isSpace)
	r, n := utf8.DecodeRuneInString(rest)
	switch {
	case n > 0 && strings.ContainsRune(listBullets, r):
		rest = rest[n:]
	case unicode.IsDigit(r):
		body := strings.TrimLeftFunc(rest, unicode.IsDigit)
		digits := utf8.RuneCountInString(rest[:len(rest)-len(body)])
		if digits > maxListNumber || body == "" || body[0] != '.' && body[0] != ')' {
			return line
		}
		rest = body[1:]
	default:
		return line
	}
	after := strings.TrimLeftFunc(rest, isSpace)
	if len(after) == len(rest) {
		return line
	}
	return after
}
