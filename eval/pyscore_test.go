package eval

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/internal/corpustest"
)

// These tests run score.py, the reference the metrics are ported from, on
// the same pairs as Score and compare every figure. They skip where the
// shared corpus (score.py sits beside it) or python3 is absent.

// agreement is how close the figures must be. The port is exact, so they
// agree to rounding; the target is 0.005.
const agreement = 1e-9

// scorePy is the path of score.py, or a skip.
func scorePy(t *testing.T) string {
	t.Helper()
	corpus := corpustest.Dir(t)
	path := filepath.Join(corpus, "..", "score.py")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no score.py beside the corpus: %v", err)
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	return path
}

// pyDriver scores each [gt, pred] pair of the JSON file argv[2] with
// score.py's score_texts.
const pyDriver = `
import json, sys
sys.path.insert(0, sys.argv[1])
import score
pairs = json.load(open(sys.argv[2], encoding="utf-8"))
json.dump([score.score_texts(g, p) for g, p in pairs], sys.stdout)
`

// pythonScores runs score.py's score_texts on every pair.
func pythonScores(t *testing.T, script string, pairs [][2]string) []map[string]any {
	t.Helper()
	in := filepath.Join(t.TempDir(), "pairs.json")
	data, err := json.Marshal(pairs)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), "python3", "-c", pyDriver, filepath.Dir(script), in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("score.py: %v\n%s", err, stderr.String())
	}
	var res []map[string]any
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("score.py output: %v", err)
	}
	return res
}

// flatten is s with score.py's keys; absent metrics are nil.
func flatten(s Scores) map[string]any {
	m := map[string]any{"chars_gt": float64(s.CharsGT), "chars_pred": float64(s.CharsPred)}
	for _, metric := range Metrics {
		if v, ok := s.Value(metric); ok {
			m[string(metric)] = v
		} else {
			m[string(metric)] = nil
		}
	}
	if s.Tables != nil {
		m["tables_gt"], m["tables_pred"] = float64(s.Tables.GT), float64(s.Tables.Pred)
	}
	if s.Headings != nil {
		m["headings_gt"], m["headings_pred"] = float64(s.Headings.GT), float64(s.Headings.Pred)
	}
	return m
}

// compareWithPython scores the pairs both ways and reports each figure that
// differs.
func compareWithPython(t *testing.T, pairs [][2]string) {
	t.Helper()
	want := pythonScores(t, scorePy(t), pairs)
	if len(want) != len(pairs) {
		t.Fatalf("score.py answered %d pairs of %d", len(want), len(pairs))
	}
	bad := 0
	for i, p := range pairs {
		got := flatten(Score(p[0], p[1]))
		for key, w := range want[i] {
			g, ok := got[key]
			if !ok {
				t.Errorf("pair %d: no %s", i, key)
				continue
			}
			if !sameFigure(g, w) {
				bad++
				if bad <= 10 {
					t.Errorf("pair %d: %s = %v, score.py %v\ngt:   %q\npred: %q", i, key, g, w, clip(p[0]), clip(p[1]))
				}
			}
		}
	}
	if bad > 10 {
		t.Errorf("%d figures differ in all", bad)
	}
}

func sameFigure(got, want any) bool {
	if got == nil || want == nil {
		return got == nil && want == nil
	}
	g, w := got.(float64), want.(float64)
	return math.Abs(g-w) <= agreement
}

func clip(s string) string {
	const most = 300
	if len(s) > most {
		return s[:most] + "..."
	}
	return s
}

// TestAgreesWithScorePyOnCorpusPairs scores every ground truth of the
// generated sets and of docling's set against the next one (other words,
// tables, headings), and each with running headers and footers against the
// one without, both ways.
func TestAgreesWithScorePyOnCorpusPairs(t *testing.T) {
	t.Parallel()
	var gts []string
	var pairs [][2]string
	for _, set := range []string{"generated", "generated-b"} {
		c, err := Load(corpustest.Dir(t, set), LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		full, err := Load(corpustest.Dir(t, set), LoadOptions{Furniture: true})
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range c.Docs {
			gt := readFile(t, d.GT)
			gts = append(gts, gt)
			if full.Docs[i].GT != d.GT {
				furnished := readFile(t, full.Docs[i].GT)
				pairs = append(pairs, [2]string{gt, furnished}, [2]string{furnished, gt})
			}
		}
	}
	docling, _ := filepath.Glob(filepath.Join(corpustest.Dir(t, "docling", "gt"), "*.md"))
	for _, p := range docling {
		gts = append(gts, readFile(t, p))
	}
	for i := range gts {
		pairs = append(pairs, [2]string{gts[i], gts[(i+1)%len(gts)]})
	}
	compareWithPython(t, pairs)
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fragments are the pieces random Markdown is made of: every syntax score.py
// reads, the white space, word and punctuation classes it distinguishes,
// CJK and right-to-left text, character references, case folding.
var fragments = []string{
	"#", "# ", "## ", "###### ", "####### ", "   # ", "    # ", "\u00a0# ", "#\t",
	"|", " | ", "| a | b |", "|---|---|", "| :--- | ---: |", "--", "---", ":---:", "-|-", "\\|",
	"*", "**", "_", "__", "`", "\\", "\\*", "\\_", "\\\\", "[", "]", "(", ")", "![", "](", "[a](b)", "![i](x.png)",
	"<br>", "<BR/>", "<br  />", "<b>", "</i>", "<a href=x>", "<a\nb>", "< b>", "<x-y>", "<1>", "<p/>",
	"&amp;", "&amp", "&lt", "&#65;", "&#x41", "&#0;", "&#128;", "&#129;", "&#1;", "&#xD800;", "&#99999999;",
	"&notin", "&notin;", "&ampx", "&#", "&#x;", "&;", "&CounterClockwiseContourIntegral;", "&#13;",
	" ", "  ", "\t", "\u00a0", "\u3000", "\u2028", "\x1c", "\x0b", "\n", "\n", "\n\n", "\r\n", "\r",
	"> ", ">", "- ", "-", "* ", "+ ", "1. ", "12) ", "1234. ", "\u0661\u0662) ", "\u2022 ", "\u00b7",
	"中", "文", "字", "，", "。", "日本語", "한국어", "\uff21", "ｶ",
	"a", "word", "Word", "WORD", "x_y", "a*b", "_a_", "*a*", "**b**", "Wörd", "e\u0301", "é", "ﬁ", "ß", "İ", "Ꭰ", "ꭰ", "Σ", "ς",
	"\u200b", "\ufeff", "\u202e", "<!--", "-->", "<!-- page 2 -->", "word,", "(x)", "$5", "©", "‚", "\u0627\u0644\u0639\u0631\u0628\u064a\u0629",
}

// randomMarkdown joins up to n random fragments.
func randomMarkdown(r *rand.Rand, n int) string {
	var b strings.Builder
	for range r.IntN(n + 1) {
		b.WriteString(fragments[r.IntN(len(fragments))])
	}
	return b.String()
}

// TestAgreesWithScorePyOnRandomMarkdown is a differential test: random
// strings built from the syntax score.py reads, scored both ways.
func TestAgreesWithScorePyOnRandomMarkdown(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(2024, 11))
	var pairs [][2]string
	for range 3000 {
		gt := randomMarkdown(r, 40)
		pred := randomMarkdown(r, 40)
		if r.IntN(3) == 0 {
			pred = gt + randomMarkdown(r, 5)
		}
		pairs = append(pairs, [2]string{gt, pred})
	}
	compareWithPython(t, pairs)
}
