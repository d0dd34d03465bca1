package output

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// Sentence ends: a word ending in one of sentenceMarks, perhaps followed
// by closing quotes or brackets.
const (
	sentenceMarks   = ".!?…。！？"
	sentenceClosers = `"'”’)]»`
)

// piece is a run of a unit's body the splitter moves whole: a sentence,
// a line of code, a word, or a slice of a word too long for a chunk.
// For prose, words[from:to] are the unit's words it holds.
type piece struct {
	text     string
	sep      string // joins it to the piece before it in the body
	tokens   int
	from, to int
	slice    bool // a slice of one word
}

// split cuts u into parts: the first of at most first tokens, the others
// of at most rest.
func (c *chunker) split(u unit, first, rest int) []unit {
	if u.table != nil {
		return c.splitTable(u, first, rest)
	}
	return c.splitText(u, first, rest)
}

// splitText cuts a text unit at sentences (lines for code), a sentence
// too long at words, and a word too long into slices.
func (c *chunker) splitText(u unit, first, rest int) []unit {
	wrap := 0
	if u.open != "" {
		wrap = c.count(u.open + u.close)
	}
	limit := max(min(first, rest)-wrap, 1)
	var pieces []piece
	for _, p := range topPieces(u) {
		pieces = append(pieces, c.refine(p, limit)...)
	}
	groups := c.pack(u, pieces, wrap, first, rest)
	parts := make([]unit, 0, len(groups))
	for i, g := range groups {
		parts = append(parts, c.textPart(u, g, i))
	}
	return parts
}

// topPieces are a unit's lines when it is code, its words when it is a
// formula, and its sentences when it is prose.
func topPieces(u unit) []piece {
	switch {
	case u.kind == core.KindCode:
		var ps []piece
		for i, l := range strings.Split(u.body, "\n") {
			ps = append(ps, piece{text: l, sep: joiner(i, "\n")})
		}
		return ps
	case u.words == nil:
		var ps []piece
		for i, w := range strings.Fields(u.body) {
			ps = append(ps, piece{text: w, sep: joiner(i, sepPart)})
		}
		return ps
	}
	lead := u.body[:len(u.body)-len(strings.TrimLeft(u.body, " "))]
	var ps []piece
	from := 0
	for i, w := range u.words {
		if i == len(u.words)-1 || endsSentence(w) {
			p := piece{text: strings.Join(u.words[from:i+1], " "), sep: sepPart, from: from, to: i + 1}
			if from == 0 {
				p.text, p.sep = lead+p.text, ""
			}
			ps = append(ps, p)
			from = i + 1
		}
	}
	return ps
}

// joiner is sep for every piece but the first.
func joiner(i int, sep string) string {
	if i == 0 {
		return ""
	}
	return sep
}

// endsSentence reports whether a word ends a sentence.
func endsSentence(w string) bool {
	r, _ := utf8.DecodeLastRuneInString(strings.TrimRight(w, sentenceClosers))
	return strings.ContainsRune(sentenceMarks, r)
}

// refine breaks a piece longer than limit tokens into its words, and a
// word into slices, until every piece fits.
func (c *chunker) refine(p piece, limit int) []piece {
	p.tokens = c.count(p.text)
	if p.tokens <= limit {
		return []piece{p}
	}
	words := strings.Fields(p.text)
	if len(words) <= 1 {
		return c.slices(p, limit)
	}
	var out []piece
	for i, w := range words {
		sub := piece{text: w, sep: sepPart}
		if i == 0 {
			sub.sep = p.sep
		}
		if p.to > p.from {
			sub.from, sub.to = p.from+i, p.from+i+1
		}
		out = append(out, c.refine(sub, limit)...)
	}
	return out
}

// slices cuts one word into the longest runs of runes that fit limit.
func (c *chunker) slices(p piece, limit int) []piece {
	var out []piece
	rest := []rune(strings.TrimSpace(p.text))
	for len(rest) > 0 {
		lo, hi := 1, len(rest) // the longest prefix that fits is in [lo, hi]
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if c.count(string(rest[:mid])) <= limit {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		s := piece{text: string(rest[:lo]), from: p.from, to: p.to, slice: true}
		s.tokens = c.count(s.text)
		if len(out) == 0 {
			s.sep = p.sep
		}
		out = append(out, s)
		rest = rest[lo:]
	}
	return out
}

// pack groups pieces in order into parts, the first of at most first
// tokens and the others of at most rest, each with the unit's fences
// (wrap tokens) and checked by a real count.
func (c *chunker) pack(u unit, pieces []piece, wrap, first, rest int) [][]piece {
	var groups [][]piece
	for a := 0; a < len(pieces); {
		limit := rest
		if len(groups) == 0 {
			limit = first
		}
		b, est := a+1, wrap+pieces[a].tokens
		for b < len(pieces) && est+sepTokens+pieces[b].tokens <= limit {
			est += sepTokens + pieces[b].tokens
			b++
		}
		for b-a > 1 && c.count(u.open+joinPieces(pieces[a:b])+u.close) > limit {
			b--
		}
		groups = append(groups, pieces[a:b])
		a = b
	}
	return groups
}

// joinPieces is the text of a run of pieces.
func joinPieces(ps []piece) string {
	var sb strings.Builder
	for i, p := range ps {
		if i > 0 {
			sb.WriteString(p.sep)
		}
		sb.WriteString(p.text)
	}
	return sb.String()
}

// textPart is part i of a text unit, made of the pieces g: wrapped again
// in the unit's fences, with the words and boxes it holds.
func (c *chunker) textPart(u unit, g []piece, i int) unit {
	p := unit{kind: u.kind, level: u.level, title: u.title, page: u.page, boxes: u.boxes,
		text: u.open + joinPieces(g) + u.close, sep: g[0].sep}
	switch {
	case i == 0:
		p.sep = u.sep
	case u.open != "":
		p.sep = sepBlock
	}
	p.tokens = c.count(p.text)
	from, to := g[0].from, g[len(g)-1].to
	if u.words == nil || to <= from || g[0].slice || g[len(g)-1].slice {
		return p
	}
	p.words = u.words[from:to]
	if u.wordBoxes != nil {
		p.wordBoxes = u.wordBoxes[from:to]
		p.boxes = []ChunkBox{{Page: u.page, BBox: box(unionBoxes(p.wordBoxes))}}
	}
	return p
}

// unionBoxes is the smallest box holding all of bs.
func unionBoxes(bs []core.BBox) core.BBox {
	var u core.BBox
	for _, b := range bs {
		u = u.Union(b)
	}
	return u
}

// splitTable cuts a table at rows into parts that each repeat the header
// rows, as even in rows as the bounds allow, so that no part is left with
// a row or two. A part holds at least one row, so a part of one row that
// does not fit is the one thing that may exceed the bound.
func (c *chunker) splitTable(u unit, first, rest int) []unit {
	t := u.table
	if len(t.rows) == 0 {
		return []unit{u}
	}
	head := c.count(gridMarkdown(cellGrid(t.header, nil)))
	cost := make([]int, len(t.rows))
	for i, r := range t.rows {
		cost[i] = c.count(tableRow(r.cells)) + sepTokens
	}
	ranges := c.rowRanges(t, head, cost, first, rest, 0)
	if len(ranges) > 1 {
		ranges = c.rowRanges(t, head, cost, first, rest, len(ranges))
	}
	parts := make([]unit, 0, len(ranges))
	for _, r := range ranges {
		parts = append(parts, c.tablePart(t, r[0], r[1]))
	}
	parts[0].sep = u.sep
	parts[0].boxes = rowBoxes(slices.Concat(t.header, t.rows[:ranges[0][1]]))
	return parts
}

// rowRanges packs the rows, whose tokens are cost, into parts of the
// header (head tokens) and rows [a, b): the first part of at most first
// tokens, the others of at most rest, each checked by a real count. With
// parts > 0, a part also holds at most its even share of the rows left
// for that many parts.
func (c *chunker) rowRanges(t *flowTable, head int, cost []int, first, rest, parts int) [][2]int {
	var out [][2]int
	for a := 0; a < len(cost); {
		limit := rest
		if len(out) == 0 {
			limit = first
		}
		most := len(cost) - a
		if left := parts - len(out); left > 0 {
			most = (most + left - 1) / left
		}
		b, est := a+1, head+cost[a]
		for b < len(cost) && b-a < most && est+cost[b] <= limit {
			est += cost[b]
			b++
		}
		for b-a > 1 && c.count(gridMarkdown(cellGrid(t.header, t.rows[a:b]))) > limit {
			b--
		}
		out = append(out, [2]int{a, b})
		a = b
	}
	return out
}

// tablePart is the header rows and body rows [a, b) as one table.
func (c *chunker) tablePart(t *flowTable, a, b int) unit {
	text := gridMarkdown(cellGrid(t.header, t.rows[a:b]))
	return unit{kind: core.KindTable, text: text, sep: sepBlock, tokens: c.count(text), boxes: rowBoxes(t.rows[a:b])}
}

// overlapFrom copies the end of a chunk's prose, at most budget tokens of
// it, to start the next chunk: whole units while they fit, then the last
// words of one more. It stops at a heading, a table, code or a formula.
func (c *chunker) overlapFrom(units []unit, budget int) []unit {
	var out []unit
	used := 0
	for i := len(units) - 1; i >= 0 && budget-used > 0; i-- {
		u := units[i]
		if u.words == nil || u.kind == core.KindHeading {
			break
		}
		need := u.tokens
		if len(out) > 0 {
			need += sepTokens
		}
		if used+need > budget {
			if tail, ok := c.wordTail(u, budget-used-(need-u.tokens)); ok {
				out = append([]unit{tail}, out...)
			}
			break
		}
		u.overlap = true
		out = append([]unit{u}, out...)
		used += need
	}
	return out
}

// wordTail is the longest run of u's last words that fits budget tokens.
func (c *chunker) wordTail(u unit, budget int) (unit, bool) {
	lo, hi := 0, len(u.words) // the longest tail that fits is in [lo, hi]
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if c.count(strings.Join(u.words[len(u.words)-mid:], " ")) <= budget {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		return unit{}, false
	}
	k := len(u.words) - lo
	t := unit{kind: u.kind, text: strings.Join(u.words[k:], " "), sep: u.sep, page: u.page,
		boxes: u.boxes, words: u.words[k:], overlap: true}
	t.tokens = c.count(t.text)
	if u.wordBoxes != nil {
		t.wordBoxes = u.wordBoxes[k:]
		t.boxes = []ChunkBox{{Page: u.page, BBox: box(unionBoxes(t.wordBoxes))}}
	}
	return t, true
}
