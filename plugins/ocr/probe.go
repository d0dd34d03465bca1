package ocr

import (
	"context"
	"image"
	"slices"
	"strings"
)

// Before the whole page is read with English, a band of its lines (the
// probe) is: a page in another script or language then costs a fraction
// of an English reading before OSD and the script's model. A page of
// English print is then read whole with the probe's words painted out
// (readAround), and the probe's words are put back: its lines are read
// once. (Reading the page in two parts, probe and rest, would do the
// same, but Tesseract segments a part unlike the whole page: table cells
// and lines by the cut read worse. A page with a white band where the
// probe was keeps the rest of its geometry.)
const (
	// probeFrom and probeTo place the probe between the blank rows
	// nearest these shares of the page's inked rows: an eighth of the
	// text, below the title and heading lines of the top, enough lines of
	// prose for judgeLatin's minJudgedWords.
	probeFrom = 0.30
	probeTo   = 0.42
	// cutMargin: a word whose box comes this near (pixels) to the
	// probe's top or bottom edge is taken for one the cut went through.
	cutMargin = 1
	// minPoorProbeWords and minPoorProbeShare: a probe with fewer words
	// than minJudgedWords but at least minPoorProbeWords, more than
	// minPoorProbeShare of them doubtful, judges the page poor. A band of
	// Polish or French read with English has up to about half its words
	// doubtful; one of Arabic or Chinese has four in five and more (and
	// English finds few words in Chinese lines). A page misjudged here
	// loses nothing but the time of OSD: readPoorLatin reads it.
	minPoorProbeWords = 5
	minPoorProbeShare = 0.6
	// probeMinLatin: the least share of doubtful words in the probe
	// that sends a page to the Latin model unread with English; between
	// English print's share and other Latin languages' (judgeLatin).
	probeMinLatin = 0.2
	// probeSlackInch: how far a cut may move from its place to find
	// blank rows between lines: more than a line of body text.
	probeSlackInch = 0.25
	// cutInkShare: a row with no more dark pixels than this share of its
	// width is blank between lines (scan noise leaves a few dark specks).
	cutInkShare = 1.0 / 200
	// minCutGapInch: the blank rows at a cut span at least this much
	// (about 4 pixels at 200 dpi), so that no line's accents or
	// descenders are cut off; single-spaced body text leaves more.
	minCutGapInch = 0.02
)

// probeResult is what the probe found: its band (nil when the page had
// none to cut), the whole words read in it (in the page's pixels), the
// verdict, and the scale to read the page at.
type probeResult struct {
	band    *image.Gray
	words   []pxWord
	verdict reading
	scale   float64
}

// probeLatin reads the probe band of the cleaned upright page g with
// English and judges it. It says readingGood, to read the whole page,
// when g has no band to cut (band nil) or the band holds too few words
// to judge.
func (j *job) probeLatin(ctx context.Context, tw *tessWorker, g *image.Gray, dpi int, stats map[string]float64) (probeResult, error) {
	y0, y1 := probeBand(g, dpi)
	if y1 <= y0 {
		return probeResult{verdict: readingGood, scale: 1}, nil
	}
	band := g.SubImage(image.Rect(g.Rect.Min.X, g.Rect.Min.Y+y0, g.Rect.Max.X, g.Rect.Min.Y+y1)).(*image.Gray)
	items, err := j.readBand(ctx, tw, band, dpi, []string{fastLatin})
	if err != nil {
		return probeResult{verdict: readingPoor, scale: 1}, err
	}
	for i := range items {
		items[i].box = items[i].box.Add(image.Pt(0, y0))
	}
	share, mean := doubt(items)
	stats["probe_words"] = float64(len(items))
	stats["probe_doubtful"] = share
	stats["probe_conf"] = mean
	res := probeResult{band: band, words: items, verdict: readingGood, scale: readScale(wordHeight(items))}
	stats["read_scale"] = res.scale
	if len(items) < minJudgedWords {
		if len(items) >= minPoorProbeWords && share > minPoorProbeShare {
			// Too few words to call the page English, but most of them
			// doubtful: another script (an English page misjudged here
			// only pays for OSD before its English reading).
			res.verdict, res.scale = readingPoor, 1
		}
		return res, nil
	}
	res.verdict = judgeLatin(items)
	if res.verdict == readingLatin && share < probeMinLatin {
		// A band's share of doubtful words varies more than a page's:
		// near the line, the page decides.
		res.verdict = readingGood
	}
	return res, nil
}

// readBand reads the probe band with langs (English for the probe), one
// column at a time (gutters), and keeps the whole words: boxes in the
// band's pixels from its corner. Tesseract reads a band as one block:
// where two columns' lines do not line up it took a row of each for one
// line, reading two rows of one column as one and mixing their words.
func (j *job) readBand(ctx context.Context, tw *tessWorker, band *image.Gray, dpi int, langs []string) ([]pxWord, error) {
	var items []pxWord
	for _, c := range gutters(band, band.Rect, dpi) {
		ws, err := j.tess.recognize(ctx, tw, band.SubImage(c).(*image.Gray), dpi, langs, 1)
		if err != nil {
			return nil, err
		}
		for _, w := range ws {
			w.box = w.box.Add(image.Pt(c.Min.X-band.Rect.Min.X, 0))
			// A word touching the band's top or bottom may be a line
			// the cut went through: half its letters, read with doubt.
			if w.box.Min.Y > cutMargin && w.box.Max.Y < band.Rect.Dy()-cutMargin {
				items = append(items, w)
			}
		}
	}
	return items, nil
}

// readAround reads the page g with English. A page of one column is read
// around its probe (readPainted). A page of columns (pageParts) is read
// one column at a time, whole: the probe's white band would cut its
// columns into bands too low to tell their gutters, and the probe, read
// across the columns, has only judged the page.
func (j *job) readAround(ctx context.Context, tw *tessWorker, g *image.Gray, dpi int, pr probeResult) ([]pxWord, error) {
	parts := pageParts(g, dpi)
	if pr.band == nil || len(pr.words) == 0 || len(parts) > 1 {
		return j.readParts(ctx, tw, g, parts, dpi, []string{fastLatin}, pr.scale)
	}
	return j.readPainted(ctx, tw, g, dpi, pr)
}

// readPainted reads g with English, all but the probe's words: those are
// painted out (their boxes, within the band's rows) and put back among the
// page's words where the band begins. The probe's lines are so read once:
// a band is cut at blank rows between lines, and its words were read as
// whole lines.
func (j *job) readPainted(ctx context.Context, tw *tessWorker, g *image.Gray, dpi int, pr probeResult) ([]pxWord, error) {
	rows := image.Rect(g.Rect.Min.X, pr.band.Rect.Min.Y-g.Rect.Min.Y, g.Rect.Max.X, pr.band.Rect.Max.Y-g.Rect.Min.Y)
	rest := crop(g, g.Rect)
	for _, w := range pr.words {
		fill(rest, w.box.Inset(-paintPad).Intersect(rows), 255)
	}
	items, err := j.tess.recognize(ctx, tw, rest, dpi, []string{fastLatin}, pr.scale)
	if err != nil {
		return nil, err
	}
	at := slices.IndexFunc(items, func(w pxWord) bool { return w.box.Min.Y >= rows.Min.Y })
	if at < 0 {
		at = len(items)
	}
	return slices.Insert(items, at, pr.words...), nil
}

// paintPad: a probe word is painted out with this margin (pixels) around
// its box, which Tesseract draws tight to the ink, so that no edge of a
// letter is left to be read as a mark.
const paintPad = 2

// probeBand is the rows [y0, y1) of the probe: cut at blank rows near
// where probeFrom and probeTo of the page's inked rows are passed, else
// at the rows with least ink there; y1 <= y0 on a blank page.
func probeBand(g *image.Gray, dpi int) (y0, y1 int) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if w < 64 || h < 64 {
		return 0, 0
	}
	ink := rowInk(g)
	maxInk := blankRowInk(w)
	inked := 0
	for _, n := range ink {
		if n > maxInk {
			inked++
		}
	}
	if inked == 0 {
		return 0, 0
	}
	minGap := max(2, int(float64(dpi)*minCutGapInch))
	slack := int(float64(dpi) * probeSlackInch)
	cut := func(share float64) int {
		at, seen := 0, 0
		for y, n := range ink {
			if n > maxInk {
				seen++
			}
			if float64(seen) >= share*float64(inked) {
				at = y
				break
			}
		}
		if y := blankRun(ink, at-slack, at+slack, maxInk, minGap); y > 0 {
			return y
		}
		// No blank rows near: columns whose lines do not line up, or a
		// picture beside the text. The cut goes through the row with the
		// least ink, and probeLatin leaves out the words it cuts.
		return leastInk(ink, at-slack, at+slack)
	}
	y0, y1 = cut(probeFrom), cut(probeTo)
	if y0 <= 0 || y1 <= 0 {
		return 0, 0
	}
	return y0, y1
}

// blankRun is the middle of the tallest run of at least minGap rows in
// [from, to] with no more than maxInk dark pixels; 0 when there is none.
func blankRun(ink []int, from, to, maxInk, minGap int) int {
	best, bestLen, run := 0, 0, 0
	to = min(to, len(ink)-1)
	for y := max(0, from); y <= to+1; y++ {
		if y <= to && ink[y] <= maxInk {
			run++
			continue
		}
		if run >= minGap && run > bestLen {
			best, bestLen = y-run+run/2, run
		}
		run = 0
	}
	return best
}

// leastInk is the row in [from, to] with the fewest dark pixels (the
// first of them); 0 when the range is empty.
func leastInk(ink []int, from, to int) int {
	best := 0
	for y := max(1, from); y <= min(to, len(ink)-1); y++ {
		if best == 0 || ink[y] < ink[best] {
			best = y
		}
	}
	return best
}

// blankRowInk is the most dark pixels a blank row of w pixels holds
// (cutInkShare of it: scan noise leaves a few specks between lines).
func blankRowInk(w int) int { return int(float64(w) * cutInkShare) }

// rowInk counts the dark pixels of each row of g.
func rowInk(g *image.Gray) []int {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	ink := make([]int, h)
	for y := range h {
		n := 0
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			if v < darkThreshold {
				n++
			}
		}
		ink[y] = n
	}
	return ink
}

// lookalikeScripts are the scripts whose letters can spell Latin print:
// the Cyrillic model reads a German form's 'Ruhrgas AG Essen' as
// 'Коһгдаѕ АС Езѕеп', each Latin letter as a Cyrillic one of its shape.
var lookalikeScripts = map[string]bool{"Cyrillic": true, "Greek": true}

// scriptAfterAll is the script OSD named for an upright page, or Latin
// where the page is Latin print all the same (latinAfterAll).
func (j *job) scriptAfterAll(ctx context.Context, tw *tessWorker, band *image.Gray, dpi int, words []pxWord, script string, stats map[string]float64) (string, error) {
	latin, err := j.latinAfterAll(ctx, tw, band, dpi, words, script, stats)
	if latin {
		stats["osd_script_overruled"] = 1
		return "Latin", err
	}
	return script, err
}

// latinAfterAll says whether a page whose probe band English read poorly
// (words), and that OSD names in a script whose letters look like Latin
// ones, is Latin print all the same: its band read with that script's
// models (readBand) is read with hardly more confidence than with English
// (lookalikeMargin).
// A scan's noise can make OSD name Cyrillic for a German form; English
// reads its band with a mean confidence near twice the Cyrillic model's.
func (j *job) latinAfterAll(ctx context.Context, tw *tessWorker, band *image.Gray, dpi int, words []pxWord, script string, stats map[string]float64) (bool, error) {
	if band == nil || tw == nil || !lookalikeScripts[script] || len(words) < minPoorProbeWords {
		return false, nil
	}
	langs, _ := j.tess.modelsFor(script, j.opt.Languages)
	items, err := j.readBand(ctx, tw, band, dpi, langs)
	if err != nil {
		return false, err
	}
	stats["probe_conf_"+strings.ToLower(script)] = meanConf(items)
	return !readsSurer(script, items, words), nil
}

// readsSurer says whether a script's model read words with more mean
// confidence than a Latin model read the same print (latin), by
// surerBy(script): what decides between them, for a page's probe band
// (latinAfterAll) and for a passage read again (rereadForeign).
func readsSurer(script string, words, latin []pxWord) bool {
	return meanConf(words) > meanConf(latin)+surerBy(script)
}

// surerBy is how much surer than a Latin model a script's model must
// read print to be trusted with it: lookalikeMargin for a script whose
// letters look like Latin ones, none for another.
func surerBy(script string) float64 {
	if lookalikeScripts[script] {
		return lookalikeMargin
	}
	return 0
}

// meanConf is the mean confidence of ws, 0 for none.
func meanConf(ws []pxWord) float64 {
	_, mean := doubt(ws)
	return mean
}

// lookalikeMargin is how much surer, in mean word confidence, a script's
// model must read a band than English for the band to be in that script
// rather than Latin print. The script models read Latin print with its
// letters' Cyrillic or Greek look-alikes about as surely as English
// reads it through a scan's noise (a German form's band: 0.465 against
// 0.457); print in the script, English reads as noise (a Russian page's
// band: 0.96 against 0.50).
const lookalikeMargin = 0.1
