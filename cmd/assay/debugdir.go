package main

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
	"github.com/assay-pdf/assay/merge"
)

// The debug pictures.
const (
	debugDPI          = 100              // render resolution of a page's picture
	renderPageCommand = "render-page"    // the hidden subcommand that renders in a child process
	renderTimeout     = 30 * time.Second // a page's render, after which the child is killed
	outlineWidth      = 2                // pixels
)

// kindColours fill each kind of block (translucent), so that a table read
// as paragraphs, or a heading read as text, shows at a glance.
var kindColours = map[core.BlockKind]color.NRGBA{
	core.KindParagraph:  {0, 90, 255, 40},
	core.KindHeading:    {230, 0, 0, 50},
	core.KindListItem:   {0, 160, 80, 45},
	core.KindTable:      {255, 150, 0, 55},
	core.KindFigure:     {150, 0, 200, 40},
	core.KindCaption:    {0, 170, 170, 45},
	core.KindPageHeader: {120, 120, 120, 50},
	core.KindPageFooter: {120, 120, 120, 50},
	core.KindFootnote:   {90, 60, 30, 45},
	core.KindCode:       {60, 60, 60, 45},
	core.KindFormula:    {200, 0, 120, 45},
}

// engineColours outline the blocks by the engine that read the page.
var engineColours = []color.NRGBA{{0, 0, 160, 255}, {200, 0, 0, 255}, {0, 130, 0, 255}, {170, 90, 0, 255}, {120, 0, 160, 255}}

// writeDebug renders every page of res with its blocks drawn into dir
// (page-N.png) and writes index.html beside them: each page's picture
// with its ledger entry. Pages are rendered by this binary run as a child
// process, so that pdfium reads the user's file in a process that a
// deadline kills.
func writeDebug(ctx context.Context, dir string, res *merge.Result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	engines := map[string]int{}
	missing := map[int]error{}
	for _, e := range res.Entries {
		if err := debugPage(ctx, dir, res.Source, e, engines); err != nil {
			missing[e.Number] = err
		}
	}
	return os.WriteFile(filepath.Join(dir, "index.html"), debugIndex(res, missing), 0o644)
}

// debugPage renders page e and draws its blocks on it.
func debugPage(ctx context.Context, dir, source string, e merge.Entry, engines map[string]int) error {
	img, err := renderInChild(ctx, source, e.Number)
	if err != nil {
		return err
	}
	canvas := image.NewNRGBA(img.Bounds())
	draw.Draw(canvas, canvas.Bounds(), img, img.Bounds().Min, draw.Src)
	if _, ok := engines[e.Engine]; !ok {
		engines[e.Engine] = len(engines)
	}
	outline := engineColours[engines[e.Engine]%len(engineColours)]
	scale := float64(debugDPI) / 72
	for i, b := range e.Page.Blocks {
		r := image.Rect(int(b.BBox.X0*scale), int(b.BBox.Y0*scale), int(b.BBox.X1*scale)+1, int(b.BBox.Y1*scale)+1)
		fill(canvas, r, kindColours[b.Kind])
		frame(canvas, r, outline)
		label(canvas, r.Min, i+1, outline)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, canvas); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, fmt.Sprintf("page-%d.png", e.Number)), buf.Bytes(), 0o644)
}

// renderInChild runs `assay render-page` for one page and reads the PNG
// it writes.
func renderInChild(ctx context.Context, source string, page int) (image.Image, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, renderTimeout)
	defer cancel()
	out, err := os.CreateTemp("", "assay-page-*.png")
	if err != nil {
		return nil, err
	}
	out.Close()
	defer os.Remove(out.Name())
	cmd := exec.CommandContext(ctx, self, renderPageCommand, source, strconv.Itoa(page), strconv.Itoa(debugDPI), out.Name())
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("render page %d: %v: %s", page, err, strings.TrimSpace(string(msg)))
	}
	f, err := os.Open(out.Name())
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}

// renderPage is the child's side: pdfium renders one page to a PNG file.
func renderPage(ctx context.Context, args []string) error {
	if len(args) != 4 {
		return fmt.Errorf("usage: assay %s FILE PAGE DPI OUT.png", renderPageCommand)
	}
	page, err1 := strconv.Atoi(args[1])
	dpi, err2 := strconv.Atoi(args[2])
	if err1 != nil || err2 != nil {
		return fmt.Errorf("page and dpi must be numbers")
	}
	r := render.New(render.Config{})
	if err := r.Open(ctx); err != nil {
		return err
	}
	defer r.Close()
	doc, err := r.LoadFile(ctx, args[0])
	if err != nil {
		return err
	}
	defer doc.Close()
	img, _, err := r.RenderPage(ctx, doc, page, render.Options{DPI: float64(dpi)})
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return os.WriteFile(args[3], buf.Bytes(), 0o644)
}

// fill blends c over r.
func fill(img *image.NRGBA, r image.Rectangle, c color.NRGBA) {
	draw.Draw(img, r.Intersect(img.Bounds()), image.NewUniform(c), image.Point{}, draw.Over)
}

// frame draws r's outline in c.
func frame(img *image.NRGBA, r image.Rectangle, c color.NRGBA) {
	u := image.NewUniform(c)
	for _, side := range []image.Rectangle{
		{r.Min, image.Pt(r.Max.X, r.Min.Y+outlineWidth)},
		{image.Pt(r.Min.X, r.Max.Y-outlineWidth), r.Max},
		{r.Min, image.Pt(r.Min.X+outlineWidth, r.Max.Y)},
		{image.Pt(r.Max.X-outlineWidth, r.Min.Y), r.Max},
	} {
		draw.Draw(img, side.Intersect(img.Bounds()), u, image.Point{}, draw.Src)
	}
}

// digits are 3×5 bitmaps of 0–9, a row of three bits per line.
var digits = [10][5]uint8{
	{7, 5, 5, 5, 7}, {2, 6, 2, 2, 7}, {7, 1, 7, 4, 7}, {7, 1, 7, 1, 7}, {5, 5, 7, 1, 1},
	{7, 4, 7, 1, 7}, {7, 4, 7, 5, 7}, {7, 1, 1, 1, 1}, {7, 5, 7, 5, 7}, {7, 5, 7, 1, 7},
}

// labelScale is the size of a digit's pixel.
const labelScale = 2

// label writes the reading-order number n, white on c, at p.
func label(img *image.NRGBA, p image.Point, n int, c color.NRGBA) {
	s := strconv.Itoa(n)
	w := (len(s)*4 + 1) * labelScale
	h := 7 * labelScale
	draw.Draw(img, image.Rect(p.X, p.Y, p.X+w, p.Y+h).Intersect(img.Bounds()), image.NewUniform(c), image.Point{}, draw.Src)
	white := image.NewUniform(color.White)
	for k, ch := range s {
		d := digits[ch-'0']
		for row := range 5 {
			for col := range 3 {
				if d[row]&(4>>col) == 0 {
					continue
				}
				x := p.X + (1+k*4+col)*labelScale
				y := p.Y + (1+row)*labelScale
				draw.Draw(img, image.Rect(x, y, x+labelScale, y+labelScale).Intersect(img.Bounds()), white, image.Point{}, draw.Src)
			}
		}
	}
}

// debugIndex is index.html: each page's picture beside its ledger entry
// (or why there is no picture).
func debugIndex(res *merge.Result, missing map[int]error) []byte {
	var b strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&b, "<!doctype html><meta charset=utf-8><title>%s</title>\n", esc(filepath.Base(res.Source)))
	b.WriteString("<style>body{font:14px sans-serif}section{display:flex;gap:1em;margin:1em 0;border-top:1px solid #ccc}img{max-width:55vw;border:1px solid #999}td{padding:0 .5em;vertical-align:top}</style>\n")
	fmt.Fprintf(&b, "<h1>%s</h1><p>%d pages, status %s</p>\n", esc(res.Source), res.PageCount, esc(string(res.Status)))
	for _, e := range res.Entries {
		fmt.Fprintf(&b, "<section><img src=\"page-%d.png\" alt=\"page %d\"><div><h2>page %d: %s by %s (score %.2f)</h2>\n",
			e.Number, e.Number, e.Number, esc(string(e.Status)), esc(e.Engine), e.Quality.Score)
		fmt.Fprintf(&b, "<p>class <b>%s</b>: %s<br>plan %s</p>\n", esc(e.Class), esc(e.Analysis), esc(strings.Join(e.Plan, " → ")))
		if err := missing[e.Number]; err != nil {
			fmt.Fprintf(&b, "<p>no picture: %s</p>\n", esc(err.Error()))
		}
		b.WriteString("<table><tr><th>engine</th><th>status</th><th>score</th><th>ms</th><th>reasons</th></tr>\n")
		for _, a := range e.Attempts {
			reasons := strings.Join(a.Reasons, "; ")
			if a.Err != nil {
				reasons = a.Err.Error() + " " + reasons
			}
			fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td>%.2f</td><td>%.0f</td><td>%s</td></tr>\n",
				esc(a.Engine), esc(string(a.Status)), a.Score, float64(a.Elapsed.Microseconds())/1000, esc(reasons))
		}
		b.WriteString("</table></div></section>\n")
	}
	return []byte(b.String())
}
