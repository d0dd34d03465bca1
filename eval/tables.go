package eval

import "strings"

// table is a pipe table: rows of normalised cell texts, the header row
// first.
type table [][]string

// maxTEDSRows caps the product of two tables' row counts for which the
// tree edit distance is computed; beyond it a pair scores 0.
const maxTEDSRows = 40000

// TableScores compares the pipe tables of a prediction with those of its
// ground truth. Each ground-truth table is matched, in order, with the
// unused predicted table that has the most cells right, then the best TEDS.
type TableScores struct {
	// Cells is the share of non-empty ground-truth cells whose text is at
	// the same row and column of the matched predicted table.
	Cells float64 `json:"table_cells"`
	// TEDS is the mean over ground-truth tables of a tree-edit-distance
	// similarity, 1 - distance / the larger node count, on a table > row >
	// cell tree with rows aligned in order; a cell substitution costs the
	// normalised Levenshtein distance of the texts. 0 for a table with no
	// match.
	TEDS float64 `json:"table_teds"`
	// GT and Pred count the tables found.
	GT   int `json:"tables_gt"`
	Pred int `json:"tables_pred"`
}

// parseTables finds the pipe tables of md: a row, a delimiter row, then the
// rows up to the first line that is blank or has no pipe.
func parseTables(md string) []table {
	lines := strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n")
	var tables []table
	for i := 0; i < len(lines)-1; {
		if !strings.Contains(lines[i], "|") || !isSeparatorRow(lines[i+1]) {
			i++
			continue
		}
		rows := [][]string{splitRow(lines[i])}
		j := i + 2
		for ; j < len(lines) && strings.Contains(lines[j], "|") && strip(lines[j]) != ""; j++ {
			rows = append(rows, splitRow(lines[j]))
		}
		for _, row := range rows {
			for k, c := range row {
				row[k] = normalize(stripInline(c))
			}
		}
		tables = append(tables, rows)
		i = j
	}
	return tables
}

// cellHits counts the non-empty cells of gt and those of them found at the
// same place in pred.
func cellHits(gt, pred table) (hit, total int) {
	for r, row := range gt {
		for c, cell := range row {
			if cell == "" {
				continue
			}
			total++
			if r < len(pred) && c < len(pred[r]) && pred[r][c] == cell {
				hit++
			}
		}
	}
	return hit, total
}

// scoreTables matches each table of gt with a table of pred; nil when gt
// has no table.
func scoreTables(gtMD, predMD string) *TableScores {
	gts, preds := parseTables(gtMD), parseTables(predMD)
	if len(gts) == 0 {
		return nil
	}
	used := make([]bool, len(preds))
	hit, total := 0, 0
	tedsSum := 0.0
	for _, g := range gts {
		best, h, t := bestMatch(g, preds, used)
		_, all := cellHits(g, g)
		total += all
		if best >= 0 {
			used[best] = true
			hit += h
		}
		tedsSum += t
	}
	s := &TableScores{Cells: 1, TEDS: tedsSum / float64(len(gts)), GT: len(gts), Pred: len(preds)}
	if total > 0 {
		s.Cells = float64(hit) / float64(total)
	}
	return s
}

// bestMatch is the unused predicted table with the most cell hits, ties
// going to the higher TEDS and then to the first; -1 when none is left.
func bestMatch(g table, preds []table, used []bool) (best, hits int, teds float64) {
	best = -1
	for k, p := range preds {
		if used[k] {
			continue
		}
		h, _ := cellHits(g, p)
		t := 0.0
		if len(g)*len(p) <= maxTEDSRows {
			t = tedsLike(g, p)
		}
		if best < 0 || h > hits || h == hits && t > teds {
			best, hits, teds = k, h, t
		}
	}
	return best, hits, teds
}

// tedsLike is 1 - the tree edit distance of a and b / the larger node
// count, on table > rows > cells trees whose rows are aligned in order:
// inserting or deleting a row costs the row and its cells, substituting
// one costs the cell-level edit distance of the two rows.
func tedsLike(a, b table) float64 {
	ra, rb := tableRunes(a), tableRunes(b)
	n, m := len(a), len(b)
	prev := make([]float64, m+1)
	for j := 1; j <= m; j++ {
		prev[j] = float64(nodeCount(b[:j]) - 1)
	}
	cur := make([]float64, m+1)
	for i := 1; i <= n; i++ {
		// The sums keep score.py's order, (x + 1) + cells, so that the
		// floating-point results, and so the matches they decide, agree.
		cellsA := float64(len(a[i-1]))
		cur[0] = prev[0] + 1 + cellsA
		for j := 1; j <= m; j++ {
			cur[j] = min(prev[j]+1+cellsA,
				cur[j-1]+1+float64(len(b[j-1])),
				prev[j-1]+rowDistance(a[i-1], b[j-1], ra[i-1], rb[j-1]))
		}
		prev, cur = cur, prev
	}
	return max(0, 1-prev[m]/float64(max(nodeCount(a), nodeCount(b))))
}

// nodeCount is the nodes of a table's tree: the table, its rows, their
// cells.
func nodeCount(t table) int {
	n := 1
	for _, row := range t {
		n += 1 + len(row)
	}
	return n
}

// rowDistance is the edit distance over the cells of two rows; a
// substitution costs the normalised Levenshtein distance of the texts.
func rowDistance(a, b []string, ra, rb [][]rune) float64 {
	n, m := len(a), len(b)
	prev := make([]float64, m+1)
	for j := range prev {
		prev[j] = float64(j)
	}
	cur := make([]float64, m+1)
	for i := 1; i <= n; i++ {
		cur[0] = float64(i)
		for j := 1; j <= m; j++ {
			sub := 0.0
			if a[i-1] != b[j-1] {
				sub = float64(levenshtein(ra[i-1], rb[j-1])) / float64(max(len(ra[i-1]), len(rb[j-1])))
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+sub)
		}
		prev, cur = cur, prev
	}
	return prev[m]
}

// tableRunes is each cell of t as code points.
func tableRunes(t table) [][][]rune {
	out := make([][][]rune, len(t))
	for i, row := range t {
		out[i] = make([][]rune, len(row))
		for j, c := range row {
			out[i][j] = []rune(c)
		}
	}
	return out
}
