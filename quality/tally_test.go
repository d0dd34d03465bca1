package quality

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// The references below are each signal's count written as a loop of its
// own, as the scorers read the text before tallyText counted it once for
// all of them; FuzzTally holds the tally to them.

func refTextChars(text string) (chars, gaps int) {
	inGap := false
	for _, c := range text {
		printable := c > ' ' && c < utf8.RuneSelf
		switch {
		case !printable && unicode.IsSpace(c):
			inGap = true
		case !printable && core.Blank(c):
		default:
			if inGap && chars > 0 {
				gaps++
			}
			inGap = false
			chars++
		}
	}
	return chars, gaps
}

func refEncodingCounts(text string) (total, fffd, pua, ctrl int) {
	for _, r := range text {
		if r < 0x80 {
			switch {
			case r == ' ' || r == '\n' || r == '\t' || r == '\r' || r == '\v' || r == '\f':
			case r < 0x20 || r == 0x7f:
				total++
				ctrl++
			default:
				total++
			}
			continue
		}
		if unicode.IsSpace(r) {
			continue
		}
		total++
		switch {
		case r == utf8.RuneError:
			fffd++
		case unicode.Is(unicode.Co, r):
			pua++
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) && r != '\u200d' && r != '\u200c' && r != '\u200e' && r != '\u200f':
			ctrl++
		}
	}
	return total, fffd, pua, ctrl
}

func refLetters(text string) (l [scriptCount]int) {
	for _, r := range text {
		switch {
		case r < 0x80:
			if unicode.IsLetter(r) {
				l[scriptLatin]++
			}
		case !unicode.IsLetter(r):
		default:
			l[letterScript(r)]++
		}
	}
	return l
}

func checkTally(t *testing.T, text string) {
	t.Helper()
	got := tallyText(text)
	if c, g := refTextChars(text); got.chars != c || got.gaps != g {
		t.Errorf("%q: chars, gaps %d, %d; want %d, %d", text, got.chars, got.gaps, c, g)
	}
	if tot, f, p, c := refEncodingCounts(text); got.total != tot || got.fffd != f || got.pua != p || got.ctrl != c {
		t.Errorf("%q: total, fffd, pua, ctrl %d %d %d %d; want %d %d %d %d", text, got.total, got.fffd, got.pua, got.ctrl, tot, f, p, c)
	}
	if l := refLetters(text); got.letters != l {
		t.Errorf("%q: letters %v, want %v", text, got.letters, l)
	}
}

func TestTally(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", " ", "a b", "  lead and trail  ", "tab\tand\nlines", "\x00\x01ctl\x7f",
		"soft\u00adhy\u200bphen", "zwj\u200dzwnj\u200c", "\ufffd\xff\xfe", "\ue000pua", "été Straße",
		"日本語のテキスト", "한국어", "مرحبا", "שלום", "Привет", "Ελληνικά", "ⅫⅨ", "a\u00a0b\u2003c"} {
		checkTally(t, s)
	}
}

func FuzzTally(f *testing.F) {
	for _, s := range []string{"", "a  b", "\x00\x7f", "\u200d\ufeff", "日本語 한국어 مرحبا", "\xff\xfe\xfd"} {
		f.Add(s)
	}
	f.Fuzz(checkTally)
}

// checkJudge holds judgeASCII to judgeField on an ASCII field.
func checkJudge(t *testing.T, f string) {
	t.Helper()
	var g1, t1, g2, t2 int
	judgeASCII(f, &g1, &t1)
	judgeField(f, &g2, &t2)
	if g1 != g2 || t1 != t2 {
		t.Errorf("%q: judgeASCII %d of %d tokens wordlike, judgeField %d of %d", f, g1, t1, g2, t2)
	}
	for _, tok := range strings.FieldsFunc(f, splitsToken) {
		if a, b := wordlikeASCII(tok), wordlike(tok); a != b {
			t.Errorf("%q: wordlikeASCII %v, wordlike %v", tok, a, b)
		}
	}
}

func TestJudgeASCII(t *testing.T) {
	t.Parallel()
	for _, f := range []string{"", "word", "Word.", "(call)", "a=b;c", "don't", "well-known", "3.14", "H2O", "COVID-19",
		"tHiS", "kInD", "BCDFG", "xyz", "\"quoted\"", "km/h", "5%", "snake_case", "***", "a\x01b", "[]{}<>", "A4", "iPhone"} {
		checkJudge(t, f)
	}
}

func FuzzJudgeASCII(f *testing.F) {
	for _, s := range []string{"word", "a=b;c", "tHiS", "H2O", "\x00\x7f", "((x))"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s)
		for i := range b {
			b[i] &= 0x7f // ASCII only
		}
		checkJudge(t, string(b))
	})
}
