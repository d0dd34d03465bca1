package quality

import (
	"sync"
	"unicode"

	"golang.org/x/text/encoding"
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
	t := tallyText(text)
	return t.script()
}

// script is the dominant script of the letters tallied: Han and kana
// count together, and Han with a tenth or more kana is Japanese.
func (t *tally) script() Script {
	l := &t.letters
	best, n := ScriptNone, 0
	pick := func(s Script, c int) {
		if c > n {
			best, n = s, c
		}
	}
	pick(ScriptLatin, l[scriptLatin])
	pick(ScriptHan, l[scriptHan]+l[scriptKana])
	pick(ScriptHangul, l[scriptHangul])
	pick(ScriptArabic, l[scriptArabic])
	pick(ScriptHebrew, l[scriptHebrew])
	pick(ScriptCyrillic, l[scriptCyrillic])
	pick(ScriptGreek, l[scriptGreek])
	pick(ScriptOther, l[scriptOther])
	if best == ScriptHan && l[scriptKana]*10 >= l[scriptHan]+l[scriptKana] {
		best = ScriptJapanese
	}
	return best
}

// commonHan is the set of Han characters in everyday use: level 1 of GB2312
// (3,755 characters), the frequent block of Big5 (5,401) and level 1 of
// JIS X 0208 (2,965), read from the decoders so no table is stored here.
// Text that a broken font map turned into Han characters is mostly made of
// characters outside it.
var commonHan = sync.OnceValue(func() map[rune]bool {
	set := make(map[rune]bool, commonHanSize)
	for _, blk := range commonHanBlocks {
		text, err := blk.enc.NewDecoder().Bytes(blk.codes())
		if err != nil {
			continue // cannot happen: the decoders replace what they cannot read
		}
		for _, r := range string(text) {
			if r >= 0x4E00 && r <= 0x9FFF {
				set[r] = true
			}
		}
	}
	return set
})

// commonHanSize is about how many characters the blocks share out.
const commonHanSize = 9000

// A hanBlock is a block of two-byte codes of a legacy encoding: lead
// bytes lead0..lead1, trail bytes in the ranges trails; the last lead
// byte stops at lastTrail.
type hanBlock struct {
	enc          encoding.Encoding
	lead0, lead1 byte
	trails       [][2]byte
	lastTrail    byte
}

// commonHanBlocks are the blocks of everyday characters: GB2312's level
// 1 (rows 0xB0-0xD7 of EUC-CN), Big5's frequent block (0xA440-0xC67E)
// and JIS X 0208's level 1 (rows 0xB0-0xCF of EUC-JP).
var commonHanBlocks = []hanBlock{
	{enc: simplifiedchinese.GBK, lead0: 0xB0, lead1: 0xD7, trails: [][2]byte{{0xA1, 0xFE}}, lastTrail: 0xFE},
	{enc: traditionalchinese.Big5, lead0: 0xA4, lead1: 0xC6, trails: [][2]byte{{0x40, 0x7E}, {0xA1, 0xFE}}, lastTrail: 0x7E},
	{enc: japanese.EUCJP, lead0: 0xB0, lead1: 0xCF, trails: [][2]byte{{0xA1, 0xFE}}, lastTrail: 0xFE},
}

// codes are the block's codes, one after another.
func (h hanBlock) codes() []byte {
	var b []byte
	for lead := int(h.lead0); lead <= int(h.lead1); lead++ {
		for _, tr := range h.trails {
			for trail := int(tr[0]); trail <= int(tr[1]); trail++ {
				if lead == int(h.lead1) && trail > int(h.lastTrail) {
					break
				}
				b = append(b, byte(lead), byte(trail))
			}
		}
	}
	return b
}

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
