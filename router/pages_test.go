package router

import (
	"slices"
	"testing"
)

func TestParsePages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec  string
		count int
		want  []int
		err   bool
	}{
		{"", 3, []int{1, 2, 3}, false},
		{"1-3,7", 10, []int{1, 2, 3, 7}, false},
		{"7,1-3,2", 10, []int{1, 2, 3, 7}, false},
		{" 2 - 4 ", 10, []int{2, 3, 4}, false},
		{"8-", 10, []int{8, 9, 10}, false},
		{"3-20", 5, []int{3, 4, 5}, false},
		{"9", 5, nil, true},
		{"0", 5, nil, true},
		{"-3", 5, nil, true},
		{"3-1", 5, nil, true},
		{"a", 5, nil, true},
		{"1,,2", 5, nil, true},
		{"99999999999999999999", 5, nil, true},
		{"", 0, []int{}, false},
	}
	for _, tt := range tests {
		got, err := ParsePages(tt.spec, tt.count)
		if (err != nil) != tt.err {
			t.Errorf("ParsePages(%q, %d) error = %v, want error %v", tt.spec, tt.count, err, tt.err)
			continue
		}
		if !tt.err && !slices.Equal(got, tt.want) {
			t.Errorf("ParsePages(%q, %d) = %v, want %v", tt.spec, tt.count, got, tt.want)
		}
	}
}

func FuzzParsePages(f *testing.F) {
	for _, s := range []string{"", "1", "1-3,7", "8-", "3-1", "1,,2", "0-0", " 4 ", "1-999999999"} {
		f.Add(s, 10)
	}
	f.Fuzz(func(t *testing.T, spec string, count int) {
		count %= 10000
		got, err := ParsePages(spec, count)
		if err != nil {
			return
		}
		if !slices.IsSorted(got) {
			t.Fatalf("not sorted: %v", got)
		}
		for i, p := range got {
			if p < 1 || p > count {
				t.Fatalf("page %d outside 1..%d", p, count)
			}
			if i > 0 && got[i-1] == p {
				t.Fatalf("duplicate %d", p)
			}
		}
	})
}
