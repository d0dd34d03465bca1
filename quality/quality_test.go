package quality

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

func page(text string) core.PageResult {
	var lines []core.Line
	for _, l := range strings.Split(text, "\n") {
		var ws []core.Word
		for _, w := range strings.Fields(l) {
			ws = append(ws, core.Word{Text: w})
		}
		lines = append(lines, core.Line{Words: ws})
	}
	return core.PageResult{Status: core.StatusOK, Page: core.Page{Number: 1, Blocks: []core.Block{{Kind: core.KindParagraph, Lines: lines}}}}
}

func TestScore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		text     string
		min, max float64
		reason   string
	}{
		{"clean English", "The quick brown fox jumps over the lazy dog.", 0.99, 1, ""},
		{"clean CJK", "本文档测试文本提取。", 0.99, 1, ""},
		{"empty page", "", 0, 0, "no text"},
		{"cid leftovers", "(cid:3)(cid:72)(cid:79)(cid:79)(cid:82) world", 0, 0.3, "undecoded glyph marks"},
		{"GLYPH marks", "GLYPH<0041>GLYPH<0042>GLYPH<0043> abc", 0, 0.3, "undecoded glyph marks"},
		{"gid marks", "/gid00042/gid00043/gid00044 x", 0, 0.3, "undecoded"},
		{"replacement chars", "\ufffd\ufffd\ufffd\ufffd ab", 0, 0.5, "U+FFFD"},
		{"private use", "\ue000\ue001\ue002 text", 0.3, 0.7, "private-use"},
		{"mostly clean one bad glyph", "A long line of perfectly readable English text with one \ufffd in it", 0.95, 0.999, "U+FFFD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Score(page(tt.text), Hints{})
			if r.Score < tt.min || r.Score > tt.max {
				t.Fatalf("score %.3f, want [%.2f, %.2f]; reasons %v", r.Score, tt.min, tt.max, r.Reasons)
			}
			if tt.reason != "" && !strings.Contains(strings.Join(r.Reasons, "; "), tt.reason) {
				t.Fatalf("reasons %v lack %q", r.Reasons, tt.reason)
			}
			if tt.reason == "" && len(r.Reasons) > 0 {
				t.Fatalf("clean text got reasons %v", r.Reasons)
			}
		})
	}
}

// TestScoreLimitHit: a reading a limit cut short says so in its
// reasons, whatever its text scores.
func TestScoreLimitHit(t *testing.T) {
	t.Parallel()
	r := page("The quick brown fox jumps over the lazy dog.")
	r.Stats = map[string]float64{core.FactLimitHit: 1}
	rep := Score(r, Hints{})
	if !strings.Contains(strings.Join(rep.Reasons, "; "), "limit cut the reading short") {
		t.Errorf("reasons %v: want the limit named", rep.Reasons)
	}
}

func TestScoreStatuses(t *testing.T) {
	t.Parallel()
	if r := Score(core.PageResult{Status: core.StatusTimeout}, Hints{}); r.Score != 0 {
		t.Fatalf("timeout scored %v", r.Score)
	}
	if r := Score(page(""), Hints{NoTextExpected: true}); r.Score != 1 {
		t.Fatalf("expected-blank page scored %v", r.Score)
	}
	r := page("some text here")
	r.Stats = map[string]float64{"glyphs": 100, "unmapped_glyphs": 60}
	if s := Score(r, Hints{}); s.Score > 0.41 {
		t.Fatalf("60%% unmapped glyphs scored %v", s.Score)
	}
}

// Real garbled strings, as broken fonts and other tools produce them.
func TestScoreGarbled(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		text   string
		max    float64
		reason string
	}{
		{"caesar-shifted subset font", "7KH TXLFN EURZQ IR[ MXPSV RYHU WKH ODC\\ GRJ DQG UXQV DZDB IURP WKH IDUPHU", 0.2, "shifted"},
		{"caesar glued", "&HQWHU3DWWHUQ6WDWEU\\FN 3UHSDUHGE\\)UDPH1\\SHO0DUFK 3UHFNSOXWKXW6RNLU7URXEOH)LVSURYRIODQ", 0.2, "shifted"},
		{"codes moved up by 128", "Ôèå èáòâïõò íáóôåò ãïõîôåä óåöåî âïáôó áô äá÷î® Åöåòù ãáðôáéî óéçîåä ôèå ìåäçåò", 0.2, "shifted"},
		{"letters spaced apart", "T e n a n t A g r e e m e n t b e t w e e n t h e p a r t i e s", 0.75, "spaced apart"},
		{"latin1 mojibake", "Caf\u00c3\u00a9 cr\u00c3\u00a8me br\u00c3\u00bbl\u00c3\u00a9e na\u00c3\u00afve \u00c3\u00a0 la carte", 0.8, "Latin-1"},
		{"CJK mojibake", "鏂囨。娴嬭瘯锛岃繖鏄竴娈典腑鏂囨枃鏈锛屽寘鍚簡璁稿鍐呭锛屾垜浠渶瑕佹彁鍙栧畠", 0.8, "Han characters"},
		{"pdfminer cid", "(cid:36)(cid:85)(cid:87)(cid:76)(cid:70)(cid:79)(cid:72) (cid:20) (cid:55)(cid:75)(cid:72)", 0.1, "undecoded"},
		{"repetition loop", "The results are shown in " + strings.Repeat("the table of the ", 30) + "appendix.", 0.6, "repeats"},
		{"stuck token", "Total revenue " + strings.Repeat("1,234 ", 40), 0.6, "repeats"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Score(page(tt.text), Hints{})
			if r.Score > tt.max {
				t.Errorf("score %.3f, want at most %.2f; reasons %v; signals %v", r.Score, tt.max, r.Reasons, r.Signals)
			}
			if !strings.Contains(strings.Join(r.Reasons, "; "), tt.reason) {
				t.Errorf("reasons %v lack %q", r.Reasons, tt.reason)
			}
		})
	}
}

// A text layer that repeats a phrase repeats what the page draws: the loop
// signal, a recogniser's stall, is not held against it, and every other
// signal still is.
func TestScoreTextLayerRepeats(t *testing.T) {
	t.Parallel()
	sheet := strings.Repeat("OA + OB + OC = u ", 40)
	if r := Score(page(sheet), Hints{}); r.Signals[SignalRepetition] == 1 {
		t.Fatalf("a recogniser's loop passed: %v", r.Reasons)
	}
	r := Score(page(sheet), Hints{TextLayer: true})
	if r.Signals[SignalRepetition] != 1 || strings.Contains(strings.Join(r.Reasons, "; "), "repeats") {
		t.Errorf("text layer held to the loop signal: %v %v", r.Reasons, r.Signals)
	}
	garbled := strings.Repeat("(cid:36)(cid:85) (cid:87)(cid:76) ", 20)
	if r := Score(page(garbled), Hints{TextLayer: true}); r.Score > 0.1 {
		t.Errorf("a garbled text layer scored %.3f: %v", r.Score, r.Reasons)
	}
}

// A few letters say nothing of a shift: "TEST" moved by 28 reads "paop",
// which looks like a word by chance. Shifted running text is still found.
func TestCaesarNeedsLetters(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]int{
		strings.Repeat("TEST ", 40): 0,
		"ABBA SEES ABBA":            0,
		"7KH TXLFN EURZQ IR[ MXPSV": 29,
	} {
		if k, _ := caesarShift(text); k != want {
			t.Errorf("caesarShift(%.20q) = %d, want %d", text, k, want)
		}
	}
}

// Clean text of many kinds must not be mistaken for garbage.
func TestScoreClean(t *testing.T) {
	t.Parallel()
	for _, text := range []string{
		"Night answer practice grimin 192 body chubem decide geannar cosirkvi month goshun.",
		"The HTTP/2 spec (RFC 7540) defines 10 frame types; see §6.5 for SETTINGS.",
		"Revenue grew 12.5% to $1,234.56 million in Q3 2024, up from 3rd place.",
		"Zwierząt żółć gęślą jaźń, façade naïve coöperate Ærø.",
		"本文档测试文本提取的质量，包括中文和日文。",
		"هذا نص عربي لاختبار استخراج النص",
		"NASA and the ESA launched JWST in 2021.",
		"ANNUAL REPORT OF THE BOARD OF DIRECTORS FOR THE YEAR 2024",
		"Contents\nNotices . . . . . . . . . . . . . . . . . . . . . vii\nTrademarks . . . . . . . . . . . . . . . . . . . . viii\nPreface . . . . . . . . . . . . . . . . . . . . . . . xi\nAuthors . . . . . . . . . . . . . . . . . . . . . . . xi",
		"CREATE MASK BANK_SCHEMA.MASK_LOGIN_ID_ON_CUSTOMERS ON BANK_SCHEMA.CUSTOMERS AS C FOR COLUMN CUSTOMER_LOGIN_ID RETURN CASE WHEN QSYS2 . VERIFY_GROUP_FOR_USER ( SESSION_USER , 'ADMIN' ) = 1 THEN C . CUSTOMER_LOGIN_ID ELSE '*****' END ENABLE ;",
		"Tabelle 3: Umsätze nach Regionen (in Mio. EUR)",
		strings.Repeat("Lorem ipsum dolor sit amet, consetetur sadipscing elitr, sed diam nonumy eirmod tempor invidunt ut labore. ", 8),
		"for i in range(10):\n    print(i)\nfor j in range(10):\n    print(j)\nfor k in range(10):\n    print(k)",
	} {
		r := Score(page(text), Hints{})
		if r.Score < 0.9 {
			t.Errorf("clean %q scored %.3f: %v %v", text, r.Score, r.Reasons, r.Signals)
		}
	}
}

func TestOrder(t *testing.T) {
	t.Parallel()
	line := func(y, x float64, words ...string) core.Line {
		l := core.Line{BBox: core.BBox{X0: x, Y0: y, X1: x + 200, Y1: y + 10}}
		for i, w := range words {
			bx := x + float64(i)*40
			l.Words = append(l.Words, core.Word{Text: w, BBox: core.BBox{X0: bx, Y0: y, X1: bx + 30, Y1: y + 10}})
		}
		return l
	}
	good := core.Page{Blocks: []core.Block{{Lines: []core.Line{line(100, 50, "a", "b"), line(112, 50, "c", "d"), line(124, 50, "e", "f")}}}}
	if s, _ := Order(&good); s < 0.99 {
		t.Errorf("top-down page scored %.2f", s)
	}
	// Two columns read across: the lines alternate between columns, so
	// the page jumps back up after every pair.
	var ls []core.Line
	for i := 0; i < 30; i++ {
		y := 100 + float64(i/2)*12
		x := 50.0
		if i%2 == 1 {
			x = 320
			y = 100 + float64(i/2)*12 + 6
		}
		ls = append(ls, line(y, x, "w", "v"))
	}
	// Reverse every third pair so lines run back up the page.
	for i := 0; i+5 < len(ls); i += 6 {
		ls[i], ls[i+5] = ls[i+5], ls[i]
	}
	bad := core.Page{Blocks: []core.Block{{Lines: ls}}}
	if s, n := Order(&bad); s > 0.8 || n == 0 {
		t.Errorf("interleaved page scored %.2f with %d backward steps", s, n)
	}
	// The same lines as a figure's labels (a chart read by OCR) are not
	// judged.
	chart := core.Page{Blocks: []core.Block{good.Blocks[0], {Kind: core.KindFigure, Lines: ls}}}
	if s, n := Order(&chart); s < 0.99 || n != 0 {
		t.Errorf("page with a chart's labels scored %.2f with %d backward steps", s, n)
	}
}

// An engine's notes reach the page's reasons, sorted, whatever the score.
func TestNotesAreReasons(t *testing.T) {
	t.Parallel()
	noteB := "no Tesseract model for the Hebrew script is installed: install the Debian package tesseract-ocr-script-hebr"
	noteA := "another note"
	for _, text := range []string{"", "Shalom and welcome to the page."} {
		r := core.PageResult{Status: core.StatusOK, Stats: map[string]float64{
			core.NoteStatPrefix + noteB: 1, core.NoteStatPrefix + noteA: 1, "words": 6,
		}}
		if text != "" {
			r.Page.Blocks = []core.Block{{Kind: core.KindParagraph, Lines: []core.Line{{Words: []core.Word{{Text: text}}}}}}
		}
		rep := Score(r, Hints{})
		if len(rep.Reasons) < 2 || rep.Reasons[0] != noteA || rep.Reasons[1] != noteB {
			t.Errorf("text %q: reasons %q; want the two notes first, sorted", text, rep.Reasons)
		}
	}
}
