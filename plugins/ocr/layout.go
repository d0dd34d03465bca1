package ocr

import (
	"image"
	"math"
	"os"
	"slices"
	"sort"
	"strings"
	"syscall"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
)

// pxWord is a recognised word in the pixels of the image it was read from.
type pxWord struct {
	text  string
	box   image.Rectangle
	conf  float64 // 0..1
	block int     // words of one block share it
	line  int     // words of one line (within a block) share it
	rtl   bool    // right-to-left script: order words by descending x
}

// clean is the text hygiene shared with the other engines.
func clean(s string) string { return textclean.Clean(s) }

// buildBlocks groups words by block and line, in the order the backend gave
// them, and maps their boxes to page points with toPage.
func buildBlocks(words []pxWord, toPage func(image.Rectangle) core.BBox) []core.Block {
	type lineKey struct{ block, line int }
	var blocks []core.Block
	blockIdx := map[int]int{}
	lineIdx := map[lineKey]int{}
	lineRTL := map[lineKey]bool{}
	for _, w := range words {
		text := clean(w.text)
		if strings.TrimSpace(text) == "" {
			continue
		}
		bi, ok := blockIdx[w.block]
		if !ok {
			bi = len(blocks)
			blockIdx[w.block] = bi
			blocks = append(blocks, core.Block{Kind: core.KindParagraph})
		}
		b := &blocks[bi]
		k := lineKey{w.block, w.line}
		li, ok := lineIdx[k]
		if !ok {
			li = len(b.Lines)
			lineIdx[k] = li
			b.Lines = append(b.Lines, core.Line{})
		}
		lineRTL[k] = lineRTL[k] || w.rtl
		box := toPage(w.box)
		l := &b.Lines[li]
		l.Words = append(l.Words, core.Word{Text: text, BBox: box, Confidence: w.conf})
		l.BBox = l.BBox.Union(box)
		b.BBox = b.BBox.Union(box)
	}
	// Tesseract gives right-to-left words in visual order already; keep
	// logical order by sorting RTL lines right to left.
	for k, rtl := range lineRTL {
		if !rtl {
			continue
		}
		l := &blocks[blockIdx[k.block]].Lines[lineIdx[k]]
		sort.SliceStable(l.Words, func(i, j int) bool { return l.Words[i].BBox.X1 > l.Words[j].BBox.X1 })
	}
	return blocks
}

// groupLines assigns block numbers to lines found by detection (one
// pxWord per line, line numbers set): lines close below each other that
// overlap horizontally form a block. Blocks come back in reading order:
// top to bottom, then left to right.
func groupLines(lines []pxWord) []pxWord {
	if len(lines) == 0 {
		return lines
	}
	lines = slices.Clone(lines)
	sortReading(lines)
	parent := make([]int, len(lines))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range lines {
		a := lines[i].box
		ha := float64(a.Dy())
		for j := i + 1; j < len(lines); j++ {
			b := lines[j].box
			hb := float64(b.Dy())
			gap := float64(b.Min.Y - a.Max.Y)
			if gap > 1.2*math.Max(ha, hb) {
				continue
			}
			if gap < -0.5*math.Min(ha, hb) { // same row: a different column
				continue
			}
			ov := min(a.Max.X, b.Max.X) - max(a.Min.X, b.Min.X)
			if ov <= 0 || math.Abs(ha-hb) > 0.5*math.Max(ha, hb) {
				continue
			}
			parent[find(j)] = find(i)
		}
	}
	first := map[int]int{}
	for i := range lines {
		r := find(i)
		if _, ok := first[r]; !ok {
			first[r] = len(first)
		}
		lines[i].block = first[r]
		lines[i].line = i
	}
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].block < lines[j].block })
	return lines
}

// sortReading orders boxes top to bottom, and left to right within a row
// (boxes whose vertical centres are within half a line height).
func sortReading(ws []pxWord) {
	sort.SliceStable(ws, func(i, j int) bool {
		a, b := ws[i].box, ws[j].box
		ca, cb := (a.Min.Y+a.Max.Y)/2, (b.Min.Y+b.Max.Y)/2
		h := min(a.Dy(), b.Dy()) / 2
		if ca-cb > h || cb-ca > h {
			return ca < cb
		}
		return a.Min.X < b.Min.X
	})
}

// splitLine turns a recognised line into words, sharing the line's box
// out in proportion to the characters of each word.
func splitLine(l pxWord) []pxWord {
	fields := strings.Fields(l.text)
	if len(fields) <= 1 {
		return []pxWord{l}
	}
	total := 0
	for _, f := range fields {
		total += len([]rune(f)) + 1
	}
	total--
	out := make([]pxWord, 0, len(fields))
	w := float64(l.box.Dx())
	pos := 0
	for _, f := range fields {
		n := len([]rune(f))
		x0 := l.box.Min.X + int(w*float64(pos)/float64(total))
		x1 := l.box.Min.X + int(math.Ceil(w*float64(pos+n)/float64(total)))
		out = append(out, pxWord{text: f, box: image.Rect(x0, l.box.Min.Y, max(x1, x0+1), l.box.Max.Y), conf: l.conf, block: l.block, line: l.line})
		pos += n + 1
	}
	return out
}

// EnsureThreadLimit re-executes the program with OMP_THREAD_LIMIT=1 when it
// is unset. OpenMP reads the variable once, when libtesseract (and with it
// libgomp) is loaded at process start, so setting it from Go is too late;
// on Debian's build two OpenMP threads per page make Tesseract 2.5 times
// slower on a small machine. Call it first thing in main (or TestMain). It
// returns only if no re-execution was needed or it failed.
func EnsureThreadLimit() {
	if os.Getenv("OMP_THREAD_LIMIT") != "" {
		return
	}
	os.Setenv("OMP_THREAD_LIMIT", "1")
	exe, err := os.Executable()
	if err != nil {
		return
	}
	syscall.Exec(exe, os.Args, os.Environ())
}
