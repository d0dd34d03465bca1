package nativetext

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

func TestZZLost(t *testing.T) {
	dir := os.Getenv("ZZDIR")
	if dir == "" {
		t.Skip()
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pdf"))
	opts, _ := ParseOptions(nil)
	opts.NoPictureCheck = true
	lost, docs := map[string]int{}, map[string]map[string]bool{}
	for _, f := range files {
		r, err := Open(context.Background(), f, opts)
		if err != nil {
			continue
		}
		for n := 1; n <= r.PageCount(); n++ {
			c, err := r.Cells(context.Background(), n)
			if err != nil {
				continue
			}
			for _, g := range c.glyphs {
				if strings.ContainsRune(g.text, '\ufffd') && g.font != nil {
					k := g.font.name + " " + g.font.subtype
					lost[k]++
					if docs[k] == nil {
						docs[k] = map[string]bool{}
					}
					docs[k][filepath.Base(f)] = true
				}
			}
		}
	}
	var keys []string
	for k := range lost {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return lost[keys[i]] > lost[keys[j]] })
	for _, k := range keys[:min(25, len(keys))] {
		var one string
		for d := range docs[k] {
			one = d
			break
		}
		fmt.Printf("%6d %4d %s %s\n", lost[k], len(docs[k]), k, one)
	}
}
