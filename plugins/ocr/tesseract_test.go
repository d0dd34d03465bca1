package ocr

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/otiai10/gosseract/v2"
)

// fakeTessdata makes a data directory holding empty files of the names
// given ("script/Latin" under script/), for the functions that only look
// at what is installed.
func fakeTessdata(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		p := filepath.Join(dir, n+".traineddata")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestModelsFor(t *testing.T) {
	t.Parallel()
	full := []string{"osd", "eng", "ara", "heb", "pol", "Latin", "Arabic", "Hebrew", "script/Cyrillic"}
	tests := []struct {
		name      string
		installed []string
		script    string
		named     []string
		want      []string
		missing   string
	}{
		{"latin page reads with the script model", full, "Latin", nil, []string{"Latin"}, ""},
		{"unsure OSD reads as Latin", full, "", nil, []string{"Latin"}, ""},
		{"script model under script/", full, "Cyrillic", nil, []string{"Cyrillic"}, ""},
		{"named languages lead, the script model follows", full, "Latin", []string{"pol"}, []string{"pol", "Latin"}, ""},
		{"named language of another script", full, "Arabic", []string{"pol"}, []string{"pol", "Arabic"}, ""},
		{"Arabic alone: English takes noisy Arabic words for Latin ones", full, "Arabic", nil, []string{"Arabic"}, ""},
		{"Hebrew reads better with its language pack, and English", full, "Hebrew", nil, []string{"heb", "eng"}, ""},
		{"language pack when the script model is missing", []string{"osd", "eng", "ara"}, "Arabic", nil, []string{"ara"}, ""},
		{"script model when the language pack is missing", []string{"osd", "eng", "Hebrew"}, "Hebrew", nil, []string{"Hebrew", "eng"}, ""},
		{"nothing for the script: English and the package to install", []string{"osd", "eng"}, "Hebrew", nil, []string{"eng"}, "tesseract-ocr-script-hebr"},
		{"unsure OSD without Latin is English, nothing missing", []string{"osd", "eng"}, "", nil, []string{"eng"}, ""},
		{"a script this engine has no table entry for", []string{"osd", "eng"}, "Ethiopic", nil, []string{"eng"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tr := &tesseract{available: map[string]bool{}, dataName: findData(fakeTessdata(t, tc.installed...))}
			for n := range tr.dataName {
				tr.available[n] = true
			}
			got, missing := tr.modelsFor(tc.script, tc.named)
			if !slices.Equal(got, tc.want) || missing != tc.missing {
				t.Errorf("modelsFor(%q, %q) = %q, %q; want %q, %q", tc.script, tc.named, got, missing, tc.want, tc.missing)
			}
		})
	}
}

func TestInstalledData(t *testing.T) {
	t.Parallel()
	data := findData(fakeTessdata(t, "osd", "eng", "pol", "Latin", "script/Hebrew"))
	if data["Hebrew"] != "script/Hebrew" || data["Latin"] != "Latin" {
		t.Errorf("findData = %v; want Hebrew loaded as script/Hebrew, Latin as Latin", data)
	}
	scripts, langs := installedData(data)
	if !slices.Equal(scripts, []string{"Hebrew", "Latin"}) || !slices.Equal(langs, []string{"eng", "pol"}) {
		t.Errorf("installedData = %q, %q", scripts, langs)
	}
	if got := packageOf("Hebrew"); got != "tesseract-ocr-script-hebr" {
		t.Errorf("packageOf(Hebrew) = %q", got)
	}
	if got := packageOf("chi_sim"); got != "tesseract-ocr-chi-sim" {
		t.Errorf("packageOf(chi_sim) = %q", got)
	}
}

func TestJudgeLatin(t *testing.T) {
	t.Parallel()
	// words makes n words: doubtful of them read under lowWordConf,
	// sure of them at sureWordConf or above, the rest in between.
	words := func(n, doubtful, sure int) []pxWord {
		ws := make([]pxWord, n)
		for i := range ws {
			switch {
			case i < doubtful:
				ws[i].conf = 0.5
			case i < doubtful+sure:
				ws[i].conf = 0.97
			default:
				ws[i].conf = 0.9
			}
		}
		return ws
	}
	tests := []struct {
		name string
		ws   []pxWord
		want reading
	}{
		{"English print: kept", words(400, 8, 240), readingGood},
		{"noisy English: kept", words(400, 34, 130), readingGood},
		{"Polish read with English, many doubtful: Latin again", words(100, 17, 8), readingLatin},
		// Polish or Czech print that English reads with few doubts, but
		// hardly a word of it with certainty (the script pages of
		// testdata/scripts/b: 4-12% doubtful, 3-11% sure).
		{"Polish read with English, few doubtful: Latin again", words(90, 4, 7), readingLatin},
		{"a turned page: OSD", words(200, 150, 20), readingPoor},
		{"too few words to judge: OSD", words(10, 0, 10), readingPoor},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := judgeLatin(tc.ws); got != tc.want {
				t.Errorf("judgeLatin = %v; want %v", got, tc.want)
			}
		})
	}
}

func TestPageDPI(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		w, h, dpi, want float64
	}{
		{595, 842, 200, 200},  // A4
		{842, 1191, 200, 200}, // A3
		{2384, 3370, 200, 87}, // A0: 12 million pixels at most
		{14400, 14400, 200, 17},
		{72000, 72000, 200, minPageDPI},
	} {
		if got := pageDPI(tc.dpi, tc.w, tc.h); got != tc.want {
			t.Errorf("pageDPI(%v, %v×%v) = %v, want %v", tc.dpi, tc.w, tc.h, got, tc.want)
		}
	}
}

func TestOneLatinWord(t *testing.T) {
	t.Parallel()
	box := func(word string, conf float64) gosseract.BoundingBox {
		return gosseract.BoundingBox{Word: word, Confidence: conf}
	}
	tests := []struct {
		name  string
		boxes []gosseract.BoundingBox
		want  string
		conf  float64
		ok    bool
	}{
		{"a Latin word", []gosseract.BoundingBox{box("Digital", 96.8)}, "Digital", 0.968, true},
		{"with its punctuation", []gosseract.BoundingBox{box("Guide.", 91)}, "Guide.", 0.91, true},
		{"two words are no word", []gosseract.BoundingBox{box("Old", 95), box("Books", 93)}, "", 0, false},
		{"a letter of another script", []gosseract.BoundingBox{box("aب", 90)}, "", 0, false},
		{"one letter says too little", []gosseract.BoundingBox{box("e.", 90)}, "", 0, false},
		{"digits alone are not Latin", []gosseract.BoundingBox{box("2024", 95)}, "", 0, false},
		{"nothing read", []gosseract.BoundingBox{box(" ", 0)}, "", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, conf, ok := oneLatinWord(tc.boxes)
			if got != tc.want || ok != tc.ok || math.Abs(conf-tc.conf) > 1e-9 {
				t.Errorf("oneLatinWord = %q, %.3f, %v; want %q, %.3f, %v", got, conf, ok, tc.want, tc.conf, tc.ok)
			}
		})
	}
}

// TestWorkerLentLastReleasedFirst: a call that reads one page at a time
// keeps to one worker, the one whose models are loaded, however many
// workers the pool has.
func TestWorkerLentLastReleasedFirst(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	tess := e.tess
	if len(tess.all) < 2 {
		t.Skipf("one Tesseract worker (GOMAXPROCS %d)", len(tess.all))
	}
	ctx := t.Context()
	first, err := tess.acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tess.release(first)
	for range 3 {
		w, err := tess.acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		tess.release(w)
		if w != first {
			t.Fatal("a page read alone went to another worker than the last one")
		}
	}
	// Two at once take two workers; the one released last is lent next.
	a, _ := tess.acquire(ctx)
	b, _ := tess.acquire(ctx)
	if a == b {
		t.Fatal("one worker lent twice")
	}
	tess.release(a)
	tess.release(b)
	if w, _ := tess.acquire(ctx); w != b {
		t.Error("the worker released last was not lent first")
	} else {
		tess.release(w)
	}
}
