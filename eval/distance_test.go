package eval

import (
	"math/rand/v2"
	"testing"
)

// levenshteinDP and lcsDP are the textbook dynamic programs the
// bit-parallel versions must agree with.
func levenshteinDP(a, b []int32) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, sub)
		}
		prev = cur
	}
	return prev[len(b)]
}

func lcsDP(a, b []int32) int {
	prev := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
			} else {
				cur[j] = max(prev[j], cur[j-1])
			}
		}
		prev = cur
	}
	return prev[len(b)]
}

func randomSeq(r *rand.Rand, alphabet, maxLen int) []int32 {
	s := make([]int32, r.IntN(maxLen+1))
	for i := range s {
		s[i] = int32(r.IntN(alphabet))
	}
	return s
}

// TestDistancesAgreeWithDP covers one word, several words (the carries
// between them), lengths at word boundaries, small and large alphabets (the
// dense and sparse match vectors).
func TestDistancesAgreeWithDP(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name            string
		alphabet, maxLn int
		n               int
	}{
		{"two letters, one word", 2, 70, 2000},
		{"eight letters, several words", 8, 300, 400},
		{"large alphabet, sparse vectors", 400, 700, 60},
		{"long, few letters", 3, 1000, 20},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := rand.New(rand.NewPCG(7, uint64(c.alphabet)))
			for range c.n {
				a, b := randomSeq(r, c.alphabet, c.maxLn), randomSeq(r, c.alphabet, c.maxLn)
				if got, want := levenshtein(a, b), levenshteinDP(a, b); got != want {
					t.Fatalf("levenshtein(%v, %v) = %d, want %d", a, b, got, want)
				}
				if got, want := lcsLength(a, b), lcsDP(a, b); got != want {
					t.Fatalf("lcsLength(%v, %v) = %d, want %d", a, b, got, want)
				}
			}
		})
	}
}

func TestDistancesAtWordBoundaries(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(11, 13))
	for _, m := range []int{1, 63, 64, 65, 127, 128, 129, 192} {
		for range 20 {
			b := make([]int32, m)
			for i := range b {
				b[i] = int32(r.IntN(4))
			}
			a := randomSeq(r, 4, 200)
			if got, want := levenshtein(a, b), levenshteinDP(a, b); got != want {
				t.Fatalf("m=%d: levenshtein = %d, want %d", m, got, want)
			}
			if got, want := lcsLength(a, b), lcsDP(a, b); got != want {
				t.Fatalf("m=%d: lcsLength = %d, want %d", m, got, want)
			}
		}
	}
}

func TestSimilarities(t *testing.T) {
	t.Parallel()
	cases := []struct {
		a, b      string
		text, nid float64
	}{
		{"", "", 1, 1},
		{"abc", "", 0, 0},
		{"", "abc", 0, 0},
		{"kitten", "sitting", 1 - 3.0/7, 1 - 5.0/13},
		{"abcd", "dcba", 0, 1 - 6.0/8},
		{"中文", "中文", 1, 1},
	}
	for _, c := range cases {
		a, b := []rune(c.a), []rune(c.b)
		if got := textSimilarity(a, b); got != c.text {
			t.Errorf("textSimilarity(%q, %q) = %v, want %v", c.a, c.b, got, c.text)
		}
		if got := nidSimilarity(a, b); got != c.nid {
			t.Errorf("nidSimilarity(%q, %q) = %v, want %v", c.a, c.b, got, c.nid)
		}
	}
}
