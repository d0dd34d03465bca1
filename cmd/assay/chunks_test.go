package main

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/internal/corpustest"
	"github.com/assay-pdf/assay/output"
)

// The golden files hold the ids with the file's hash masked, so that
// rebuilding the PDFs (make testdata) does not change them; the hash is
// checked against the file's here.
func TestChunksGolden(t *testing.T) {
	for _, name := range []string{"simple", "longtable"} {
		t.Run(name, func(t *testing.T) {
			pdf := filepath.Join("testdata", name+".pdf")
			out, stderr, code := cli(t, "extract", "--format", "chunks", pdf)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			b, err := os.ReadFile(filepath.Join("..", "..", pdf))
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(b)
			id := fmt.Sprintf(`"id":"%s-%x-`, name, sum[:4])
			if n := strings.Count(out, id); n != strings.Count(out, "\n") {
				t.Fatalf("%d of the ids start with %s:\n%s", n, id, out)
			}
			golden(t, name+".chunks.jsonl", []byte(strings.ReplaceAll(out, id, fmt.Sprintf(`"id":"%s-HASH-`, name))))
		})
	}
}

// chunkBounds are the --chunk-tokens and --chunk-overlap each document is
// chunked with: the defaults, and a small bound that cuts paragraphs and
// tables.
var chunkBounds = []struct{ tokens, overlap int }{{output.DefaultChunkTokens, 0}, {128, 16}}

// The chunks of real documents hold the Markdown, nothing lost or repeated
// but the overlap and the repeated header rows of a table's parts; every
// chunk fits its bound, or is one table row with its header.
func TestChunksOfRealDocuments(t *testing.T) {
	files := []string{"testdata/simple.pdf", "testdata/columns.pdf", "testdata/pages.pdf", "testdata/longtable.pdf"}
	t.Run("corpus", func(t *testing.T) {
		// The CLI runs in the repository root: the corpus's paths are made
		// absolute. A part of the corpus that is absent skips what follows.
		add := func(paths ...string) {
			for _, p := range paths {
				abs, err := filepath.Abs(p)
				if err != nil {
					t.Fatal(err)
				}
				files = append(files, abs)
			}
		}
		docling, _ := filepath.Glob(filepath.Join(corpustest.Dir(t, "docling", "pdf"), "*.pdf"))
		add(docling...)
		gen := corpustest.Dir(t, "generated", "pdf")
		for _, id := range []string{"tables-06", "headers-footers-01", "headers-footers-03"} {
			add(filepath.Join(gen, id+".pdf"))
		}
	})
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			md, stderr, code := cli(t, "extract", "--no-page-markers", f)
			if code != 0 && code != 3 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, b := range chunkBounds {
				out, stderr, code := cli(t, "extract", "--format", "chunks", "--chunk-tokens", fmt.Sprint(b.tokens), "--chunk-overlap", fmt.Sprint(b.overlap), f)
				if code != 0 && code != 3 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				checkChunks(t, md, parseChunks(t, out), b.tokens)
			}
		})
	}
}

func parseChunks(t *testing.T, out string) []output.Chunk {
	t.Helper()
	var chunks []output.Chunk
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if line == "" {
			continue
		}
		var c output.Chunk
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		chunks = append(chunks, c)
	}
	return chunks
}

// chunkID is a document's base name, 8 hex digits of its hash and an
// ordinal.
var chunkID = regexp.MustCompile(`^.+-[0-9a-f]{8}-(\d{4,})$`)

// checkChunks checks what must hold for the chunks of a document whose
// Markdown is md.
func checkChunks(t *testing.T, md string, chunks []output.Chunk, bound int) {
	t.Helper()
	tok, err := output.NewTokenizer("")
	if err != nil {
		t.Fatal(err)
	}
	var content []string
	for i, c := range chunks {
		if m := chunkID.FindStringSubmatch(c.ID); m == nil || m[1] != fmt.Sprintf("%04d", i+1) {
			t.Errorf("chunk %d has id %q", i+1, c.ID)
		}
		if n, _ := tok.Count(c.Text); n != c.Tokens {
			t.Errorf("%s: tokens %d, the tokenizer counts %d", c.ID, c.Tokens, n)
		}
		if c.Tokens > bound && !oneRowTable(c.Text) {
			t.Errorf("%s: %d tokens, over the bound %d:\n%s", c.ID, c.Tokens, bound, c.Text)
		}
		if len(c.Pages) == 0 || len(c.BBoxes) == 0 || c.Engine == "" {
			t.Errorf("%s: pages %v, boxes %v, engine %q", c.ID, c.Pages, c.BBoxes, c.Engine)
		}
		checkHeadingPath(t, c)
		own := c.OwnText()
		if i > 0 {
			own = dropRepeatedHeader(own, chunks[i-1].Text)
		}
		content = append(content, own)
	}
	if got, want := squashText(strings.Join(content, "\n")), squashText(md); got != want {
		i := 0
		for i < min(len(got), len(want)) && got[i] == want[i] {
			i++
		}
		t.Errorf("the chunks joined differ from the Markdown at %d:\nchunks:   %.200s\nmarkdown: %.200s", i, got[i:], want[i:])
	}
}

// checkHeadingPath: the last heading in a chunk's text is the last of its
// path.
func checkHeadingPath(t *testing.T, c output.Chunk) {
	t.Helper()
	last := ""
	for _, l := range strings.Split(c.OwnText(), "\n") {
		if h := strings.TrimLeft(l, "#"); h != l && strings.HasPrefix(h, " ") {
			last = strings.TrimSpace(h)
		}
	}
	if last != "" && (len(c.HeadingPath) == 0 || c.HeadingPath[len(c.HeadingPath)-1] != last) {
		t.Errorf("%s: heading %q in the text, path %q", c.ID, last, c.HeadingPath)
	}
}

// oneRowTable reports a chunk that is one pipe table with one body row.
func oneRowTable(text string) bool {
	lines := strings.Split(text, "\n")
	return slices.IndexFunc(lines, func(l string) bool { return !strings.HasPrefix(l, "|") }) < 0 && len(lines) <= 3
}

// dropRepeatedHeader takes from the start of a chunk the header rows a
// table part repeats from the table that ends the chunk before.
func dropRepeatedHeader(text, prev string) string {
	lines := strings.Split(text, "\n")
	prevLines := strings.Split(prev, "\n")
	start := len(prevLines)
	for start > 0 && strings.HasPrefix(prevLines[start-1], "|") {
		start--
	}
	prevTable := prevLines[start:]
	n := 0
	for n < len(lines) && n < len(prevTable) && lines[n] == prevTable[n] && strings.HasPrefix(lines[n], "|") {
		n++
	}
	if n < 2 || !strings.HasPrefix(lines[1], "| ---") {
		return text
	}
	return strings.Join(lines[n:], "\n")
}

// squashText drops whitespace and the code fences that cutting adds.
func squashText(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "```", "")), "")
}

// Running headers and footers are in no chunk; the long table's parts
// each start with its header row.
func TestChunksLeaveOutFurniture(t *testing.T) {
	out, stderr, code := cli(t, "extract", "--format", "chunks", "--chunk-tokens", "256", "testdata/longtable.pdf")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	chunks := parseChunks(t, out)
	tables := 0
	for _, c := range chunks {
		if strings.Contains(c.Text, "Harbour Authority") || strings.Contains(c.Text, " of 3") {
			t.Errorf("%s holds a running header or footer:\n%s", c.ID, c.Text)
		}
		if i := strings.Index(c.Text, "|"); i >= 0 {
			tables++
			if !strings.HasPrefix(c.Text[i:], "| No. | Vessel | Berth | Tonnage |\n| --- |") {
				t.Errorf("%s: a table part without the header row:\n%s", c.ID, c.Text)
			}
			if !slices.Equal(c.HeadingPath, []string{"Annual Accounts", "2. Vessel Register"}) {
				t.Errorf("%s: heading path %q", c.ID, c.HeadingPath)
			}
		}
	}
	if tables < 4 || !slices.Contains(chunks[len(chunks)-1].Pages, 3) {
		t.Errorf("%d chunks with a table part; the last on pages %v", tables, chunks[len(chunks)-1].Pages)
	}
}

func TestChunksFlagsAndConfig(t *testing.T) {
	for _, args := range [][]string{
		{"--chunk-tokens", "8"},
		{"--chunk-tokens", "100", "--chunk-overlap", "50"},
		{"--chunk-encoding", "p50k_base"},
	} {
		if _, stderr, code := cli(t, append([]string{"extract", "--format", "chunks", "testdata/simple.pdf"}, args...)...); code != 2 {
			t.Errorf("%q: exit %d, want 2 (%s)", args, code, stderr)
		}
	}
	t.Setenv("ASSAY_CHUNKS__TOKENS", "64")
	t.Setenv("ASSAY_CHUNKS__ENCODING", "o200k_base")
	cfg, err := LoadConfig("", map[string]any{"chunks.overlap": 8})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Chunks != (ChunksConfig{Tokens: 64, Overlap: 8, Encoding: "o200k_base"}) {
		t.Fatalf("chunks config %+v", cfg.Chunks)
	}
	dir := t.TempDir()
	if _, stderr, code := cli(t, "extract", "--format", "chunks", "--out", dir, "testdata/simple.pdf", "testdata/pages.pdf"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, name := range []string{"simple.chunks.jsonl", "pages.chunks.jsonl"} {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || len(b) == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
}
