package textclean

import "strings"

// minLeaderDots is the fewest dots, spaced or not, that make a run of
// leader dots: a table row's label is led to its figures by them
// ('Violent crime. . . . . . . .', 'All ages ............'), where an
// ellipsis has three.
const minLeaderDots = 4

// DropLeaders takes the runs of leader dots out of a table cell's text,
// a run within it leaving a space: they lead the eye along the row and
// say nothing to a reader of the cell's text. A cell of leaders alone is
// empty. '…' counts three dots and '·' one; spaces between dots are part
// of the run. Writers call it; the page keeps the dots it draws.
func DropLeaders(s string) string {
	if !strings.Contains(s, "..") && !strings.Contains(s, ". .") && !strings.ContainsAny(s, "·…") {
		return s
	}
	var sb strings.Builder
	dropped := false
	for i := 0; i < len(s); {
		if end, dots := leaderRun(s, i); dots >= minLeaderDots {
			sb.WriteByte(' ')
			i, dropped = end, true
			continue
		}
		sb.WriteByte(s[i])
		i++
	}
	if !dropped {
		return s
	}
	return CollapseSpace(sb.String())
}

// leaderRun is the end of the run of dots and spaces that starts at s[i]
// with a dot, and the dots in it; 0 dots where s[i] starts none.
func leaderRun(s string, i int) (end, dots int) {
	end = i
	for k := i; k < len(s); {
		switch {
		case s[k] == '.':
			dots++
			k++
		case strings.HasPrefix(s[k:], "·"):
			dots++
			k += len("·")
		case strings.HasPrefix(s[k:], "…"):
			dots += 3
			k += len("…")
		case s[k] == ' ' && dots > 0:
			k++
			continue
		default:
			return end, dots
		}
		end = k
	}
	return end, dots
}
