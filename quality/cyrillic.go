package quality

import (
	"fmt"
	"math"
	"strings"
	"unicode"
)

// Cyrillic is written in many languages, each with the letters of
// Russian's alphabet and a few of its own. A text in one of them uses its
// own few; text that a Cyrillic model read from Latin print, each Latin
// letter as a Cyrillic one of its shape ('Коһгдаѕ АС Езѕеп' for 'Ruhrgas
// AG Essen'), or that a wrong map decoded, takes them from all of them:
// Kazakh's һ, Macedonian's ѕ, Serbian's ћ and Ukrainian's ї in one page.

// cyrillicAlphabets are the letters of each language's alphabet beyond
// Russian's (lower case): Ukrainian, Belarusian, Serbian, Macedonian,
// Kazakh, Bashkir, Tatar, Kyrgyz, Mongolian, Tajik, Uzbek.
var cyrillicAlphabets = []string{
	"ґєії", "іў", "ђјљњћџ", "ѓѕјљњќџ", "әғқңөұүһі", "ғҙқңөҫүһә", "әҗңөүһ", "ңөү", "өү", "ғӣқӯҳҷ", "ўқғҳ",
}

// Letters beyond Russian's on a page whose letters are mostly Cyrillic:
// at least minForeignLetters of them, and more than maxStrayShare of them
// outside the one alphabet that holds the most, say the letters are mixed
// from several languages. A page in one language quoting another keeps
// most of its extra letters in its own alphabet.
const (
	minForeignLetters = 20
	maxStrayShare     = 0.3
	mixedEncoding     = 0.3 // the encoding signal of a page whose letters are so mixed
)

// cyrillicMix is the share of text's Cyrillic letters beyond Russian's
// alphabet that the alphabet holding most of them does not hold, and how
// many such letters there are.
func cyrillicMix(text string) (stray float64, n int) {
	counts := map[rune]int{}
	for _, r := range text {
		r = unicode.ToLower(r)
		if r >= 0x400 && r <= 0x4FF && !russianLetter(r) && unicode.IsLetter(r) {
			counts[r]++
			n++
		}
	}
	if n == 0 {
		return 0, 0
	}
	best := 0
	for _, a := range cyrillicAlphabets {
		held := 0
		for r, c := range counts {
			if strings.ContainsRune(a, r) {
				held += c
			}
		}
		best = max(best, held)
	}
	return float64(n-best) / float64(n), n
}

// russianLetter says whether r is a lower-case letter of Russian's
// alphabet.
func russianLetter(r rune) bool {
	return r >= 'а' && r <= 'я' || r == 'ё'
}

// cyrillicSignal is the encoding signal enc of a Cyrillic text, lowered to
// mixedEncoding where its letters come from several languages' alphabets.
func (rep *Report) cyrillicSignal(text string, enc float64) float64 {
	if stray, n := cyrillicMix(text); n >= minForeignLetters && stray > maxStrayShare {
		enc = math.Min(enc, mixedEncoding)
		rep.because(fmt.Sprintf("%s of %d Cyrillic letters beyond Russian's lie outside any one language's alphabet: Latin print read as Cyrillic, or a wrong map", pct(stray), n))
	}
	return enc
}
