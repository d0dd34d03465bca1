package eval

// AllCategories names the summary over every document.
const AllCategories = "ALL"

// Summary is the mean of each metric over a group of documents, as
// score.py's batch table has them: a metric's mean is over the documents
// that measure it (table metrics over those whose ground truth has a
// table).
type Summary struct {
	Category string `json:"category"`
	// N counts the documents.
	N int `json:"n"`
	// Mean and Count hold, for each metric some document measures, the mean
	// and how many documents it is over.
	Mean  map[Metric]float64 `json:"mean"`
	Count map[Metric]int     `json:"count"`
	// RecallOK of RecallChecked documents reach the word recall their
	// manifest expects.
	RecallOK      int `json:"recall_ok"`
	RecallChecked int `json:"recall_checked"`
}

// Summarize is one Summary per category, in the order the categories first
// appear, then one over all of them (AllCategories).
func Summarize(results []Result) []Summary {
	var order []string
	groups := make(map[string][]Result)
	for _, r := range results {
		if _, seen := groups[r.Category]; !seen {
			order = append(order, r.Category)
		}
		groups[r.Category] = append(groups[r.Category], r)
	}
	out := make([]Summary, 0, len(order)+1)
	for _, c := range order {
		out = append(out, summarize(c, groups[c]))
	}
	return append(out, summarize(AllCategories, results))
}

func summarize(category string, rs []Result) Summary {
	s := Summary{Category: category, N: len(rs), Mean: map[Metric]float64{}, Count: map[Metric]int{}}
	for _, m := range Metrics {
		sum, n := 0.0, 0
		for _, r := range rs {
			if v, ok := r.Scores.Value(m); ok {
				sum += v
				n++
			}
		}
		if n > 0 {
			s.Mean[m], s.Count[m] = sum/float64(n), n
		}
	}
	for _, r := range rs {
		if r.RecallOK != nil {
			s.RecallChecked++
			if *r.RecallOK {
				s.RecallOK++
			}
		}
	}
	return s
}
