package nativetext

import (
	"fmt"
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
