package textclean

import "testing"

func TestRightToLeft(t *testing.T) {
	t.Parallel()
	tests := []struct {
		r    rune
		want bool
	}{
		{'א', true}, {'ש', true}, {'م', true}, {'ﻻ', true}, {'ܐ', true}, // Hebrew, Arabic, a presentation form, Syriac
		{'،', false}, {'؟', false}, {'٣', false}, {'۳', false}, // the script's comma, question mark, digits
		{'\u064E', false}, {'\u05B8', false}, // vowel marks
		{'a', false}, {'2', false}, {'é', false}, {'中', false},
	}
	for _, tc := range tests {
		if got := RightToLeft(tc.r); got != tc.want {
			t.Errorf("RightToLeft(%q) = %v, want %v", tc.r, got, tc.want)
		}
	}
}
