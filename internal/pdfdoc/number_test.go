package pdfdoc

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestNumbers checks the numbers that Lexer.Next reads against
// values written from the PDF specification, not against each other.
//
// ISO 32000-1 7.3.3: an integer is one or more decimal digits, optionally
// signed ("123 43445 +17 -98 0"); a real is one or more digits with an
// optional sign and a leading, trailing or embedded point ("34.5 -3.62
// +123.6 4. -.002 0.0"). Radix (16#FFFE) and exponential (6.02E23)
// notation are PostScript's, not PDF's.
//
// Malformed numbers are read as Acrobat and pdf.js read them, so that a
// producer's slip costs one operand rather than a page: a repeated sign
// is one sign ("--5" is -5), a sign after the digits is ignored ("5-" is
// 5), a second point ends the digits ("1.2.3" is 1.2), a sign or point
// alone is 0. Exponents, which some producers write, are read as such.
func TestNumbers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want float64
	}{
		// 7.3.3's examples.
		{"123", 123}, {"43445", 43445}, {"+17", 17}, {"-98", -98}, {"0", 0},
		{"34.5", 34.5}, {"-3.62", -3.62}, {"+123.6", 123.6}, {"4.", 4}, {"-.002", -0.002}, {"0.0", 0},
		// Well formed, at the edges of the fast path: the nearest double.
		{".5", 0.5}, {"0.1", 0.1}, {"0.3", 0.3}, {"00012", 12}, {"123.456", 123.456},
		{"999999999999999", 999999999999999}, {"9999999999999999", 9999999999999999},
		{"12345678901234567", 12345678901234567}, {"1.0000000000000002", 1.0000000000000002},
		{"72.0000001", 72.0000001}, {"2147483648", 2147483648},
		// Malformed.
		{"--5", -5}, {"+-3", -3}, {"-+3", -3}, {"5-", 5}, {"1-2", 1}, {"1.2.3", 1.2}, {"..5", 0},
		{"+", 0}, {"-", 0}, {".", 0},
		// Exponents: outside PDF, read as written.
		{"1e3", 1000}, {"6.02E23", 6.02e23}, {"1.5E-3", 0.0015}, {"1.5e", 1.5},
	} {
		toks := tokens(t, c.in)
		if len(toks) != 1 || toks[0].Kind != KindNumber || toks[0].Num != c.want {
			t.Errorf("Next(%q) = %+v, want one number %v", c.in, toks, c.want)
		}
	}
	if v := tokens(t, "-0")[0].Num; v != 0 || !math.Signbit(v) {
		t.Errorf("-0 = %v, want negative zero", v)
	}
}

// TestNumberEnds checks where a number token ends: at a delimiter, white
// space or a character that cannot be in a number, so that what follows a
// malformed number is read intact.
func TestNumberEnds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want []Token
	}{
		{"4.5.6 7", []Token{{Kind: KindNumber, Num: 4.5}, {Kind: KindNumber, Num: 7}}},
		{"16#FFFE", []Token{{Kind: KindNumber, Num: 16}, {Kind: KindOperator, Str: "#FFFE"}}},
		{"1.5e BT", []Token{{Kind: KindNumber, Num: 1.5}, {Kind: KindOperator, Str: "BT"}}},
		{"12/F1", []Token{{Kind: KindNumber, Num: 12}, {Kind: KindName, Str: "F1"}}},
		{"-3(x)", []Token{{Kind: KindNumber, Num: -3}, {Kind: KindString, Str: "x"}}},
		{".5]", []Token{{Kind: KindNumber, Num: 0.5}, {Kind: KindOperator, Str: "]"}}},
	} {
		got := tokens(t, c.in)
		if len(got) != len(c.want) {
			t.Errorf("%q: %+v, want %+v", c.in, got, c.want)
			continue
		}
		for i, w := range c.want {
			if got[i].Kind != w.Kind || got[i].Num != w.Num || got[i].Str != w.Str {
				t.Errorf("%q token %d: %+v, want %+v", c.in, i, got[i], w)
			}
		}
	}
}

// tokens reads every token of s with Next.
func tokens(t *testing.T, s string) []Token {
	t.Helper()
	l := NewLexer([]byte(s))
	var toks []Token
	for {
		tok, ok, err := l.Next()
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if !ok {
			return toks
		}
		toks = append(toks, tok)
	}
}

// plainNumber gives strconv.ParseFloat's value, bit for bit, on every
// number it takes, and declines what it cannot read exactly.
func TestPlainNumberIsParseFloat(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	check := func(s string) {
		v, ok := plainNumber([]byte(s))
		if !ok {
			return
		}
		want, err := strconv.ParseFloat(s, 64)
		if err != nil || math.Float64bits(v) != math.Float64bits(want) {
			t.Fatalf("plainNumber(%q) = %v, ParseFloat = %v, %v", s, v, want, err)
		}
	}
	for _, s := range []string{"0", "-0", "+0", "0.", ".0", "-.0", "9007199254740991", "9007199254740992",
		"0.1", "0.2", "0.3", "1.005", "123456789012.345", "0.0000000000000000000001", "0.00000000000000000000001"} {
		check(s)
	}
	for range 200000 {
		var sb strings.Builder
		if r.IntN(3) == 0 {
			sb.WriteByte("+-"[r.IntN(2)])
		}
		n, dotAt := 1+r.IntN(20), r.IntN(22)
		for i := range n {
			if i == dotAt {
				sb.WriteByte('.')
			}
			sb.WriteByte(byte('0' + r.IntN(10)))
		}
		check(sb.String())
	}
	for _, s := range []string{"", "-", ".", "1e3", "1.2.3", "--5", "5-", "99999999999999999999"} {
		if _, ok := plainNumber([]byte(s)); ok {
			t.Errorf("plainNumber(%q) took a number it should leave to ParseFloat", s)
		}
	}
}
