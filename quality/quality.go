package quality

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"unicode"
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
// means "a page that should have text".
type Hints struct {
	// NoTextExpected marks a page the analysis found blank or image-free,
	// where finding no text is correct.
	NoTextExpected bool
}

// Signal names.
const (
	SignalYield    = "yield"
	SignalEncoding = "encoding"
)

// leftovers are the marks other tools and broken fonts leave where a glyph
// could not be decoded.
var leftovers = regexp.MustCompile(`\(cid:\d+\)|GLYPH<[^>]{0,16}>|/gid\d{1,5}|/g\d{1,5}\b|\buni[0-9A-Fa-f]{4}\b`)

// Score rates a page result.
func Score(r core.PageResult, h Hints) Report {
	rep := Report{Signals: map[string]float64{}}
	if r.Status == core.StatusFailed || r.Status == core.StatusTimeout {
		rep.Signals[SignalYield] = 0
		rep.Reasons = append(rep.Reasons, "no result: "+string(r.Status))
		return rep
	}
	text := r.Page.Text()
	enc, encReasons := Encoding(text)
	yield := 1.0
	if strings.TrimSpace(text) == "" {
		if h.NoTextExpected {
			rep.Signals[SignalYield] = 1
			rep.Signals[SignalEncoding] = 1
			rep.Score = 1
			return rep
		}
		yield = 0
		rep.Reasons = append(rep.Reasons, "no text on the page")
	}
	if n := r.Stats["unmapped_glyphs"]; n > 0 {
		if g := r.Stats["glyphs"]; g > 0 {
			share := n / g
			enc = math.Min(enc, 1-share)
			encReasons = append(encReasons, fmt.Sprintf("%.0f of %.0f glyphs have no Unicode mapping", n, g))
		}
	}
	rep.Signals[SignalYield] = yield
	rep.Signals[SignalEncoding] = enc
	rep.Reasons = append(rep.Reasons, encReasons...)
	rep.Score = clamp(yield * enc)
	return rep
}

// Encoding rates how much of text is decodable, readable characters: 1
// when every character is, falling towards 0 as U+FFFD, private-use,
// control characters and decoding leftovers take over.
func Encoding(text string) (float64, []string) {
	total, bad := 0, 0
	var fffd, pua, ctrl int
	for _, r := range text {
		if unicode.IsSpace(r) {
			continue
		}
		total++
		switch {
		case r == utf8.RuneError:
			fffd++
		case unicode.Is(unicode.Co, r):
			pua++
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) && r != '\u200d' && r != '\u200c':
			ctrl++
		}
	}
	if total == 0 {
		return 1, nil
	}
	var reasons []string
	bad = fffd + pua + ctrl
	if fffd > 0 {
		reasons = append(reasons, fmt.Sprintf("%d replacement characters (U+FFFD)", fffd))
	}
	if pua > 0 {
		reasons = append(reasons, fmt.Sprintf("%d private-use characters", pua))
	}
	if ctrl > 0 {
		reasons = append(reasons, fmt.Sprintf("%d control characters", ctrl))
	}
	if m := leftovers.FindAllString(text, -1); len(m) > 0 {
		n := 0
		for _, s := range m {
			n += utf8.RuneCountInString(s)
		}
		bad += n
		reasons = append(reasons, fmt.Sprintf("%d undecoded glyph marks such as %q", len(m), m[0]))
	}
	return clamp(1 - float64(bad)/float64(total)), reasons
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
