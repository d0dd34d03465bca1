package nativetext

import (
	"fmt"
	"strings"
	"testing"
)

// TestTypedTables: a table typed in a fixed-pitch font, its figures a
// single space apart where the widest meet, is a table; a listing of code
// in the same font, with its figures, is not.
func TestTypedTables(t *testing.T) {
	t.Parallel()
	typed := []string{
		"Table 1. Recommended sample sizes, by design effect",
		"",
		"                         Design effect",
		"Proportion     1.0   1.1   1.2   1.3   1.4   1.5",
		"-------------------------------------------------",
		"0.99 .......   800   880   960 1,040 1,120 1,200",
		"0.95 .......   160   176   192   208   224   240",
		"0.90 .......    80    88    96   104   112   120",
		"0.85 .......    53    59    64    69    75    80",
		"0.80 .......    40    44    48    52    56    60",
	}
	want := [][]string{
		{"Proportion", "1.0", "1.1", "1.2", "1.3", "1.4", "1.5"},
		{"0.99 .......", "800", "880", "960", "1,040", "1,120", "1,200"},
		{"0.95 .......", "160", "176", "192", "208", "224", "240"},
		{"0.90 .......", "80", "88", "96", "104", "112", "120"},
		{"0.85 .......", "53", "59", "64", "69", "75", "80"},
		{"0.80 .......", "40", "44", "48", "52", "56", "60"},
	}
	listing := []string{
		"var sizes = [4][3]int{",
		"        {800, 880, 960},",
		"        {160, 176, 192},",
		"        {80, 88, 96},",
		"        {53, 59, 64},",
		"}",
	}
	t.Run("table", func(t *testing.T) {
		t.Parallel()
		_, got := oneTable(t, onePage("", courierRes, courierLines("", typed)).Write(t))
		// The rule of dashes and the caption lines are not rows.
		var rows [][]string
		for _, r := range got {
			if len(r) > 0 && r[0] != "" && r[0][0] != '-' {
				rows = append(rows, r)
			}
		}
		if fmt.Sprintf("%q", rows) != fmt.Sprintf("%q", want) {
			t.Errorf("rows %q; want %q", rows, want)
		}
	})
	t.Run("two columns", func(t *testing.T) {
		t.Parallel()
		key := []string{"Age Group      Proportion", "", "20-29            0.2650", "30-39            0.2046",
			"40-49            0.1477", "50-59            0.1514", "80 +             0.0336"}
		_, got := oneTable(t, onePage("", courierRes, courierLines("", key)).Write(t))
		want := [][]string{{"20-29", "0.2650"}, {"30-39", "0.2046"}, {"40-49", "0.1477"}, {"50-59", "0.1514"}, {"80 +", "0.0336"}}
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
			t.Errorf("rows %q; want %q", got, want)
		}
	})
	t.Run("listing", func(t *testing.T) {
		t.Parallel()
		res, err := extractAll(t, onePage("", courierRes, courierLines("", listing)).Write(t), 1)
		if err != nil {
			t.Fatal(err)
		}
		if ts := tables(res[1].Page); len(ts) != 0 {
			t.Errorf("found a table %q in a listing", ts[0].Grid())
		}
	})
}

// TestTypedRuledGroups: a report typed in Courier rules its column groups
// and sets each group's two columns of figures a single blank cell apart
// where the widest meet (ICDAR 2013's us-033). The rules frame the
// groups; the figures' columns are found in the blank cells of the lines
// of figures, and a column of ages with their unit ('40 years'), which
// lines up as figures do, stays one.
func TestTypedRuledGroups(t *testing.T) {
	t.Parallel()
	const x0, y0, pitch, cell = 72.0, 700.0, 12.0, 6.0 // Courier 10: 6 points a character
	lines := []string{
		"Age  |  Non-Hispanic white |   Ages    |",
		"     |      Male     Female|           |",
	}
	left := []string{"1,087,948", "867,692", "7,808,033", "13,340,788", "5,492,738", "995,086", "8,551,440", "7,740,932", "15,033,323", "857,333"}
	right := []string{"1,022,490", "3,576,723", "401,349", "14,032,118", "745,424", "12,644,242", "9,112,707", "915,681", "10,049,276", "3,545,878"}
	for i := range left {
		lines = append(lines, fmt.Sprintf("%-5d|%10s %10s| %2d years  |", i, left[i], right[i], 40+i))
	}
	top, foot := y0+pitch-2, y0-pitch*float64(len(lines)-1)-4
	width := cell * float64(len(lines[0]))
	var rules strings.Builder
	for _, y := range []float64{top, y0 - pitch - 4, foot} {
		fmt.Fprintf(&rules, "%g %g m %g %g l S\n", x0, y, x0+width, y)
	}
	fmt.Fprintf(&rules, "%g %g m %g %g l S\n", x0, top, x0, foot)
	text := make([]string, len(lines))
	for i, ln := range lines {
		text[i] = strings.ReplaceAll(ln, "|", " ")
	}
	for k, c := range lines[0] {
		if c == '|' {
			x := x0 + cell*(float64(k)+0.5)
			fmt.Fprintf(&rules, "%g %g m %g %g l S\n", x, top, x, foot)
		}
	}
	_, grid := oneTable(t, onePage("", courierRes, rules.String()+courierLines("", text)).Write(t))
	want := [][]string{
		{"Age", "Non-Hispanic white", "", "Ages"},
		{"", "Male", "Female", ""},
		{"0", "1,087,948", "1,022,490", "40 years"},
	}
	if len(grid) != len(lines) || fmt.Sprintf("%q", grid[:3]) != fmt.Sprintf("%q", want) {
		t.Errorf("grid %q; want it to start %q", grid, want)
	}
}
