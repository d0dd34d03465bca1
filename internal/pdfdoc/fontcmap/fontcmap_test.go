package fontcmap

import (
	"encoding/binary"
	"errors"
	"slices"
	"testing"

	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

func TestRunes(t *testing.T) {
	t.Parallel()
	symbol := pdftest.Sub(3, 0, pdftest.Format4(pdftest.Segment4{Lo: 0xF041, Hi: 0xF043, Delta: pdftest.DeltaTo(1, 0xF041)}))
	tests := []struct {
		name string
		font []byte
		want map[int]rune // glyph → rune; every other glyph 0
	}{
		{
			"format 4 by delta and by array",
			pdftest.SFNT(map[string][]byte{"maxp": pdftest.Maxp(10), "cmap": pdftest.Cmap(pdftest.Sub(3, 1, pdftest.Format4(
				pdftest.Segment4{Lo: 'A', Hi: 'C', Delta: pdftest.DeltaTo(1, 'A')},
				pdftest.Segment4{Lo: 0x3042, Hi: 0x3044, Glyphs: []uint16{7, 0, 9}},
			)))}),
			map[int]rune{1: 'A', 2: 'B', 3: 'C', 7: 'あ', 9: 'い'},
		},
		{
			"format 12 beyond the BMP, preferred to the BMP table",
			pdftest.SFNT(map[string][]byte{"maxp": pdftest.Maxp(6), "cmap": pdftest.Cmap(
				pdftest.Sub(3, 1, pdftest.Format4(pdftest.Segment4{Lo: 'x', Hi: 'x', Delta: pdftest.DeltaTo(5, 'x')})),
				pdftest.Sub(3, 10, pdftest.Format12([3]uint32{'a', 'b', 1}, [3]uint32{0x20000, 0x20000, 5})),
			)}),
			map[int]rune{1: 'a', 2: 'b', 5: 0x20000},
		},
		{
			"a format it does not read is passed over for the next",
			pdftest.SFNT(map[string][]byte{"maxp": pdftest.Maxp(5), "cmap": pdftest.Cmap(
				pdftest.Sub(0, 5, []byte{0, 14, 0, 0, 0, 10, 0, 0, 0, 0}), // variation sequences, none
				pdftest.Sub(3, 1, pdftest.Format4(pdftest.Segment4{Lo: 'E', Hi: 'E', Delta: pdftest.DeltaTo(4, 'E')})))}),
			map[int]rune{4: 'E'},
		},
		{
			"a symbol subtable is not Unicode",
			pdftest.SFNT(map[string][]byte{"maxp": pdftest.Maxp(5), "cmap": pdftest.Cmap(symbol,
				pdftest.Sub(3, 1, pdftest.Format4(pdftest.Segment4{Lo: 'D', Hi: 'D', Delta: pdftest.DeltaTo(4, 'D')})))}),
			map[int]rune{4: 'D'},
		},
		{
			"one glyph, several code points: the lowest outside private use",
			pdftest.SFNT(map[string][]byte{"maxp": pdftest.Maxp(3), "cmap": pdftest.Cmap(pdftest.Sub(0, 3, pdftest.Format4(
				pdftest.Segment4{Lo: 0x20, Hi: 0x20, Delta: pdftest.DeltaTo(2, 0x20)},
				pdftest.Segment4{Lo: 0xA0, Hi: 0xA0, Delta: pdftest.DeltaTo(2, 0xA0)},
				pdftest.Segment4{Lo: 0xE000, Hi: 0xE001, Delta: pdftest.DeltaTo(1, 0xE000)},
			)))}),
			map[int]rune{1: 0xE000, 2: ' '},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := Runes(tc.font)
			if err != nil {
				t.Fatal(err)
			}
			for g, r := range got {
				if r != tc.want[g] {
					t.Errorf("glyph %d: %U, want %U", g, r, tc.want[g])
				}
			}
		})
	}
}

func TestRunesRefuses(t *testing.T) {
	t.Parallel()
	symbolOnly := pdftest.SFNT(map[string][]byte{"maxp": pdftest.Maxp(4), "cmap": pdftest.Cmap(pdftest.Sub(3, 0, pdftest.Format4(pdftest.Segment4{Lo: 0xF041, Hi: 0xF041, Delta: 1})))})
	noCmap := pdftest.SFNT(map[string][]byte{"maxp": pdftest.Maxp(4)})
	for name, tc := range map[string]struct {
		b    []byte
		want error
	}{
		"not a font":       {[]byte("%PDF-1.7 this is not a font"), ErrNotSFNT},
		"empty":            {nil, ErrNotSFNT},
		"no cmap":          {noCmap, ErrNoUnicode},
		"symbol cmap only": {symbolOnly, ErrNoUnicode},
	} {
		if _, err := Runes(tc.b); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", name, err, tc.want)
		}
	}
}

// A table record that points past the end is left out; the others stand.
func TestRunesTablePastTheEnd(t *testing.T) {
	t.Parallel()
	b := pdftest.SFNT(map[string][]byte{"cmap": pdftest.Cmap(pdftest.Sub(3, 1, pdftest.Format4(pdftest.Segment4{Lo: 'A', Hi: 'A', Delta: pdftest.DeltaTo(1, 'A')}))), "maxp": pdftest.Maxp(3)})
	// Point maxp (the second record, sorted) far past the end.
	binary.BigEndian.PutUint32(b[headerSize+tableRecordSize+8:], 1<<30)
	got, err := Runes(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != maxGlyphs || got[1] != 'A' {
		t.Errorf("%d glyphs, glyph 1 %U; want %d and A", len(got), got[1], maxGlyphs)
	}
}

func FuzzRunes(f *testing.F) {
	f.Add(pdftest.SFNT(map[string][]byte{"maxp": pdftest.Maxp(10), "cmap": pdftest.Cmap(pdftest.Sub(3, 1, pdftest.Format4(
		pdftest.Segment4{Lo: 'A', Hi: 'C', Delta: 1}, pdftest.Segment4{Lo: 0x3042, Hi: 0x3044, Glyphs: []uint16{7, 0, 9}})))}))
	f.Add(pdftest.SFNT(map[string][]byte{"cmap": pdftest.Cmap(pdftest.Sub(3, 10, pdftest.Format12([3]uint32{'a', 'z', 1})))}))
	f.Add([]byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x00\x10"))
	f.Fuzz(func(t *testing.T, b []byte) {
		runes, err := Runes(b)
		if err != nil {
			return
		}
		if len(runes) == 0 || len(runes) > maxGlyphs {
			t.Fatalf("%d glyphs", len(runes))
		}
		if slices.ContainsFunc(runes, func(r rune) bool { return r < 0 || r >= maxCodes }) {
			t.Fatal("a code point out of range")
		}
	})
}
