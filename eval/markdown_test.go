package eval

import (
	"slices"
	"testing"
)

// The expected values in these tables are what score.py computes for the
// same input (its regular expressions, str methods and html.unescape).

func TestIsSeparatorRow(t *testing.T) {
	t.Parallel()
	cases := map[string]bool{
		"|---|---|":       true,
		"| :--- | ---: |": true,
		"---":             true,
		"---|---|":        true,
		"|---|\t":         true,
		"|:---:|---":      true,
		"--":              false,
		"|--|":            false,
		" |---| x":        false,
		"| --- |   |":     false,
		":-:":             false,
		"- - -":           false,
		"":                false,
	}
	for line, want := range cases {
		if got := isSeparatorRow(line); got != want {
			t.Errorf("isSeparatorRow(%q) = %v, want %v", line, got, want)
		}
	}
}

func TestMatchHeading(t *testing.T) {
	t.Parallel()
	cases := []struct {
		line  string
		level int
		text  string
		ok    bool
	}{
		{"# Title", 1, "Title", true},
		{"   ## Two", 2, "Two", true},
		{"    # four spaces", 0, "", false},
		{"####### seven", 0, "", false},
		{"#NoSpace", 0, "", false},
		{"## Closed ##", 2, "Closed", true},
		{"# a# #", 1, "a#", true},
		{"#\u00a0nbsp", 1, "nbsp", true},
		{"# ", 1, "", true},
		{"## #", 2, "", true},
		{"# foo #bar", 1, "foo #bar", true},
	}
	for _, c := range cases {
		level, text, ok := matchHeading(c.line)
		if level != c.level || text != c.text || ok != c.ok {
			t.Errorf("matchHeading(%q) = %d, %q, %v; want %d, %q, %v", c.line, level, text, ok, c.level, c.text, c.ok)
		}
	}
}

func TestSplitRow(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		"| a | b |":        {"a", "b"},
		"|a|b":             {"a", "b"},
		"a|b":              {"a", "b"},
		`| a \| b | c |`:   {"a | b", "c"},
		`| x \|`:           {"x |"},
		"|":                {""},
		"||":               {""},
		"  | 1 |  | 3 |  ": {"1", "", "3"},
	}
	for line, want := range cases {
		if got := splitRow(line); !slices.Equal(got, want) {
			t.Errorf("splitRow(%q) = %q, want %q", line, got, want)
		}
	}
}

func TestStripInline(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"![alt](x.png) and [link](http://x)":               "alt and link",
		"[no link] (x)":                                    "[no link] (x)",
		"a<br>b<BR />c":                                    "a b c",
		"<b>bold</b> <a href='x'>t</a> <1> < b>":           "bold t <1> < b>",
		"**b** __u__ `c`":                                  "b u c",
		"*em* and a*b*c and *not *":                        "em and a*b*c and *not *",
		"_em_ snake_case_x _x_":                            "em snake_case_x x",
		`\*lit\* \\ \q`:                                    `\lit\ \ \q`,
		"&amp; &lt &#65; &#x41; &#1; &#128; &notin &ampx;": "& < A A  € ¬in &x;",
		"_**_": "",
	}
	checkStrings(t, "stripInline", stripInline, cases)
}

func TestNormalize(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"  a \t b\n":      "a b",
		"中 文 字 a 中":       "中文字 a 中",
		"e\u0301":         "é",
		"x\u200by\ufeff":  "xy",
		"a\u00a0b\u3000c": "a b c",
		"a\x1cb":          "a b",
		"":                "",
	}
	checkStrings(t, "normalize", normalize, cases)
}

func TestTokens(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		"word, (x) $5": {"word", ",", "(", "x", ")", "$", "5"},
		"中文abc":        {"中", "文", "abc"},
		"«quote»":      {"«", "quote", "»"},
		"a-b":          {"a-b"},
		"...":          {".", ".", "."},
		"e.g.":         {"e.g", "."},
	}
	for in, want := range cases {
		if got := tokens(in); !slices.Equal(got, want) {
			t.Errorf("tokens(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPlainText(t *testing.T) {
	t.Parallel()
	md := "# H\n\n- item\n1. one\n> quote\n| a | b |\n|---|---|\n| 1 | 2 |\n<!-- page 2 -->\ntext\r\nend"
	want := "H\n\nitem\none\nquote\na b\n1 2\n\ntext\nend"
	if got := plainText(md); got != want {
		t.Errorf("plainText = %q, want %q", got, want)
	}
}

func TestDecodeUTF8(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"ok":               "ok",
		"\xe2\x82":         "\ufffd",
		"\xe2\x82A":        "\ufffdA",
		"\xed\xa0\x80":     "\ufffd\ufffd\ufffd",
		"\xf0\x80\x80":     "\ufffd\ufffd\ufffd",
		"\xf0\x90\x80":     "\ufffd",
		"\xf4\x90\x80\x80": "\ufffd\ufffd\ufffd\ufffd",
		"\xc0\xaf":         "\ufffd\ufffd",
		"a\x80b":           "a\ufffdb",
		"\xe0\x9f\x80":     "\ufffd\ufffd\ufffd",
		"\xf0\x9f\x98":     "\ufffd",
	}
	checkStrings(t, "decodeUTF8", decodeUTF8, cases)
}

func TestCasefold(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"Straße": "strasse",
		"ΣΑΣ":    "σασ",
		"Ꭰꭰ":     "ᎠᎠ", // Cherokee folds to its capitals
		"İ":      "i\u0307",
	}
	checkStrings(t, "casefold", casefold, cases)
}

// checkStrings runs fn on each case's input.
func checkStrings(t *testing.T, name string, fn func(string) string, cases map[string]string) {
	t.Helper()
	for in, want := range cases {
		if got := fn(in); got != want {
			t.Errorf("%s(%q) = %q, want %q", name, in, got, want)
		}
	}
}
