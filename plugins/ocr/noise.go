package ocr

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
)

// A picture with no print in it still yields words: a photograph, graph
// paper, a chevron, the back of a leaf showing through read the wrong
// way round. The recogniser takes their shapes for letters ('ikon Sat oe
// So" tee, aa SC' for an aerial photograph, a quotation of dots for
// graph paper), and is sure of almost none of them. Print, even a poor
// scan's, is read the other way: most of its characters lie in words the
// recogniser is sure of.
//
// minSureShare is the share of a reading's characters that must lie in
// words read surely (sureWord: lowWordConf or more, two letters or digits
// or one CJK character) for the reading to be print. Pages read whole:
// the corpus's scans have 94% or more; the poorest real scans seen (a
// 1967 German pipeline form, half of it handwritten, among PyMuPDF's,
// pypdf's, py-pdf's and unstructured's test files) 23% or more; photographs
// and pages read upside down 0 to 7%. A picture's blocks on born-digital
// pages: a chart's, a map's, a screenshot's labels 80% and more, the
// fragments read from their drawing under 10%.
const minSureShare = 0.1

// statNoiseWords counts the words of the readings left out as noise.
const statNoiseWords = "noise_words"

// minJudgedBlock is the fewest words of a picture's block judged alone:
// fewer (a label read with doubt) are judged with the rest of the
// reading.
const minJudgedBlock = 5

// dropNoise removes from blocks, one reading, what reads no print: some
// of whose words have a measured confidence (a word of none counts as
// doubtful) and fewer than minSureShare of whose characters lie in sure
// words. A picture's reading (byBlock) is judged block by block, each
// block of minJudgedBlock words or more alone and the rest together: a
// figure holds print (a label, a speech bubble) beside shapes read as
// letters, and what is noise keeps only its lines that hold a sure word
// (a chart's '50' and '40' among fragments of its curves). A page's
// reading is judged whole, and dropped whole: a scanned form's
// handwritten entries, read with doubt ('Abjang T-Stuck WW 150'), are
// still the page's where the rest of it is print, and a photograph's
// page keeps no fragment. It returns the blocks kept and a tally of the
// words removed.
func dropNoise(blocks []pxBlock, byBlock bool) ([]pxBlock, sureTally) {
	var kept []pxBlock
	var rest, gone sureTally
	for _, b := range blocks {
		t := blockTally(b)
		if byBlock && t.words >= minJudgedBlock && t.noise() {
			var left sureTally
			b, left = sureLines(b)
			gone.merge(t.less(left))
			t = left
			if len(b.lines) == 0 {
				continue
			}
		}
		kept = append(kept, b)
		rest.merge(t)
	}
	if !rest.noise() {
		return kept, gone
	}
	if !byBlock {
		gone.merge(rest)
		return nil, gone
	}
	sure := kept[:0]
	for _, b := range kept {
		t := blockTally(b)
		b, left := sureLines(b)
		gone.merge(t.less(left))
		if len(b.lines) > 0 {
			sure = append(sure, b)
		}
	}
	return sure, gone
}

// sureLines is the block b with only its lines that hold a sure word
// (a table's cells are dropped), and their tally.
func sureLines(b pxBlock) (pxBlock, sureTally) {
	var lines [][]pxWord
	var t sureTally
	for _, ln := range b.lines {
		if slices.ContainsFunc(ln, sureWord) {
			lines = append(lines, ln)
			t.add(ln)
		}
	}
	b.lines, b.table = lines, nil
	return b, t
}

// blockTally counts the words of b, in its lines and its table's cells.
func blockTally(b pxBlock) sureTally {
	var t sureTally
	for _, ln := range b.lines {
		t.add(ln)
	}
	if b.table != nil {
		for _, c := range b.table.cells {
			t.add(c.words)
		}
	}
	return t
}

// sureTally counts a reading's words and characters, and the characters
// of its sure words.
type sureTally struct {
	words, chars, sure int
	measured           bool
}

// noise reports whether the words counted read no print: some have a
// measured confidence, and fewer than minSureShare of their characters
// lie in sure words.
func (t sureTally) noise() bool {
	return t.measured && t.chars > 0 && t.share() < minSureShare
}

// share is the share of the characters counted that lie in sure words.
func (t sureTally) share() float64 {
	if t.chars == 0 {
		return 0
	}
	return float64(t.sure) / float64(t.chars)
}

// less is t without the counts of o, a part of it.
func (t sureTally) less(o sureTally) sureTally {
	return sureTally{words: t.words - o.words, chars: t.chars - o.chars, sure: t.sure - o.sure, measured: t.measured}
}

// merge adds the counts of o.
func (t *sureTally) merge(o sureTally) {
	t.words += o.words
	t.chars += o.chars
	t.sure += o.sure
	t.measured = t.measured || o.measured
}

func (t *sureTally) add(ws []pxWord) {
	for _, w := range ws {
		t.measured = t.measured || w.conf > 0
		n := utf8.RuneCountInString(w.text)
		t.words++
		t.chars += n
		if sureWord(w) {
			t.sure += n
		}
	}
}

// sureWord reports whether w was read surely and is evidence of print.
func sureWord(w pxWord) bool { return w.conf >= lowWordConf && wordOfPrint(w.text) }

// wordOfPrint reports whether a word read surely is evidence of print:
// two letters or digits, or one of a script written without spaces, whose
// characters are words (Han, kana: textclean.Unspaced; Hangul is spaced,
// its words of two syllables or more). A lone letter or digit, or a
// mark, is what the recogniser makes of a speck or a line of a drawing,
// surely or not.
func wordOfPrint(s string) bool {
	n := lettersDigits(s)
	return n >= minSureSigns || n == 1 && strings.IndexFunc(s, textclean.Unspaced) >= 0
}

// minSureSigns is the fewest letters or digits of a word of print in a
// spaced script.
const minSureSigns = 2

// noteNoise records in stats the words of a reading of what (the page,
// a picture) that dropNoise left out, with the ledger's sentence.
func noteNoise(stats map[string]float64, what string, gone sureTally) {
	if gone.words == 0 {
		return
	}
	stats[statNoiseWords] += float64(gone.words)
	note := fmt.Sprintf("OCR left out %d words it read in %s, only %.0f%% of their characters in words it was sure of: no print (a picture without text, or print it could not read)", gone.words, what, 100*gone.share())
	stats[core.NoteStatPrefix+note] = 1
}
