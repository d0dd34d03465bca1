package ocr

import (
	"context"
	"fmt"
	"image"
	"slices"

	"github.com/assay-pdf/assay/core"
)

// A page of Latin print may hold passages in another script: a Hebrew or
// Arabic paragraph in an English report. The page's reading with a Latin
// model writes them as Latin letters read with doubt, line after line.
// Those lines are gathered into regions; OSD names each region's script,
// and a region in another script is read again with that script's models,
// its words taking the place of the Latin reading's where they are read
// with more confidence (surerBy): OSD names Cyrillic for lines of a noisy
// German scan, whose Cyrillic reading ('Копдепвеќваттіег' for
// 'Kondensatsammler') is hardly surer than its Latin one.
const (
	// minForeignWords: a line of fewer words says too little about its
	// script.
	minForeignWords = 3
	// minForeignDoubt: the share of a line's words read with doubt
	// (lowWordConf) that marks it as another script's. Lines of Latin
	// print, even noisy, have a few; a Hebrew line read with English has
	// most of its words doubtful.
	minForeignDoubt = 0.6
	// regionPad is the margin, in pixels, around a region read again.
	regionPad = 8
)

// rereadForeign reads again, with their script's models, the regions of
// g whose lines the Latin reading items read with doubt (see above), and
// returns the page's words with theirs in place. A passage in a script
// written without spaces comes as one item a line (passageLines), as a
// page in that script does: Tesseract boxed the two pieces it read of a
// Chinese heading across each other, and they came out as two headings.
func (j *job) rereadForeign(ctx context.Context, tw *tessWorker, g *image.Gray, dpi int, items []pxWord, stats map[string]float64) ([]pxWord, error) {
	if tw == nil || len(items) == 0 {
		return items, nil
	}
	for _, region := range foreignRegions(items) {
		r := region.Inset(-regionPad).Intersect(g.Rect)
		part := crop(g, r)
		if checkImage(part) != nil {
			continue
		}
		osd, err := tw.detect(j.tess, part, dpi)
		if err != nil || osd.ScriptConf <= minScriptConf || osd.Script == "" || osd.Script == "Latin" {
			continue
		}
		ws, err := j.recognize(ctx, BackendTesseract, tw, part, dpi, osd.Script, 1, stats)
		if err != nil {
			return nil, err
		}
		if len(ws) == 0 {
			continue
		}
		var latin, rest []pxWord // the Latin reading's words in r, and the others
		for _, w := range items {
			if centreIn(w, r) {
				latin = append(latin, w)
			} else {
				rest = append(rest, w)
			}
		}
		if !readsSurer(osd.Script, ws, latin) {
			continue // Latin print that OSD named otherwise
		}
		if unspacedScript(osd.Script) {
			ws = passageLines(ws)
		}
		stats["regions_reread"]++
		stats[core.NoteStatPrefix+fmt.Sprintf("a passage in the %s script was read with its own model", osd.Script)] = 1
		items = rest
		for _, w := range ws {
			w.box = w.box.Add(r.Min)
			items = append(items, w)
		}
	}
	return items, nil
}

// centreIn says whether the middle of w's box lies in r.
func centreIn(w pxWord, r image.Rectangle) bool {
	return image.Pt((w.box.Min.X+w.box.Max.X)/2, (w.box.Min.Y+w.box.Max.Y)/2).In(r)
}

// passageLines is one item a line of the words of a passage in a script
// written without spaces, as a page in the script is read (lineItems),
// each as high as its middle word's box: its words' boxes, read in a
// small region, stand loose over and under the line, and one ('结果' of
// the heading '结果与关系', printed in testdata/scripts/mix/zh-passage)
// can take in the lines beside it. Spanning them all, the passage's lines
// were 19 pt high on lines 16 pt apart, and read as headings.
func passageLines(ws []pxWord) []pxWord {
	var out []pxWord
	for _, ln := range wordsByLine(ws) {
		it := joinLine(ln)
		tops, bots := make([]int, len(ln)), make([]int, len(ln))
		for i, w := range ln {
			tops[i], bots[i] = w.box.Min.Y, w.box.Max.Y
		}
		slices.Sort(tops)
		slices.Sort(bots)
		it.box.Min.Y = tops[len(ln)/2]
		it.box.Max.Y = max(bots[(len(ln)-1)/2], it.box.Min.Y+1)
		out = append(out, it)
	}
	return out
}

// foreignRegions are the boxes of runs of consecutive lines of items
// (top to bottom) that are mostly doubtful (minForeignDoubt). A line too
// short to judge alone joins a passage as its last line when all its
// words are doubtful, or as its first (the passage's heading, in bold
// print that a Latin model reads with less doubt: 'NTN oN' at 0.56 and
// 0.77) when half of them are.
func foreignRegions(items []pxWord) []image.Rectangle {
	var regions []image.Rectangle
	open := false
	var head image.Rectangle // the short doubtful lines right above
	for _, ln := range wordLines(items) {
		doubtful := 0
		box := ln[0].box
		for _, w := range ln {
			box = box.Union(w.box)
			if w.conf < lowWordConf {
				doubtful++
			}
		}
		if len(ln) < minForeignWords {
			switch {
			case open && doubtful == len(ln):
				regions[len(regions)-1] = regions[len(regions)-1].Union(box)
			case !open && 2*doubtful >= len(ln):
				head = head.Union(box)
			default:
				head = image.Rectangle{}
			}
			continue
		}
		foreign := float64(doubtful) >= minForeignDoubt*float64(len(ln))
		switch {
		case foreign && open:
			regions[len(regions)-1] = regions[len(regions)-1].Union(box)
		case foreign:
			regions = append(regions, box.Union(head))
		}
		open, head = foreign, image.Rectangle{}
	}
	return regions
}

// wordLines groups items into lines, top to bottom: a word joins the
// line above when its middle lies within that line's height.
func wordLines(items []pxWord) [][]pxWord {
	sorted := slices.Clone(items)
	mid := func(w pxWord) int { return (w.box.Min.Y + w.box.Max.Y) / 2 }
	slices.SortStableFunc(sorted, func(a, b pxWord) int { return mid(a) - mid(b) })
	var lines [][]pxWord
	var top, bottom int
	for _, w := range sorted {
		if n := len(lines); n > 0 && mid(w) >= top && mid(w) < bottom {
			lines[n-1] = append(lines[n-1], w)
			continue
		}
		lines = append(lines, []pxWord{w})
		top, bottom = w.box.Min.Y, w.box.Max.Y
	}
	return lines
}
