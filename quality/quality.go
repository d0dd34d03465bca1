package quality

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// Report is the verdict on one page.
type Report struct {
	Score   float64            `json:"score"`             // combined, in [0,1]
	Signals map[string]float64 `json:"signals,omitempty"` // each in [0,1], 1 is clean
	Reasons []string           `json:"reasons,omitempty"` // why the score is below 1
}

// Hints tell the scorer what the page is expected to hold; the zero value
// means "a page that should have text, amount unknown".
type Hints struct {
	// NoTextExpected marks a page the analysis found blank, where finding
	// no text is correct.
	NoTextExpected bool
	// ExpectedChars is roughly how many glyphs the page's text layer
	// draws (from the analysis), blanks among them; 0 when unknown. A
	// result that counts its own glyphs (core.FactGlyphs and
	// core.FactBlankGlyphs in its Stats) is measured against those
	// instead, which say exactly how many of them draw text.
	ExpectedChars int
	// TextLayer marks a reading of the page's own text layer. What such
	// a reading repeats, the page draws (a test sheet that prints one
	// phrase forty times, a word drawn over and over): the repetition
	// signal, which catches a recogniser stuck in a loop, does not apply.
	TextLayer bool
}

// Signal names.
const (
	SignalYield      = "yield"
	SignalEncoding   = "encoding"
	SignalWordness   = "wordness"
	SignalOrder      = "order"
	SignalRepetition = "repetition"
)

// leftovers are the marks other tools and broken fonts leave where a glyph
// could not be decoded.
var leftovers = regexp.MustCompile(`\(cid:\d+\)|GLYPH<[^>]{0,16}>|/gid\d{1,5}|/g\d{1,5}\b|\buni[0-9A-Fa-f]{4}\b|\bglyph\d{1,5}\b`)

// Thresholds of the signals Score combines. Each one holds on any page,
// seen or not: it names a share of the text, not a count of some corpus.
const (
	// shiftedEncoding caps the encoding signal of a text whose letters are
	// shifted by a fixed offset (caesarShift): every word is wrong.
	shiftedEncoding = 0.1
	// maxLetterSpaced is the share of tokens that may be single letters
	// spaced apart (a heading set in spaced capitals) before they count
	// against wordness.
	maxLetterSpaced = 0.2
	// minHanChars is the least number of Han characters that says
	// anything about their everyday share; minHanCommon is that share,
	// below which the text was likely decoded through a broken map.
	minHanChars  = 20
	minHanCommon = 0.8
	// repeatAllowed is the share of the text that may repeat phrases
	// before the repetition signal falls; it reaches 0 at repeatAllowed
	// + repeatSpan.
	repeatAllowed = 0.15
	repeatSpan    = 0.5
	// softFloor is the least that wordness and order, softer evidence
	// than decoding failures, multiply the score by: they pull it down
	// by at most half.
	softFloor = 0.5
	// reasonBelow is the wordness or order below which Score says why.
	reasonBelow = 0.9
)

// Score rates a page result: yield × encoding × wordness × order ×
// repetition, each in [0,1].
func Score(r core.PageResult, h Hints) Report {
	rep := Report{Signals: map[string]float64{}, Reasons: r.Notes()}
	if r.Stats[core.FactLimitHit] > 0 {
		rep.because("a limit cut the reading short: the page's text may be incomplete")
	}
	if r.Status == core.StatusFailed || r.Status == core.StatusTimeout || r.Status == core.StatusSkipped {
		return rep.empty("no result: " + string(r.Status))
	}
	text := r.Page.Text()
	if strings.TrimSpace(text) == "" {
		if h.NoTextExpected {
			rep.Signals[SignalYield] = 1
			rep.Score = 1
			return rep
		}
		return rep.empty("no text on the page")
	}

	t := tallyText(text) // the characters every signal below reads
	yield, why := measureYield(r, h, t.chars, t.gaps)
	rep.because(why)
	enc := rep.encoding(r, &t, text)

	// strings.Fields allocates its result, and when the text holds
	// anything beyond ASCII (a quote mark, a dash) splits it in two
	// passes; the fields go into a slice kept for the next page.
	fp := fieldRoom.Get().(*[]string)
	fields := slices.AppendSeq((*fp)[:0], strings.FieldsSeq(text))
	defer giveBackFields(fp, fields)
	enc = rep.decoding(&t, text, enc, false)
	words := 1.0
	if s := t.script(); s == ScriptLatin || s == ScriptNone {
		words = rep.wordSignal(fields)
	}

	order, back := Order(&r.Page)
	if order < reasonBelow {
		rep.because(fmt.Sprintf("%d steps in the reading order run backwards", back))
	}
	repeat := 1.0
	// A text layer holds what the page draws, its repeats included: only
	// a reading (OCR, a model) loops on its own, so only a reading is
	// searched for loops.
	if !h.TextLayer {
		repeat = rep.repeats(fields)
	}

	rep.Signals[SignalYield] = yield
	rep.Signals[SignalEncoding] = enc
	rep.Signals[SignalWordness] = words
	rep.Signals[SignalOrder] = order
	rep.Signals[SignalRepetition] = repeat
	rep.Score = clamp(yield * enc * soft(words) * soft(order) * repeat)
	return rep
}

// empty is the report on a page with no text to score: yield 0, and why.
func (rep Report) empty(why string) Report {
	rep.Signals[SignalYield] = 0
	rep.because(why)
	return rep
}

// because adds a reason to the report; an empty one says nothing.
func (rep *Report) because(why ...string) {
	for _, w := range why {
		if w != "" {
			rep.Reasons = append(rep.Reasons, w)
		}
	}
}

// soft maps a signal in [0,1] onto [softFloor,1].
func soft(x float64) float64 { return softFloor + (1-softFloor)*x }

// encoding is the encoding signal (rateEncoding), capped by the share of
// glyphs the result counted without a Unicode mapping.
func (rep *Report) encoding(r core.PageResult, t *tally, text string) float64 {
	enc, whys := rateEncoding(t, text)
	rep.because(whys...)
	if n := r.Stats[core.FactUnmappedGlyphs]; n > 0 {
		if g := r.Stats[core.FactGlyphs]; g > 0 {
			enc = math.Min(enc, 1-n/g)
			rep.because(fmt.Sprintf("%.0f of %.0f glyphs have no Unicode mapping", n, g))
		}
	}
	return enc
}

// giveBackFields returns to fieldRoom the slice of a page's fields,
// holding no page's text.
func giveBackFields(fp *[]string, fields []string) {
	clear(fields)
	*fp = fields[:0]
	fieldRoom.Put(fp)
}

// decoding is the encoding signal enc of text (tallied in t) lowered by
// the checks of its script that find a font decoded through a wrong map:
// Latin letters shifted by a fixed offset, Han characters mostly out of
// everyday use. With part set, text is a part of a page (a block), not
// the whole of it: its letters shifted within ASCII count only where
// most of them also lie in the upper half of Latin-1, which no real text
// does. The search for an ASCII shift tells shifted text by capitals
// that turn into lower case, and on a page, whose letters are many and
// mostly lower case, only shifted text has that shape; a block alone may
// be a heading or a label in capitals, which would have it too.
func (rep *Report) decoding(t *tally, text string, enc float64, part bool) float64 {
	switch t.script() {
	case ScriptLatin, ScriptNone:
		if part && !highLatin1(text) {
			break
		}
		if k, _ := caesarShift(text); k != 0 {
			enc = math.Min(enc, shiftedEncoding)
			rep.because(fmt.Sprintf("letters shifted by a fixed offset (%+d restores them): a font without a usable Unicode map", k))
		}
	case ScriptHan, ScriptJapanese:
		enc = rep.hanSignal(text, enc)
	case ScriptCyrillic:
		enc = rep.cyrillicSignal(text, enc)
	}
	return enc
}

// wordSignal is the wordness of the fields of a text in a Latin script
// (or none), lowered when its letters are spaced apart.
func (rep *Report) wordSignal(fields []string) float64 {
	words := wordness(fields)
	if ls := letterSpaced(fields); ls > maxLetterSpaced {
		words = math.Min(words, 1-ls)
		rep.because(fmt.Sprintf("%s of tokens are letters spaced apart", pct(ls)))
	}
	if words < reasonBelow {
		rep.because(fmt.Sprintf("only %s of tokens look like words", pct(words)))
	}
	return words
}

// hanSignal is the encoding signal enc of a Han or Japanese text, lowered
// to the share of its Han characters in everyday use when that is low.
func (rep *Report) hanSignal(text string, enc float64) float64 {
	if share, n := HanCommonShare(text); n >= minHanChars && share < minHanCommon {
		enc = math.Min(enc, share)
		rep.because(fmt.Sprintf("only %s of %d Han characters are in everyday use: likely text decoded through a broken map", pct(share), n))
	}
	return enc
}

// repeats is the repetition signal of a reading's fields: 1 until
// repeatAllowed of the text repeats the same phrases, falling to 0 over
// repeatSpan more.
func (rep *Report) repeats(fields []string) float64 {
	rp := repetition(fields)
	if rp <= repeatAllowed {
		return 1
	}
	rep.because(fmt.Sprintf("%s of the text repeats the same phrases", pct(rp)))
	return clamp(1 - (rp-repeatAllowed)/repeatSpan)
}

// Encoding rates how much of text is decodable, readable characters: 1
// when every character is, falling towards 0 as U+FFFD, private-use,
// control characters and decoding leftovers take over.
func Encoding(text string) (float64, []string) {
	t := tallyText(text)
	return rateEncoding(&t, text)
}

// Decodable rates how much of text, a part of a page, its font decoded to
// real characters, judged as Score judges a page's encoding: Encoding,
// lowered for Latin letters shifted by a fixed offset (into the upper half
// of Latin-1: see decoding) or Han characters out of everyday use. A piece of a page (a block) whose Decodable falls below the
// router's threshold would fail it as a page of its own.
func Decodable(text string) float64 {
	t := tallyText(text)
	return decodable(&t, text)
}

// decodable is Decodable with text's characters tallied.
func decodable(t *tally, text string) float64 {
	enc, _ := rateEncoding(t, text)
	var rep Report
	return rep.decoding(t, text, enc, true)
}

// rateEncoding is Encoding with text's characters tallied.
func rateEncoding(t *tally, text string) (float64, []string) {
	total, fffd, pua, ctrl := t.total, t.fffd, t.pua, t.ctrl
	if total == 0 {
		return 1, nil
	}
	var reasons []string
	bad := fffd + pua + ctrl
	if fffd > 0 {
		reasons = append(reasons, fmt.Sprintf("%d replacement characters (U+FFFD)", fffd))
	}
	if pua > 0 {
		reasons = append(reasons, fmt.Sprintf("%d private-use characters", pua))
	}
	if ctrl > 0 {
		reasons = append(reasons, fmt.Sprintf("%d control characters", ctrl))
	}
	if m := findLeftovers(text); len(m) > 0 {
		n := 0
		for _, s := range m {
			n += utf8.RuneCountInString(s)
		}
		bad += n
		reasons = append(reasons, fmt.Sprintf("%d undecoded glyph marks such as %q", len(m), m[0]))
	}
	if m := findMojibake(text); len(m) >= 3 {
		bad += 2 * len(m)
		reasons = append(reasons, fmt.Sprintf("%d UTF-8 sequences read as Latin-1 such as %q", len(m), m[0]))
	}
	return clamp(1 - float64(bad)/float64(total)), reasons
}

// latin1Mojibake matches UTF-8 multi-byte sequences shown as Latin-1 or
// Windows-1252 characters ("Ã©" for "é", "â€™" for "’").
var latin1Mojibake = regexp.MustCompile(`[ÃÂ][\x{80}-\x{BF}©®°±²³µ¶·¹º»¼½¾¿ ¡¢£¤¥¦§¨ª«¬]|â€[™œ\x{9d}“”˜¦¢]`)

// findLeftovers runs the leftovers pattern only over text that holds one of
// its fixed parts: scoring runs on every page, and most pages hold none.
func findLeftovers(text string) []string {
	if !strings.Contains(text, "(cid:") && !strings.Contains(text, "GLYPH<") && !strings.Contains(text, "/g") &&
		!strings.Contains(text, "glyph") && !containsUniName(text) {
		return nil
	}
	return leftovers.FindAllString(text, -1)
}

// containsUniName reports whether text has "uni" followed by four hex
// digits, as an unresolved glyph name leaves.
func containsUniName(text string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], "uni")
		if j < 0 {
			return false
		}
		k := i + j + 3
		if k+4 <= len(text) && isHex4(text[k:k+4]) {
			return true
		}
		i = k
	}
}

func isHex4(s string) bool {
	for i := 0; i < 4; i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// findMojibake runs the Latin-1 mojibake pattern only over text that holds
// one of the lead characters it needs.
func findMojibake(text string) []string {
	if !strings.Contains(text, "Ã") && !strings.Contains(text, "Â") && !strings.Contains(text, "â") {
		return nil
	}
	return latin1Mojibake.FindAllString(text, -1)
}

func clamp(x float64) float64 {
	switch {
	case math.IsNaN(x) || x < 0:
		return 0
	case x > 1:
		return 1
	}
	return x
}
