package quality

import (
	"strings"
	"testing"
	"unicode"
)

// rewrittenShift is the shift search done the plain way: each shift
// written out as text and rated by reading that text. caesarShift rates
// the shifts from one count of the text's characters, and must agree.
func rewrittenShift(text string) (int, float64) {
	sample := text
	if len(sample) > 4000 {
		sample = sample[:4000]
	}
	base := plainShape(sample)
	high, letters, seen := 0, 0, map[rune]bool{}
	for _, r := range sample {
		if unicode.IsLetter(r) {
			letters++
			seen[r] = true
			if r >= 0xc0 && r <= 0xff {
				high++
			}
		}
	}
	mostlyHigh := letters >= 20 && high*2 > letters
	if !mostlyHigh && base+shiftGain >= 1 || len(seen) < minShiftLetters {
		return 0, base
	}
	if mostlyHigh {
		base = 0
	}
	bestShift, best := 0, base
	for _, k := range []int{29, 28, 30, 31, 3, -29, -3, -128} {
		var sb strings.Builder
		for _, r := range sample {
			switch {
			case k == -128 && r > 0xa0 && r < 0xff:
				r -= 128
			case k != -128 && r > ' ' && r < 0x7f:
				r += rune(k)
				if r <= ' ' || r >= 0x7f {
					r = '~'
				}
			}
			sb.WriteRune(r)
		}
		shifted := sb.String()
		if w := plainShape(shifted); w > best+shiftGain && w > 0.8 && plainSymbols(shifted) < 0.02 {
			bestShift, best = k, w
		}
	}
	return bestShift, best
}

func plainShape(s string) float64 {
	var c asciiCounts
	for _, r := range s {
		if r < 0x80 {
			c[r]++
		}
	}
	return letterShape(&c)
}

func plainSymbols(s string) float64 {
	visible, symbols := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f {
			continue
		}
		visible++
		if strings.IndexByte("[\\]^_`{|}~@#$<>*", c) >= 0 {
			symbols++
		}
	}
	if visible == 0 {
		return 0
	}
	return float64(symbols) / float64(visible)
}

// FuzzCaesarShift checks the counted shift search against the rewritten
// one on any text.
func FuzzCaesarShift(f *testing.F) {
	for _, s := range []string{
		"7KH TXLFN EURZQ IR[ MXPSV RYHU WKH ODC] GRJ DQG WKHQ VRPH PRUH",
		"The quick brown fox jumps over the lazy dog, and then some more.",
		"Ôèå ñõéãë âòï÷î æïø êõíðó ïöåò ôèå ìáúù äïç áîä ôèåî óïíå íïòå",
		"1 2 3 [4] {5} <6> 7.5 8,9 %% ## @@ 10 11 12 13 14 15 16 17 18 19",
		strings.Repeat("TEST ", 40),
		strings.Repeat("Übergrößenträger señor ", 20),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k1, w1 := caesarShift(s)
		k2, w2 := rewrittenShift(s)
		if k1 != k2 || w1 != w2 {
			t.Fatalf("caesarShift(%q) = %d, %v; rewritten: %d, %v", s, k1, w1, k2, w2)
		}
	})
}
