package eval

import "strings"

// HeadingScores compares the "#" headings of a prediction with those of its
// ground truth, as multisets of (level, text), the text normalised and
// case-folded.
type HeadingScores struct {
	Precision float64 `json:"heading_p"`
	Recall    float64 `json:"heading_r"`
	F1        float64 `json:"heading_f1"`
	// F1NoLevel matches on the text alone.
	F1NoLevel float64 `json:"heading_f1_nolevel"`
	// GT and Pred count the headings found.
	GT   int `json:"headings_gt"`
	Pred int `json:"headings_pred"`
}

type heading struct {
	level int
	text  string
}

// parseHeadings is every heading line of md with a non-empty text.
func parseHeadings(md string) []heading {
	var hs []heading
	for _, line := range strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n") {
		level, text, ok := matchHeading(line)
		if !ok || strip(text) == "" {
			continue
		}
		hs = append(hs, heading{level, casefold(normalize(stripInline(text)))})
	}
	return hs
}

// scoreHeadings is nil when gt has no heading.
func scoreHeadings(gtMD, predMD string) *HeadingScores {
	g, p := parseHeadings(gtMD), parseHeadings(predMD)
	if len(g) == 0 {
		return nil
	}
	s := &HeadingScores{GT: len(g), Pred: len(p)}
	s.Precision, s.Recall, s.F1 = precisionRecall(g, p)
	_, _, s.F1NoLevel = precisionRecall(texts(g), texts(p))
	return s
}

func texts(hs []heading) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.text
	}
	return out
}

// precisionRecall matches pred against gt as multisets; gt is not empty.
func precisionRecall[T comparable](gt, pred []T) (p, r, f1 float64) {
	tp := bagOverlap(pred, gt)
	if len(pred) > 0 {
		p = float64(tp) / float64(len(pred))
	}
	r = float64(tp) / float64(len(gt))
	if p+r > 0 {
		f1 = 2 * p * r / (p + r)
	}
	return p, r, f1
}

// bagOverlap counts the items of a found in b, each item of b used once.
func bagOverlap[T comparable](a, b []T) int {
	pool := make(map[T]int, len(b))
	for _, x := range b {
		pool[x]++
	}
	hit := 0
	for _, x := range a {
		if pool[x] > 0 {
			pool[x]--
			hit++
		}
	}
	return hit
}
