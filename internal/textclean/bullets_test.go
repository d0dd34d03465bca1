package textclean

import "testing"

func TestBullet(t *testing.T) {
	t.Parallel()
	for w, want := range map[string]bool{
		"•": true, "▸": true, "▶": true, "■": true, "□": true, "-": true, "\uf0b7": true, "✓": true,
		"a": false, "1.": false, "••": false, "": false, "->": false,
	} {
		if got := Bullet(w); got != want {
			t.Errorf("Bullet(%q) = %v, want %v", w, got, want)
		}
	}
}
