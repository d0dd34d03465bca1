package cjkcmap

import (
	"bytes"
	"compress/zlib"
	"io"
	"testing"
)

func TestLookup(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cmap string
		code uint32
		cid  uint32
		ok   bool
	}{
		{"UniGB-UCS2-H", 0x4E00, 4162, true},
		{"UniKS-UCS2-H", 0xAC00, 1086, true},
		{"UniKS-UCS2-H", 0xAC01, 1087, true},
		{"KSC-EUC-H", 0xB0A1, 1086, true},
		{"90ms-RKSJ-H", 0x41, 231 + 0x41 - 0x20, true},
		{"90ms-RKSJ-H", 0x8140, 633, true},
		{"90ms-RKSJ-V", 0x8141, 7887, true}, // the -V override
		{"90ms-RKSJ-V", 0x8140, 633, true},  // from the -H parent
		{"90ms-RKSJ-V", 0x41, 264, true},
		{"90ms-RKSJ-H", 0x05, 0, false},
		{"GBK-EUC-H", 0x20, 7716, true},
	}
	for _, tt := range tests {
		cm := Lookup(tt.cmap)
		if cm == nil {
			t.Fatalf("%s: not found", tt.cmap)
		}
		cid, ok := cm.CID(tt.code)
		if ok != tt.ok || cid != tt.cid {
			t.Errorf("%s %#x: cid %d %v, want %d %v", tt.cmap, tt.code, cid, ok, tt.cid, tt.ok)
		}
	}
	if cm := Lookup("90ms-RKSJ-V"); cm == nil || !cm.Vertical || len(cm.Space) != 4 {
		t.Errorf("90ms-RKSJ-V: %+v", cm)
	}
	if Lookup("Identity-H") != nil || Lookup("nope") != nil {
		t.Error("unknown CMaps must be nil")
	}
}

func TestAllTablesDecode(t *testing.T) {
	t.Parallel()
	for name := range cmapCollection {
		cm := Lookup(name)
		if cm == nil || len(cm.Space) == 0 || len(cm.Ranges) == 0 {
			t.Errorf("%s: %v", name, cm)
			continue
		}
		for i := 1; i < len(cm.Ranges); i++ {
			if cm.Ranges[i].Lo <= cm.Ranges[i-1].Hi {
				t.Errorf("%s: ranges overlap at %d", name, i)
				break
			}
		}
	}
	for _, name := range []string{"UniGB-UCS2-H", "UniGB-UCS2-V", "UniGB-UTF16-H", "UniGB-UTF16-V", "UniCNS-UCS2-H", "UniCNS-UTF16-H",
		"UniJIS-UCS2-H", "UniJIS-UTF16-H", "UniKS-UCS2-H", "UniKS-UTF16-H", "GBK-EUC-H", "GB-EUC-H", "GBpc-EUC-H", "B5pc-H",
		"ETen-B5-H", "90ms-RKSJ-H", "90msp-RKSJ-H", "EUC-H", "KSC-EUC-H", "KSCms-UHC-H", "90ms-RKSJ-V", "KSCms-UHC-V", "ETen-B5-V"} {
		if !Has(name) {
			t.Errorf("missing %s", name)
		}
	}
}

func TestToUnicode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		c   Collection
		cid uint32
		r   rune
		ok  bool
	}{
		{Korea1, 1086, 0xAC00, true},
		{GB1, 4162, 0x4E00, true},
		{Japan1, 34, 'A', true},
		{Japan1, 0, 0, false},
		{CNS1, 1 << 30, 0, false},
	}
	for _, tt := range tests {
		r, ok := ToUnicode(tt.c, tt.cid)
		if r != tt.r || ok != tt.ok {
			t.Errorf("%v %d: %U %v, want %U %v", tt.c, tt.cid, r, ok, tt.r, tt.ok)
		}
	}
	if c, ok := CollectionOf("Adobe", "Korea1"); !ok || c != Korea1 {
		t.Error("CollectionOf Korea1")
	}
	if _, ok := CollectionOf("Adobe", "Identity"); ok {
		t.Error("Identity is no collection")
	}
}

func TestOverlay(t *testing.T) {
	t.Parallel()
	base := []Range{{0, 9, 100}, {20, 29, 200}}
	top := []Range{{2, 3, 1}, {8, 21, 2}}
	got := Overlay(base, top)
	want := []Range{{0, 1, 100}, {2, 3, 1}, {4, 7, 104}, {8, 21, 2}, {22, 29, 202}}
	if len(got) != len(want) {
		t.Fatalf("got %v want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v want %v", got, want)
		}
	}
}

// FuzzDecode feeds the table decoder damaged tables: it must fail cleanly.
func FuzzDecode(f *testing.F) {
	z, _ := files.ReadFile("korea1.bin.z")
	zr, _ := zlib.NewReader(bytes.NewReader(z))
	b, _ := io.ReadAll(zr)
	f.Add(b[:4096])
	f.Add([]byte("CJKC1\x01\x03abc\x01\x00\x01\x02\x00\x00\xff\xff\x01\x00\x00\x05\x01"))
	f.Fuzz(func(t *testing.T, b []byte) {
		tb, err := decode(Korea1, b)
		if err != nil {
			return
		}
		for name := range tb.raws {
			if cm := tb.cmap(name); cm != nil {
				cm.CID(0x8141)
			}
		}
	})
}

// A lookup resolves the CMap it asks for, not the whole collection: a
// document uses one or two of a collection's dozens of CMaps.
func TestLookupResolvesOne(t *testing.T) {
	t.Parallel()
	tb, err := load(Japan1)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.raws) < 10 {
		t.Fatalf("Japan1 holds %d CMaps", len(tb.raws))
	}
	cm := tb.cmap("UniJIS-UCS2-V")
	if cm == nil || !cm.Vertical || len(cm.Ranges) == 0 {
		t.Fatalf("UniJIS-UCS2-V: %v", cm)
	}
	if len(tb.resolved) != 1 {
		t.Errorf("one lookup resolved %d CMaps", len(tb.resolved))
	}
	if again := tb.cmap("UniJIS-UCS2-V"); again != cm {
		t.Error("a second lookup resolved the CMap again")
	}
}
