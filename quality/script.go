package quality

import (
	"sync"
	"unicode"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// Script is the writing system a text is mostly in.
type Script string

// Scripts the scorers tell apart.
const (
	ScriptNone     Script = ""
	ScriptLatin    Script = "Latin"
	ScriptHan      Script = "Han"
	ScriptJapanese Script = "Japanese" // Han with kana
	ScriptHangul   Script = "Hangul"
	ScriptArabic   Script = "Arabic"
	ScriptHebrew   Script = "Hebrew"
	ScriptCyrillic Script = "Cyrillic"
	ScriptGreek    Script = "Greek"
	ScriptOther    Script = "Other"
)

// DetectScript returns the dominant script of text by letter count.
func DetectScript(text string) Script {
	var latin, han, kana, hangul, arabic, hebrew, cyr, greek, other int
	for _, r := range text {
		switch {
		case r < 0x80:
			if unicode.IsLetter(r) {
				latin++
			}
		case !unicode.IsLetter(r):
		case unicode.Is(unicode.Latin, r):
			latin++
		case unicode.Is(unicode.Han, r):
			han++
		case unicode.In(r, unicode.Hiragana, unicode.Katakana):
			kana++
		case unicode.Is(unicode.Hangul, r):
			hangul++
		case unicode.Is(unicode.Arabic, r):
			arabic++
		case unicode.Is(unicode.Hebrew, r):
			hebrew++
		case unicode.Is(unicode.Cyrillic, r):
			cyr++
		case unicode.Is(unicode.Greek, r):
			greek++
		default:
			other++
		}
	}
	best, n := ScriptNone, 0
	pick := func(s Script, c int) {
		if c > n {
			best, n = s, c
		}
	}
	pick(ScriptLatin, latin)
	pick(ScriptHan, han+kana)
	pick(ScriptHangul, hangul)
	pick(ScriptArabic, arabic)
	pick(ScriptHebrew, hebrew)
	pick(ScriptCyrillic, cyr)
	pick(ScriptGreek, greek)
	pick(ScriptOther, other)
	if best == ScriptHan && kana*10 >= han+kana {
		best = ScriptJapanese
	}
	return best
}

// commonHan is the set of Han characters in everyday use: level 1 of GB2312
// (3,755 characters), the frequent block of Big5 (5,401) and level 1 of
// JIS X 0208 (2,965), read from the encoders so no table is stored here.
// Text that a broken font map turned into Han characters is mostly made of
// characters outside it.
var commonHan = sync.OnceValue(func() map[rune]bool {
	set := make(map[rune]bool, 9000)
	gb := simplifiedchinese.GBK.NewEncoder()
	big5 := traditionalchinese.Big5.NewEncoder()
	jis := japanese.EUCJP.NewEncoder()
	buf := make([]byte, 8)
	for r := rune(0x4E00); r <= 0x9FFF; r++ {
		src := string(r)
		if n, _, err := gb.Transform(buf, []byte(src), true); err == nil && n == 2 && buf[0] >= 0xB0 && buf[0] <= 0xD7 && buf[1] >= 0xA1 {
			set[r] = true
		}
		gb.Reset()
		if n, _, err := big5.Transform(buf, []byte(src), true); err == nil && n == 2 && (buf[0] >= 0xA4 && buf[0] < 0xC6 || buf[0] == 0xC6 && buf[1] <= 0x7E) {
			set[r] = true
		}
		big5.Reset()
		if n, _, err := jis.Transform(buf, []byte(src), true); err == nil && n == 2 && buf[0] >= 0xB0 && buf[0] <= 0xCF {
			set[r] = true
		}
		jis.Reset()
	}
	return set
})

// HanCommonShare is the share of Han characters in text that are in
// everyday use, and how many Han characters there were.
func HanCommonShare(text string) (float64, int) {
	set := commonHan()
	total, common := 0, 0
	for _, r := range text {
		if unicode.Is(unicode.Han, r) {
			total++
			if set[r] {
				common++
			}
		}
	}
	if total == 0 {
		return 1, 0
	}
	return float64(common) / float64(total), total
}
