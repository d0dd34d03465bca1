package tableformer

import "testing"

// parseFigure reads what strconv.ParseFloat reads once the thousands
// separators are gone and the minus sign is ASCII, and figureStart, which
// turns words away before those copies are made, turns away none of it.
func TestParseFigure(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"12", 12, true},
		{"1,234.5", 1234.5, true},
		{",5", 5, true},
		{"- 5", -5, true},
		{"\u22123", -3, true},
		{"\u2009 7", 7, true},
		{"+.5", 0.5, true},
		{"12%", 12, true},
		{"1\u202f000", 1000, true},
		{"inf", 0, true}, // a figure to ParseFloat; its value is not compared below
		{"Total", 0, false},
		{"a1", 0, false},
		{"--1", 0, false},
		{"", 0, false},
		{"%", 0, false},
	}
	for _, c := range cases {
		got, ok := parseFigure(c.in)
		if ok != c.ok || ok && c.in != "inf" && got != c.want {
			t.Errorf("parseFigure(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
