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
