package quality

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Wordness is the share of tokens that look like words: a run of letters
// with a plausible shape (a vowel in a Latin word of three letters or more,
// no case flips inside, no letters fused with digits or symbols), a number,
// or a token in a script without such rules (Han, kana, Hangul, Arabic ...).
// It is shape, not vocabulary, so made-up and rare words still pass while
// the output of broken fonts ("7KH TXLFN", "Ɵ", "ﬃ%3k") does not. Tokens
// are split at white space and at the brackets and operators of code (so
// "print(i)" is judged by its identifiers), with surrounding punctuation
// trimmed.
func Wordness(text string) float64 {
	return wordness(strings.Fields(text))
}

// wordnessSample is how many tokens wordness judges: the share is well
// estimated long before the end of a dense page, and scoring runs on every
// page.
const wordnessSample = 300

// fieldRoom recycles the slices Score splits pages into: it splits every
// page it is given at white space, and a dense page has a thousand
// fields.
var fieldRoom = sync.Pool{New: func() any { return new([]string) }}

// wordness is Wordness over text already split at white space, judged on
// up to wordnessSample tokens spread evenly over the page.
func wordness(fields []string) float64 {
	n, step := len(fields), 1.0
	if n > wordnessSample {
		n, step = wordnessSample, float64(len(fields))/wordnessSample
	}
	good, total := 0, 0
	for i := range n {
		f := fields[int(float64(i)*step)]
		if isASCII(f) {
			judgeASCII(f, &good, &total)
		} else {
			judgeField(f, &good, &total)
		}
	}
	if total == 0 {
		return 1
	}
	return float64(good) / float64(total)
}

func isPunctOrSymbol(r rune) bool {
	if r < 0x80 {
		return r > ' ' && r < '0' || r > '9' && r < 'A' || r > 'Z' && r < 'a' || r > 'z' && r < 0x7f
	}
	return unicode.IsPunct(r) || unicode.IsSymbol(r)
}

// isVowel reports whether r is a vowel of a Latin-script language.
func isVowel(r rune) bool {
	switch r {
	case 'a', 'e', 'i', 'o', 'u', 'y', 'A', 'E', 'I', 'O', 'U', 'Y':
		return true
	}
	return r >= 0x80 && strings.ContainsRune("àáâãäåèéêëìíîïòóôõöùúûüýÿæœøąęėįųūōÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÝÆŒØ", r)
}

// splitsToken is true for white space and the brackets and operators that
// separate identifiers in code.
func splitsToken(r rune) bool {
	switch r {
	case ' ', '\n', '\t', '\r', '(', ')', '[', ']', '{', '}', '<', '>', '=', ':', ';', '"':
		return true
	}
	return r > 0x7f && unicode.IsSpace(r)
}

func wordlike(t string) bool {
	var w wordShape
	w.latin = true
	for _, r := range t {
		switch {
		case unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r):
			if r >= 0x80 && !unicode.Is(unicode.Latin, r) && !unicode.Is(unicode.Mn, r) {
				w.latin = false
			}
			w.letter(unicode.IsUpper(r), isVowel(r))
		case unicode.IsDigit(r):
			w.digits++
		case isWordInner(r):
		default:
			w.other++
		}
	}
	return w.wordlike()
}

// isWordInner reports whether r is punctuation found inside words: don't,
// well-known, 3.14, 1,000, km/h, 5%, snake_case.
func isWordInner(r rune) bool {
	switch r {
	case '\'', '-', '’', '.', ',', '/', '%', '_':
		return true
	}
	return false
}

// wordShape is what wordlike judges a token by.
type wordShape struct {
	letters, digits, other, vowels, upper, lower, flips int
	prevUpper, prevSet, latin                           bool
}

// letter counts a letter, and the changes from lower to upper case
// inside the token.
func (w *wordShape) letter(upper, vowel bool) {
	w.letters++
	if vowel {
		w.vowels++
	}
	if upper {
		w.upper++
		if w.prevSet && !w.prevUpper && w.letters > 1 {
			w.flips++
		}
	} else {
		w.lower++
	}
	w.prevUpper, w.prevSet = upper, true
}

// wordlike is the verdict on a token of this shape.
func (w *wordShape) wordlike() bool {
	switch {
	case w.letters == 0:
		return w.digits > 0 && w.other == 0
	case !w.latin:
		return w.other == 0 && w.digits == 0
	case w.other > 0:
		return false
	case w.digits > 0:
		// 3rd, 10th, A4, H2O, COVID-19: short mixes are fine.
		return w.letters <= 4 || w.digits <= 2
	case w.letters >= 3 && w.vowels == 0 && w.upper != w.letters:
		return false
	case w.letters >= 5 && w.vowels == 0:
		return false // all-caps consonant runs: shifted glyphs, not acronyms
	case w.flips > 1:
		return false // tHiS kInD
	}
	return true
}

// The classes of ASCII characters that wordness reads tokens by, each
// taken from the predicate that reads other characters (asciiClasses).
const (
	classLetter = 1 << iota
	classUpper
	classVowel
	classDigit
	classInner // isWordInner
	classSplit // splitsToken
	classTrim  // isPunctOrSymbol
)

var asciiClasses = func() (t [utf8.RuneSelf]uint8) {
	for c := range rune(utf8.RuneSelf) {
		for _, k := range []struct {
			is    func(rune) bool
			class uint8
		}{
			{unicode.IsLetter, classLetter}, {unicode.IsUpper, classUpper}, {isVowel, classVowel},
			{unicode.IsDigit, classDigit}, {isWordInner, classInner}, {splitsToken, classSplit}, {isPunctOrSymbol, classTrim},
		} {
			if k.is(c) {
				t[c] |= k.class
			}
		}
	}
	return t
}()

// judgeField is wordness's judgement of the tokens of a field (split at
// splitsToken, punctuation and symbols trimmed from their ends), added
// to good and total.
func judgeField(f string, good, total *int) {
	judge := func(t string) {
		t = strings.TrimFunc(t, isPunctOrSymbol)
		if t == "" {
			return
		}
		*total++
		if wordlike(t) {
			*good++
		}
	}
	if strings.IndexFunc(f, splitsToken) < 0 {
		judge(f)
		return
	}
	for _, t := range strings.FieldsFunc(f, splitsToken) {
		judge(t)
	}
}

// judgeASCII is judgeField for an ASCII field: the same tokens, trims
// and verdicts, decided by table.
func judgeASCII(f string, good, total *int) {
	for f != "" {
		i := 0
		for i < len(f) && asciiClasses[f[i]]&classSplit != 0 {
			i++
		}
		j := i
		for j < len(f) && asciiClasses[f[j]]&classSplit == 0 {
			j++
		}
		t := f[i:j]
		f = f[j:]
		a, b := 0, len(t)
		for a < b && asciiClasses[t[a]]&classTrim != 0 {
			a++
		}
		for b > a && asciiClasses[t[b-1]]&classTrim != 0 {
			b--
		}
		if a == b {
			continue
		}
		*total++
		if wordlikeASCII(t[a:b]) {
			*good++
		}
	}
}

// wordlikeASCII is wordlike for ASCII text.
func wordlikeASCII(t string) bool {
	w := wordShape{latin: true}
	for i := 0; i < len(t); i++ {
		switch c := asciiClasses[t[i]]; {
		case c&classLetter != 0:
			w.letter(c&classUpper != 0, c&classVowel != 0)
		case c&classDigit != 0:
			w.digits++
		case c&classInner != 0:
		default:
			w.other++
		}
	}
	return w.wordlike()
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// letterSpaced reports the share of tokens that are single letters inside
// runs of at least four such tokens ("T e n a n t"), as drawn by a
// producer that positions every glyph on its own.
func letterSpaced(fs []string) float64 {
	if len(fs) == 0 {
		return 0
	}
	spaced, run := 0, 0
	flush := func() {
		if run >= 4 {
			spaced += run
		}
		run = 0
	}
	for _, f := range fs {
		if utf8.RuneCountInString(f) == 1 {
			r, _ := utf8.DecodeRuneInString(f)
			if unicode.IsLetter(r) && !unicode.Is(unicode.Han, r) && !unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Hangul) {
				run++
				continue
			}
		}
		flush()
	}
	flush()
	return float64(spaced) / float64(len(fs))
}

// caesarShift finds text whose letters are all moved by one fixed offset,
// the mark of a subset font whose codes are glyph indices ("7KH" for
// "The"): it returns the offset that makes the text look most like
// letters with a natural share of vowels, and that likeness, or 0 when no
// offset does clearly better than the text as it is.
func caesarShift(text string) (int, float64) {
	sample := text
	if len(sample) > 4000 {
		sample = sample[:4000]
	}
	var t charTally
	t.count(sample)
	base := letterShape(&t.ascii)
	high := t.mostlyHighLatin1()
	// A shift wins only by shiftGain, and letterShape is at most 1: text
	// that rates within shiftGain of 1 cannot be beaten, and is not
	// shifted eight times to find that out (pages of references and
	// numbers rate 0.7-0.8).
	if !high && base+shiftGain >= 1 || t.distinctLetters() < minShiftLetters {
		return 0, base
	}
	if high {
		base = 0
	}
	bestShift, best := 0, base
	for _, k := range []int{29, 28, 30, 31, 3, -29, -3, -128} {
		shifted := t.shifted(k)
		// Undoing a real shift gives running text, with hardly any of the
		// symbols ([ ] ^ _ ` { } ...) that shifting capitals or code yields.
		if w := letterShape(&shifted); w > best+shiftGain && w > 0.8 && symbolShare(&shifted) < 0.02 {
			bestShift, best = k, w
		}
	}
	return bestShift, best
}

// minShiftLetters is the fewest different letters whose shape can tell
// shifted text: a line of running text has a dozen or more, while a few
// letters repeated ("TEST TEST", shifted by 28 to "paop paop") read as
// words or as garbage by chance alone.
const minShiftLetters = 8

// shiftGain is how much better than the text as it is a shift must make
// it look (letterShape) to be taken for the font's true offset.
const shiftGain = 0.3

// asciiCounts counts the ASCII characters of a text by code.
type asciiCounts [utf8.RuneSelf]int

// charTally counts a text's characters by code, once: a shift moves every
// character of one code to one other code, so the shift search rates each
// shift from the counts instead of rewriting and rereading the text.
type charTally struct {
	ascii  asciiCounts
	latin1 [0x80]int // U+0080-U+00FF, at the code less 0x80
	// Letters above Latin-1: how many, and which (few in Latin text).
	otherLetters int
	otherSeen    map[rune]bool
}

// count adds the characters of s.
func (t *charTally) count(s string) {
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			t.ascii[r]++
		case r <= 0xff:
			t.latin1[r-0x80]++
		case unicode.IsLetter(r):
			t.otherLetters++
			if t.otherSeen == nil {
				t.otherSeen = map[rune]bool{}
			}
			t.otherSeen[r] = true
		}
	}
}

// shifted is the ASCII counts of the text with its letters moved by k:
// visible ASCII moved by k, and off the table as '~' (visible, not a
// letter); for k = -128, the high half of Latin-1 moved down to ASCII (a
// font whose codes were moved up by 128 read through a Latin-1 encoding).
func (t *charTally) shifted(k int) asciiCounts {
	out := t.ascii
	if k == -128 {
		for r := 0xa1; r < 0xff; r++ {
			out[r-128] += t.latin1[r-0x80]
		}
		return out
	}
	for r := '!'; r < 0x7f; r++ {
		out[r] = 0
	}
	for r := '!'; r < 0x7f; r++ {
		to := r + rune(k)
		if to <= ' ' || to >= 0x7f {
			to = '~'
		}
		out[to] += t.ascii[r]
	}
	return out
}

// distinctLetters counts the different letters of the text.
func (t *charTally) distinctLetters() int {
	n := len(t.otherSeen)
	for r, c := range t.ascii {
		if c > 0 && unicode.IsLetter(rune(r)) {
			n++
		}
	}
	for r, c := range t.latin1 {
		if c > 0 && unicode.IsLetter(rune(r+0x80)) {
			n++
		}
	}
	return n
}

// highLatin1 reports whether most letters of text are in the upper half
// of Latin-1 (mostlyHighLatin1).
func highLatin1(text string) bool {
	var t charTally
	t.count(text)
	return t.mostlyHighLatin1()
}

// mostlyHighLatin1 reports whether most letters of the text are in the
// upper half of Latin-1 (À-ÿ), which real text in any language is not.
func (t *charTally) mostlyHighLatin1() bool {
	high, letters := 0, t.otherLetters
	for r, c := range t.ascii {
		if unicode.IsLetter(rune(r)) {
			letters += c
		}
	}
	for r, c := range t.latin1 {
		if unicode.IsLetter(rune(r + 0x80)) {
			letters += c
			if r+0x80 >= 0xc0 {
				high += c
			}
		}
	}
	return letters >= 20 && high*2 > letters
}

// symbolShare is the share of the visible ASCII characters that are
// symbols rare in running text: [ \ ] ^ _ ` { | } ~ @ # $ < > *.
func symbolShare(c *asciiCounts) float64 {
	visible, symbols := 0, 0
	for r := '!'; r < 0x7f; r++ {
		visible += c[r]
	}
	for _, r := range "[\\]^_`{|}~@#$<>*" {
		symbols += c[r]
	}
	if visible == 0 {
		return 0
	}
	return float64(symbols) / float64(visible)
}

// letterShape rates how much ASCII text looks like written words: the
// share of its visible characters that are letters, scaled down when the
// share of vowels among them is far from the 25-50% of European languages
// or when few of them are lower case.
func letterShape(c *asciiCounts) float64 {
	var visible, letters, vowels, lower int
	for r := '!'; r < 0x7f; r++ {
		n := c[r]
		visible += n
		if unicode.IsLetter(r) {
			letters += n
			if isVowel(r) {
				vowels += n
			}
			if unicode.IsLower(r) {
				lower += n
			}
		}
	}
	if visible < 20 || letters == 0 {
		return 1
	}
	shape := float64(letters) / float64(visible)
	if v := float64(vowels) / float64(letters); v < 0.2 {
		shape *= v / 0.2
	} else if v > 0.6 {
		shape *= (1 - v) / 0.4
	}
	// Running text is mostly lower case; a shift by 29 turns lower case
	// into capitals and digits.
	if l := float64(lower) / float64(letters); l < 0.5 {
		shape *= l / 0.5
	}
	return shape
}

// repetition is the share of tokens caught in a tight loop: a phrase of up
// to maxLoop tokens repeated back to back at least three times, as models
// and OCR engines produce when they stall ("the the the", "Page 1 Page 1
// Page 1 ..."). Documents that repeat whole sentences or paragraphs (lorem
// ipsum, boilerplate, code) are not loops.
func repetition(all []string) float64 {
	const maxLoop, minRepeats = 8, 3
	// Runs of punctuation (dot leaders in a table of contents, rules drawn
	// with dashes) repeat by design and are left out.
	fs := make([]string, 0, len(all))
	for _, f := range all {
		if strings.IndexFunc(f, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			fs = append(fs, f)
		}
	}
	if len(fs) < 12 {
		return 0
	}
	looped := make([]bool, len(fs))
	for p := 1; p <= maxLoop; p++ {
		run := 0 // tokens so far that equal the token p places back
		for i := p; i <= len(fs); i++ {
			if i < len(fs) && fs[i] == fs[i-p] {
				run++
				continue
			}
			if run >= p*(minRepeats-1) {
				for j := i - run - p; j < i; j++ {
					looped[j] = true
				}
			}
			run = 0
		}
	}
	n := 0
	for _, l := range looped {
		if l {
			n++
		}
	}
	return float64(n) / float64(len(fs))
}

func pct(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }
