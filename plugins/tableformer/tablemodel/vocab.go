package tablemodel

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/assay-pdf/assay/core"
)

// The structure tokens the decoder gives meaning to. A cell opens with
// "<td>" or, when it spans, with "<td" followed by span attributes and
// ">"; "<td></td>" is a whole cell without spans.
const (
	tokStart    = "sos"
	tokEnd      = "eos"
	tokHeadOpen = "<thead>"
	tokHeadEnd  = "</thead>"
	tokRowOpen  = "<tr>"
	tokRowEnd   = "</tr>"
	tokCell     = "<td>"
	tokCellOpen = "<td"
	tokAttrEnd  = ">"
	tokCellEnd  = "</td>"
	tokEmpty    = "<td></td>"
)

// maxSpan is the largest row or column span in the released dictionary.
const maxSpan = 20

// releasedDict is the token list of the released SLANet models'
// dictionary, before the decoder's own changes (see vocabulary).
func releasedDict() []string {
	d := []string{tokHeadOpen, tokHeadEnd, "<tbody>", "</tbody>", tokRowOpen, tokRowEnd, tokCell, tokCellOpen, tokAttrEnd, tokCellEnd}
	for _, attr := range []string{"colspan", "rowspan"} {
		for n := 2; n <= maxSpan; n++ {
			d = append(d, fmt.Sprintf(` %s="%d"`, attr, n))
		}
	}
	return d
}

// vocabulary is the model's class list for a dictionary: the start token,
// the dictionary with "<td>" folded into "<td></td>" at the end (SLANet
// is trained with cells without spans merged into one token), and the
// end token.
func vocabulary(dict []string) []string {
	v := []string{tokStart}
	for _, t := range dict {
		if t != tokCell && t != tokEmpty {
			v = append(v, t)
		}
	}
	return append(v, tokEmpty, tokEnd)
}

// readDict reads a dictionary file: one token per line, kept verbatim
// (span tokens begin with a space) but for the line end.
func readDict(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("tablemodel: dictionary: %v: %w", err, core.ErrBadRequest)
	}
	defer f.Close()
	var d []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if t := strings.TrimRight(sc.Text(), "\r\n"); t != "" {
			d = append(d, t)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("tablemodel: dictionary %s: %v: %w", path, err, core.ErrBadRequest)
	}
	if len(d) == 0 {
		return nil, fmt.Errorf("tablemodel: dictionary %s is empty: %w", path, core.ErrBadRequest)
	}
	return d, nil
}

// spanAttr reads a span attribute token (` colspan="3"`): which span and
// its size.
func spanAttr(tok string) (attr string, n int, ok bool) {
	name, val, found := strings.Cut(strings.TrimSpace(tok), "=")
	if !found {
		return "", 0, false
	}
	n, err := strconv.Atoi(strings.Trim(val, `"`))
	if err != nil || n < 1 {
		return "", 0, false
	}
	return name, n, name == "colspan" || name == "rowspan"
}
