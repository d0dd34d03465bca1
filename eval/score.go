package eval

import "math"

// Scores are one prediction's figures against its ground truth, each in
// [0, 1], higher better.
type Scores struct {
	// TextSim is 1 - Levenshtein / the longer length, over the plain text.
	TextSim float64 `json:"text_sim"`
	// ReadingOrder is the normalised indel similarity over the same text.
	ReadingOrder float64 `json:"reading_order"`
	// OrderWords is the same over word tokens, so that shuffled words do
	// not hide behind characters that happen to match.
	OrderWords float64 `json:"order_words"`
	// WordRecall is the share of ground-truth tokens found in the
	// prediction, as multisets; WordPrecision the reverse.
	WordRecall    float64 `json:"word_recall"`
	WordPrecision float64 `json:"word_precision"`
	// CharsGT and CharsPred are the plain texts' lengths in code points.
	CharsGT   int `json:"chars_gt"`
	CharsPred int `json:"chars_pred"`
	// Tables is nil when the ground truth has no pipe table.
	Tables *TableScores `json:"tables,omitempty"`
	// Headings is nil when the ground truth has no heading.
	Headings *HeadingScores `json:"headings,omitempty"`
}

// hopelessGap is the length difference, as a share of the longer text,
// beyond which text similarity is taken as its upper bound instead of
// computed: |la - lb| <= Levenshtein, so the bound is already near 0.
const hopelessGap = 0.98

// Score compares a prediction with its ground truth, both Markdown (plain
// text works too: it has no tables or headings to find). Bytes that are not
// UTF-8 count as U+FFFD.
func Score(gt, pred string) Scores {
	gt, pred = decodeUTF8(gt), decodeUTF8(pred)
	a, b := []rune(normalize(plainText(gt))), []rune(normalize(plainText(pred)))
	s := Scores{
		TextSim:      textSimilarityBounded(a, b),
		ReadingOrder: nidSimilarity(a, b),
		CharsGT:      len(a),
		CharsPred:    len(b),
		Tables:       scoreTables(gt, pred),
		Headings:     scoreHeadings(gt, pred),
	}
	ta, tb := tokens(string(a)), tokens(string(b))
	s.OrderWords = nidSimilarity(tokenIDs(ta, tb))
	hit := bagOverlap(ta, tb)
	s.WordRecall = share(hit, len(ta), len(tb))
	s.WordPrecision = share(hit, len(tb), len(ta))
	return s
}

// textSimilarityBounded is textSimilarity, or its upper bound when the
// lengths alone make it hopeless.
func textSimilarityBounded(a, b []rune) float64 {
	la, lb := len(a), len(b)
	if la > 0 && lb > 0 {
		gap := float64(abs(la-lb)) / float64(max(la, lb))
		if gap > hopelessGap {
			return 1 - gap
		}
	}
	return textSimilarity(a, b)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// share is hit / of; with nothing to find it is 1 when the other side is
// empty too, else 0.
func share(hit, of, other int) float64 {
	if of > 0 {
		return float64(hit) / float64(of)
	}
	if other == 0 {
		return 1
	}
	return 0
}

// tokenIDs numbers the distinct tokens of a and b so that the distances
// compare numbers.
func tokenIDs(a, b []string) ([]int32, []int32) {
	ids := make(map[string]int32)
	number := func(ts []string) []int32 {
		out := make([]int32, len(ts))
		for i, t := range ts {
			id, ok := ids[t]
			if !ok {
				id = int32(len(ids))
				ids[t] = id
			}
			out[i] = id
		}
		return out
	}
	return number(a), number(b)
}

// Metric names one figure of Scores, by its name in score.py.
type Metric string

// The metrics, in the order reports show them.
const (
	TextSim          Metric = "text_sim"
	ReadingOrder     Metric = "reading_order"
	OrderWords       Metric = "order_words"
	WordRecall       Metric = "word_recall"
	WordPrecision    Metric = "word_precision"
	TableCells       Metric = "table_cells"
	TableTEDS        Metric = "table_teds"
	HeadingP         Metric = "heading_p"
	HeadingR         Metric = "heading_r"
	HeadingF1        Metric = "heading_f1"
	HeadingF1NoLevel Metric = "heading_f1_nolevel"
)

// Metrics is every metric, in report order.
var Metrics = []Metric{TextSim, ReadingOrder, OrderWords, WordRecall, WordPrecision,
	TableCells, TableTEDS, HeadingP, HeadingR, HeadingF1, HeadingF1NoLevel}

// Value is the figure for m, and false where the ground truth has nothing
// for it to measure (no table, no heading).
func (s Scores) Value(m Metric) (float64, bool) {
	switch m {
	case TextSim:
		return s.TextSim, true
	case ReadingOrder:
		return s.ReadingOrder, true
	case OrderWords:
		return s.OrderWords, true
	case WordRecall:
		return s.WordRecall, true
	case WordPrecision:
		return s.WordPrecision, true
	}
	if t := s.Tables; t != nil {
		switch m {
		case TableCells:
			return t.Cells, true
		case TableTEDS:
			return t.TEDS, true
		}
	}
	if h := s.Headings; h != nil {
		switch m {
		case HeadingP:
			return h.Precision, true
		case HeadingR:
			return h.Recall, true
		case HeadingF1:
			return h.F1, true
		case HeadingF1NoLevel:
			return h.F1NoLevel, true
		}
	}
	return math.NaN(), false
}
