package ocr

import "testing"

// Marks read as ideographs in the pictures of pages without CJK text
// (redp5110's screenshots, icdar2013-eu's charts, a scanned form's ruled
// header) are left out with the bars beside them; a run of Chinese long
// enough to be words is kept whole.
func TestStrayHan(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in, want string
		stray    bool
	}{
		{"Journal Receivers 图", "Journal Receivers", true},
		{"年", "", true},
		{"E 脂 用.", "E", true},
		{"购 2.2", "2.2", true},
		{"1-9 丨 11-19 21-29", "1-9 11-19 21-29", true},
		{"9丨41-49丨51-59", "9 41-49 51-59", true},
		{"41-49 冏一 51-59 」 71-80", "41-49 51-59 71-80", true},
		{"1-9 ] 11-19 一 21-29", "1-9 11-19 21-29", true},
		{"Sales 2019 | 2020", "Sales 2019 | 2020", false},
		{"营业收入 2019", "营业收入 2019", false},
		{"Revenue 收入增长率 12%", "Revenue 收入增长率 12%", false},
		{"", "", false},
	}
	for _, c := range cases {
		got, stray := strayHan(c.in)
		if got != c.want || stray != c.stray {
			t.Errorf("strayHan(%q) = %q, %v; want %q, %v", c.in, got, stray, c.want, c.stray)
		}
	}
	lines := dropStrayHan([]pxWord{{text: "卤"}, {text: "Views 面"}, {text: "Table Scan"}})
	if len(lines) != 2 || lines[0].text != "Views" || lines[1].text != "Table Scan" {
		t.Errorf("dropStrayHan: %+v", lines)
	}
}
