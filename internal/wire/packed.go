package wire

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire/enginev1"
)

// Words says how a page's words travel: as one Word message each, which
// every host reads, or packed into columns (enginev1.PackedWords), which
// a host reads when its request says so (ExtractRequest.packed_words).
//
// A text-layer page holds about a thousand words. As messages, each costs
// a Word, a BBox and two strings to build, encode, decode and convert on
// either side; packed, a page costs a handful of slices.
type Words int

const (
	// WordMessages sends each word as a Word message.
	WordMessages Words = iota
	// PackedWords sends a page's words as enginev1.PackedWords.
	PackedWords
)

// packer builds a page's PackedWords as its lines are converted.
type packer struct {
	m     *enginev1.PackedWords
	text  strings.Builder
	fonts map[string]uint32
	conf  bool // some word has a confidence
	// last is the font name looked up last, at index lastAt: a line's
	// words are mostly in one font.
	last   string
	lastAt uint32
	named  bool // last is set
}

// newPacker makes room for n words of text bytes.
func newPacker(n, text int) *packer {
	pk := &packer{
		m: &enginev1.PackedWords{
			Ends:       make([]uint32, 0, n),
			Boxes:      make([]float64, 0, 4*n),
			Font:       make([]uint32, 0, n),
			Size:       make([]float64, 0, n),
			Flags:      make([]uint32, 0, n),
			Confidence: make([]float64, 0, n),
		},
		fonts: map[string]uint32{},
	}
	pk.text.Grow(text)
	return pk
}

// wordCount is the number of words in the page's lines, and the bytes of
// their text.
func wordCount(p *core.Page) (n, text int) {
	for k := range p.Blocks {
		for _, l := range p.Blocks[k].Lines {
			n += len(l.Words)
			for i := range l.Words {
				text += len(l.Words[i].Text)
			}
		}
	}
	return n, text
}

// add packs a line's words.
func (pk *packer) add(words []core.Word) {
	for i := range words {
		w := &words[i]
		pk.text.WriteString(w.Text)
		pk.m.Ends = append(pk.m.Ends, uint32(pk.text.Len()))
		pk.m.Boxes = append(pk.m.Boxes, w.BBox.X0, w.BBox.Y0, w.BBox.X1, w.BBox.Y1)
		pk.m.Font = append(pk.m.Font, pk.font(w.Font))
		pk.m.Size = append(pk.m.Size, w.Size)
		pk.m.Flags = append(pk.m.Flags, uint32(w.Flags))
		pk.m.Confidence = append(pk.m.Confidence, w.Confidence)
		pk.conf = pk.conf || w.Confidence != 0
	}
}

// font is name's index in the page's font names, added on first use.
func (pk *packer) font(name string) uint32 {
	if pk.named && name == pk.last {
		return pk.lastAt
	}
	i, ok := pk.fonts[name]
	if !ok {
		i = uint32(len(pk.m.FontNames))
		pk.fonts[name] = i
		pk.m.FontNames = append(pk.m.FontNames, validUTF8(name))
	}
	pk.last, pk.lastAt, pk.named = name, i, true
	return i
}

// done is the packed words; nil when there are none.
func (pk *packer) done() *enginev1.PackedWords {
	if len(pk.m.Ends) == 0 {
		return nil
	}
	pk.m.Text = pk.text.String()
	if !utf8.ValidString(pk.m.Text) {
		pk.mend()
	}
	if !pk.conf {
		pk.m.Confidence = nil
	}
	return pk.m
}

// mend replaces the bytes of each word's text that are not UTF-8 with
// U+FFFD, as validUTF8 does for a Word message, and moves the ends to
// match: protobuf refuses to marshal such a string.
func (pk *packer) mend() {
	var sb strings.Builder
	start := 0
	for i, end := range pk.m.Ends {
		sb.WriteString(validUTF8(pk.m.Text[start:end]))
		start = int(end)
		pk.m.Ends[i] = uint32(sb.Len())
	}
	pk.m.Text = sb.String()
}

// unpacker hands a page's packed words, sent by an untrusted peer, to its
// lines in order. All the words are converted at once, into one array
// that the lines share.
type unpacker struct {
	words []core.Word
	next  int
}

// newUnpacker converts m's words. A column shorter than the words gives
// zero values, and an end out of order gives an empty text: the page
// keeps its count of words whatever the peer sent.
func newUnpacker(m *enginev1.PackedWords) *unpacker {
	text, ends := m.GetText(), m.GetEnds()
	valid := utf8.ValidString(text) // protobuf checks it as it decodes
	names := m.GetFontNames()
	words := make([]core.Word, len(ends))
	start := 0
	for i, e := range ends {
		end := min(max(int(e), start), len(text))
		var w core.Word
		w.Text = text[start:end]
		if !valid || !runeStart(text, start) || !runeStart(text, end) {
			w.Text = validUTF8(w.Text)
		}
		start = end
		if b := m.GetBoxes(); len(b) >= 4*i+4 {
			w.BBox = finiteBox(b[4*i], b[4*i+1], b[4*i+2], b[4*i+3])
		}
		if f := m.GetFont(); i < len(f) && int(f[i]) < len(names) {
			w.Font = names[f[i]]
		}
		if s := m.GetSize(); i < len(s) {
			w.Size = s[i]
		}
		if f := m.GetFlags(); i < len(f) {
			w.Flags = core.WordFlags(f[i])
		}
		if c := m.GetConfidence(); i < len(c) {
			w.Confidence = c[i]
		}
		words[i] = peerWord(w)
	}
	return &unpacker{words: words}
}

// runeStart reports whether a cut of UTF-8 text s at i cuts no character.
func runeStart(s string, i int) bool {
	return i >= len(s) || utf8.RuneStart(s[i])
}

// take is the next n words, fewer when fewer are left. The slice's
// capacity ends with it, so that appending to a line's words copies them
// rather than overwrite the next line's.
func (u *unpacker) take(n uint32) []core.Word {
	if u == nil || n == 0 {
		return nil
	}
	k := min(int(min(n, math.MaxInt32)), len(u.words)-u.next)
	s := u.words[u.next : u.next+k : u.next+k]
	u.next += k
	return s
}
