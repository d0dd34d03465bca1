package quality

import "testing"

func TestDetectScript(t *testing.T) {
	t.Parallel()
	tests := map[string]Script{
		"The quick brown fox": ScriptLatin,
		"Zwierząt żółć":       ScriptLatin,
		"本文档测试文本提取":           ScriptHan,
		"これは日本語の文章です":         ScriptJapanese,
		"한국어 문장입니다":           ScriptHangul,
		"هذا نص عربي":         ScriptArabic,
		"זהו טקסט בעברית":     ScriptHebrew,
		"Это русский текст":   ScriptCyrillic,
		"1234 5678":           ScriptNone,
	}
	for text, want := range tests {
		if got := DetectScript(text); got != want {
			t.Errorf("DetectScript(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestHanCommonShare(t *testing.T) {
	t.Parallel()
	if s, n := HanCommonShare("我们的国家在发展经济和文化"); n == 0 || s < 0.95 {
		t.Errorf("everyday Chinese: share %.2f of %d", s, n)
	}
	if s, _ := HanCommonShare("這是一個繁體中文的句子"); s < 0.95 {
		t.Errorf("everyday traditional Chinese: share %.2f", s)
	}
	// UTF-8 bytes of an English/Chinese text read as GBK: the classic mojibake.
	if s, n := HanCommonShare("鏂囨。娴嬭瘯锛岃繖鏄竴娈典腑鏂囨枃鏈"); n == 0 || s > 0.6 {
		t.Errorf("mojibake: share %.2f of %d", s, n)
	}
}

// TestCommonHanBlocks: each block decodes to as many Han characters as
// its standard counts (GB2312 level 1: 3,755; Big5's frequent block:
// 5,401; JIS X 0208 level 1: 2,965), and characters of Big5's frequent
// block that x/text's encoder writes with their Hong Kong duplicate codes
// (婷 is 0xB14E, and also 0xFBB8) are in the set.
func TestCommonHanBlocks(t *testing.T) {
	t.Parallel()
	want := []int{3755, 5401, 2965}
	for i, blk := range commonHanBlocks {
		text, err := blk.enc.NewDecoder().Bytes(blk.codes())
		if err != nil {
			t.Fatal(err)
		}
		han := map[rune]bool{}
		for _, r := range string(text) {
			if r >= 0x4E00 && r <= 0x9FFF {
				han[r] = true
			}
		}
		if len(han) != want[i] {
			t.Errorf("block %d: %d Han characters, want %d", i, len(han), want[i])
		}
	}
	set := commonHan()
	for _, r := range "婷瑜撐倩杞的國語" {
		if !set[r] {
			t.Errorf("%c is not in the set", r)
		}
	}
	for _, r := range "鏂娴锛岃嬭" { // GBK's second level: mojibake, not everyday text
		if set[r] {
			t.Errorf("%c is in the set", r)
		}
	}
}
