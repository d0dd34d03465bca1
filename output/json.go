package output

import (
	"encoding/json"
	"io"
	"math"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
)

// SchemaVersion is the version of the JSON output; it changes when a field
// changes meaning or goes away, not when one is added.
const SchemaVersion = "1"

// JSONOptions tune the JSON writer.
type JSONOptions struct {
	// Words adds each block's lines and words with their boxes.
	Words bool
	// Indent pretty-prints.
	Indent bool
}

type jsonDoc struct {
	Version   string     `json:"version"`
	Source    string     `json:"source"`
	Status    string     `json:"status"`
	Error     *jsonError `json:"error,omitempty"`
	PageCount int        `json:"page_count"`
	Engines   []string   `json:"engines"`
	Timings   jsonTiming `json:"timings"`
	Pages     []jsonPage `json:"pages"`
}

type jsonTiming struct {
	TotalMS   float64            `json:"total_ms"`
	AnalyzeMS float64            `json:"analyze_ms"`
	Engines   map[string]float64 `json:"engines_ms,omitempty"`
}

type jsonError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

type jsonPage struct {
	Number   int      `json:"number"`
	Status   string   `json:"status"`
	Engine   string   `json:"engine"`
	Width    float64  `json:"width"`
	Height   float64  `json:"height"`
	Rotation int      `json:"rotation"`
	Class    string   `json:"class,omitempty"`
	Plan     []string `json:"plan,omitempty"`
	// PassedOver are the plan's steps not run, with why.
	PassedOver []string      `json:"passed_over,omitempty"`
	Quality    jsonQuality   `json:"quality"`
	Error      *jsonError    `json:"error,omitempty"`
	Attempts   []jsonAttempt `json:"attempts"`
	Blocks     []jsonBlock   `json:"blocks"`
}

type jsonQuality struct {
	Score   float64            `json:"score"`
	Signals map[string]float64 `json:"signals,omitempty"`
	Reasons []string           `json:"reasons,omitempty"`
}

type jsonAttempt struct {
	Engine  string     `json:"engine"`
	Status  string     `json:"status"`
	Score   float64    `json:"score"`
	MS      float64    `json:"ms"`
	Regions bool       `json:"regions,omitempty"`
	Reread  bool       `json:"reread,omitempty"`
	Reasons []string   `json:"reasons,omitempty"`
	Error   *jsonError `json:"error,omitempty"`
	// Stages: milliseconds per stage of the engine's pipeline.
	Stages map[string]float64 `json:"stages_ms,omitempty"`
}

type jsonBlock struct {
	Kind  string     `json:"kind"`
	Level int        `json:"level,omitempty"`
	BBox  [4]float64 `json:"bbox"`
	Text  string     `json:"text"`
	Table *jsonTable `json:"table,omitempty"`
	Lines []jsonLine `json:"lines,omitempty"`
}

type jsonTable struct {
	Rows      int        `json:"rows"`
	Cols      int        `json:"cols"`
	Continues bool       `json:"continues,omitempty"`
	Cells     []jsonCell `json:"cells"`
}

type jsonCell struct {
	Row     int        `json:"row"`
	Col     int        `json:"col"`
	RowSpan int        `json:"row_span"`
	ColSpan int        `json:"col_span"`
	Header  bool       `json:"header,omitempty"`
	BBox    [4]float64 `json:"bbox"`
	Text    string     `json:"text"`
}

type jsonLine struct {
	BBox  [4]float64 `json:"bbox"`
	Words []jsonWord `json:"words"`
}

type jsonWord struct {
	Text       string     `json:"text"`
	BBox       [4]float64 `json:"bbox"`
	Font       string     `json:"font,omitempty"`
	Size       float64    `json:"size,omitempty"`
	Flags      []string   `json:"flags,omitempty"`
	Confidence float64    `json:"confidence,omitempty"`
}

// JSON writes the result as one JSON document.
func JSON(w io.Writer, res *merge.Result, opts JSONOptions) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if opts.Indent {
		enc.SetIndent("", "  ")
	}
	return enc.Encode(buildJSON(res, opts))
}

func buildJSON(res *merge.Result, opts JSONOptions) jsonDoc {
	d := jsonDoc{
		Version:   SchemaVersion,
		Source:    res.Source,
		Status:    string(res.Status),
		Error:     wireError(res.Err),
		PageCount: res.PageCount,
		Engines:   res.Engines,
		Pages:     make([]jsonPage, 0, len(res.Entries)),
	}
	if d.Engines == nil {
		d.Engines = []string{}
	}
	d.Timings.TotalMS = ms(res.Timings["total"])
	d.Timings.AnalyzeMS = ms(res.Timings["analyze"])
	for name, t := range res.Timings {
		if name == "total" || name == "analyze" {
			continue
		}
		if d.Timings.Engines == nil {
			d.Timings.Engines = map[string]float64{}
		}
		d.Timings.Engines[name] = ms(t)
	}
	for _, e := range res.Entries {
		p := jsonPage{
			Number:     e.Number,
			Status:     string(e.Status),
			Engine:     e.Engine,
			Width:      round2(e.Page.Width),
			Height:     round2(e.Page.Height),
			Rotation:   e.Page.Rotation,
			Class:      e.Class,
			Plan:       e.Plan,
			PassedOver: e.PassedOver,
			Quality:    jsonQuality{Score: round4(e.Quality.Score), Signals: roundMap(e.Quality.Signals), Reasons: e.Quality.Reasons},
			Error:      wireError(e.Err),
			Attempts:   make([]jsonAttempt, 0, len(e.Attempts)),
			Blocks:     make([]jsonBlock, 0, len(e.Page.Blocks)),
		}
		for _, a := range e.Attempts {
			p.Attempts = append(p.Attempts, jsonAttempt{Engine: a.Engine, Status: string(a.Status), Score: round4(a.Score), MS: ms(a.Elapsed), Regions: a.Regions, Reread: a.Reread, Reasons: a.Reasons, Error: wireError(a.Err), Stages: a.Stages})
		}
		for i := range e.Page.Blocks {
			p.Blocks = append(p.Blocks, block(&e.Page.Blocks[i], opts))
		}
		d.Pages = append(d.Pages, p)
	}
	return d
}

func block(b *core.Block, opts JSONOptions) jsonBlock {
	jb := jsonBlock{Kind: string(b.Kind), Level: b.Level, BBox: box(b.BBox), Text: b.Text()}
	if b.Table != nil {
		t := &jsonTable{Rows: b.Table.Rows, Cols: b.Table.Cols, Continues: b.Table.Continues, Cells: make([]jsonCell, 0, len(b.Table.Cells))}
		for _, c := range b.Table.Cells {
			t.Cells = append(t.Cells, jsonCell{Row: c.Row, Col: c.Col, RowSpan: max(c.RowSpan, 1), ColSpan: max(c.ColSpan, 1), Header: c.Header, BBox: box(c.BBox), Text: c.Text})
		}
		jb.Table = t
	}
	if opts.Words {
		for _, l := range b.Lines {
			jl := jsonLine{BBox: box(l.BBox), Words: make([]jsonWord, 0, len(l.Words))}
			for _, w := range l.Words {
				jl.Words = append(jl.Words, jsonWord{Text: w.Text, BBox: box(w.BBox), Font: w.Font, Size: round2(w.Size), Flags: flagNames(w.Flags), Confidence: round4(w.Confidence)})
			}
			jb.Lines = append(jb.Lines, jl)
		}
	}
	return jb
}

var flagList = []struct {
	f    core.WordFlags
	name string
}{
	{core.FlagBold, "bold"}, {core.FlagItalic, "italic"}, {core.FlagMonospace, "monospace"},
	{core.FlagInvisible, "invisible"}, {core.FlagSuperscript, "superscript"}, {core.FlagSubscript, "subscript"},
	{core.FlagVertical, "vertical"}, {core.FlagRotated, "rotated"}, {core.FlagJoinNext, "join_next"},
}

func flagNames(f core.WordFlags) []string {
	var out []string
	for _, x := range flagList {
		if f.Has(x.f) {
			out = append(out, x.name)
		}
	}
	return out
}

func wireError(err error) *jsonError {
	if err == nil {
		return nil
	}
	return &jsonError{Code: core.Code(err), Message: err.Error()}
}

func box(b core.BBox) [4]float64 {
	return [4]float64{round2(b.X0), round2(b.Y0), round2(b.X1), round2(b.Y1)}
}

func ms(d time.Duration) float64 { return round2(float64(d) / float64(time.Millisecond)) }

func round2(x float64) float64 { return finite(math.Round(x*100) / 100) }
func round4(x float64) float64 { return finite(math.Round(x*10000) / 10000) }

// finite keeps NaN and infinities, which JSON cannot hold, out of the output.
func finite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}

func roundMap(m map[string]float64) map[string]float64 {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]float64, len(m))
	for k, v := range m {
		out[k] = round4(v)
	}
	return out
}
