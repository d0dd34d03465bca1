// Package eval measures extracted Markdown against ground truth with the
// metrics of the benchmark's score.py (../shared/score.py), ported to Go
// so that its figures agree with score.py's to rounding.
//
// One document:
//
//	s := eval.Score(groundTruth, prediction) // both Markdown
//	s.TextSim                                 // 1 - Levenshtein / longer length
//	if s.Tables != nil { s.Tables.TEDS }      // nil: the ground truth has no table
//
// A corpus (a folder with a manifest.json, as ../shared/corpus/generated,
// or a folder of <id>.md ground truths) against a folder of predictions,
// <id>.md each:
//
//	c, err := eval.Load(dir, eval.LoadOptions{})
//	results, err := c.ScoreDir(ctx, predDir) // one Result per document
//	for _, sum := range eval.Summarize(results) {
//		sum.Category, sum.N, sum.Mean[eval.TextSim]
//	}
//
// The metrics, all in [0, 1], higher better:
//   - text_sim: 1 - Levenshtein(a, b) / max(len a, len b) over the plain text
//     (Markdown syntax stripped, NFC, invisible characters dropped, white
//     space collapsed, no space between two CJK characters), in code points.
//   - reading_order: 1 - indel(a, b) / (len a + len b) on the same text,
//     indel = len a + len b - 2 LCS; order_words: the same over word tokens.
//   - word_recall and word_precision: the share of ground-truth tokens found
//     in the prediction, as multisets, and the reverse. Tokens are words,
//     each CJK character, and each punctuation or symbol at a word's ends.
//   - table_cells and table_teds, for ground truth with pipe tables: cells at
//     the right row and column of the matched predicted table, and a
//     tree-edit-distance similarity.
//   - heading_p, heading_r, heading_f1 (level and case-folded text),
//     heading_f1_nolevel, for ground truth with "#" headings.
//
// What score.py does through Python's regular expressions, str methods and
// html.unescape is written out here as scanners with Python's character
// classes (\s, \w, \d, str.isspace, str.casefold), checked against Python
// over every code point. pyscore_test.go runs score.py itself on corpus
// pairs and random Markdown and compares every figure.
package eval
