package ocr

import (
	"context"
	"image"
	"strings"
	"unicode"
)

// statScriptGuessed marks a page whose script sparseScript found.
const statScriptGuessed = "script_guessed"

// sparseScripts are the scripts a page too sparse for OSD is tried in,
// when English reads its letters poorly.
var sparseScripts = []string{"Arabic", "Hebrew", "Cyrillic", "Greek", "Devanagari", "Thai", "HanS", "HanT", "Japanese", "Hangul"}

// minScriptGain is how much more sure of a page's letters a script's
// model must be than English for the page to be read in that script.
// On a table of six Arabic words, the Arabic model read the letters at a
// mean confidence of 0.78, English and the Latin, Cyrillic and Hebrew
// models at 0.04–0.28; digits and rules read alike in every script and
// are not counted.
const minScriptGain = 0.2

// sparseScript finds the script of a page that OSD could not tell, when
// the page has too few words for it (fewer than minJudgedWords read with
// English, first) and English reads their letters with doubt (a mean
// under lowWordConf): each installed script model reads the page, which
// costs little with so few words, and the one surest of its letters wins
// when it is sure (lowWordConf) and surer than English by minScriptGain.
// A page that is mostly a picture (sparseInk) is not tried. "" when none
// is; tried says whether the models were tried.
func (j *job) sparseScript(ctx context.Context, tw *tessWorker, g *image.Gray, dpi int, first []pxWord) (script string, tried bool, err error) {
	base, n := letterConf(first)
	if n == 0 || len(first) >= minJudgedWords || base >= lowWordConf || tw == nil {
		return "", false, nil
	}
	rows := rowInk(g)
	if !sparseInk(rows, g.Rect.Dx()) {
		return "", false, nil
	}
	crop := inkCrop(g, rows, lettered(first))
	best, bestConf := "", max(lowWordConf, base+minScriptGain)
	for _, script := range sparseScripts {
		langs, missing := j.tess.modelsFor(script, nil)
		if missing != "" {
			continue
		}
		ws, err := j.readPage(ctx, tw, crop, dpi, langs, 1)
		if err != nil {
			return "", true, err
		}
		if c, m := letterConf(ws); m > 0 && c > bestConf {
			best, bestConf = script, c
		}
		if bestConf >= sureScriptConf {
			break
		}
	}
	return best, true, nil
}

// sureScriptConf: a script whose model reads the letters this surely is
// taken without trying the others.
const sureScriptConf = 0.85

// A sparse page, as the trials are for, is a few lines on blank paper.
// A page is taken for a picture instead when both most of its rows hold
// ink (more dark pixels than blankRowInk) and its dark pixels are more
// than a page of body text has. A short Arabic note of
// testdata/scripts/sparse has ink in 5% of its rows and 0.3% of its
// pixels dark; a book cover that is one photograph and a title has ink in
// 94% of its rows and 35% of its pixels dark, where English reads noise
// from the photograph as a few doubtful words, and trying ten scripts'
// models on the whole picture cost 2.5 s for nothing. Rules of a table
// may reach every row, but they darken few pixels.
const (
	maxSparseInkRows = 0.5
	maxSparseDark    = 0.05
)

// sparseInk says whether a page whose rows hold rows dark pixels
// (rowInk), each w pixels wide, is sparse rather than a picture.
func sparseInk(rows []int, w int) bool {
	maxInk, inked, dark := blankRowInk(w), 0, 0
	for _, n := range rows {
		if n > maxInk {
			inked++
		}
		dark += n
	}
	h := float64(len(rows))
	return float64(inked) <= maxSparseInkRows*h || float64(dark) <= maxSparseDark*h*float64(w)
}

// inkCrop is the part of g the trials read: the rows (rowInk of g) from
// the first that holds ink to the last, across the page, and the words
// ws, with a margin of two of their heights. A row holds ink as
// probeBand counts it (more dark pixels than blankRowInk). Every line is
// in, whatever English made of it: English may find no line at all in a
// heading in another script (a short Arabic note of testdata/scripts/sparse: its heading was
// cut off when the crop was the words' box, and the Arabic model, reading
// the body line alone, fell below lowWordConf), and the blank paper a
// sparse page is mostly made of is out.
func inkCrop(g *image.Gray, rows []int, ws []pxWord) *image.Gray {
	var box image.Rectangle
	h := 0
	for _, w := range ws {
		box = box.Union(w.box)
		h = max(h, w.box.Dy())
	}
	maxInk := blankRowInk(g.Rect.Dx())
	first, last := -1, -1
	for y, n := range rows {
		if n > maxInk {
			if first < 0 {
				first = y
			}
			last = y
		}
	}
	if first >= 0 {
		box = box.Union(image.Rect(g.Rect.Min.X, g.Rect.Min.Y+first, g.Rect.Max.X, g.Rect.Min.Y+last+1))
	}
	box = box.Inset(-2 * h).Intersect(g.Rect)
	if box.Empty() {
		return g
	}
	return g.SubImage(box).(*image.Gray)
}

// letterConf is the mean confidence of the words that hold a letter, and
// their number.
func letterConf(ws []pxWord) (float64, int) {
	sum := 0.0
	ls := lettered(ws)
	for _, w := range ls {
		sum += w.conf
	}
	if len(ls) == 0 {
		return 0, 0
	}
	return sum / float64(len(ls)), len(ls)
}

// lettered are the words of ws that hold a letter.
func lettered(ws []pxWord) []pxWord {
	var out []pxWord
	for _, w := range ws {
		if strings.ContainsFunc(w.text, unicode.IsLetter) {
			out = append(out, w)
		}
	}
	return out
}
