package nativetext

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// sizedBlock is a one-line block of text set at size points, at y0 on a
// US-letter page.
func sizedBlock(kind core.BlockKind, y0, size float64, text string) core.Block {
	box := core.BBox{X0: 72, Y0: y0, X1: 300, Y1: y0 + size}
	return core.Block{Kind: kind, BBox: box, Lines: []core.Line{{BBox: box, Words: []core.Word{{Text: text, BBox: box, Size: size}}}}}
}

// furniturePages are n pages, each with top(page) at the top, a body of
// 11 pt text, and bottom(page) at the bottom when it is not nil.
func furniturePages(n int, top, bottom func(int) core.Block) []*core.Page {
	var pages []*core.Page
	for i := 1; i <= n; i++ {
		p := &core.Page{Number: i, Width: 612, Height: 792, Blocks: []core.Block{
			top(i),
			sizedBlock(core.KindParagraph, 120, 11, fmt.Sprintf("This is the body text of page %d, set in the size most of the text is.", i)),
		}}
		if bottom != nil {
			p.Blocks = append(p.Blocks, bottom(i))
		}
		pages = append(pages, p)
	}
	return pages
}

func TestFurniture(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		top  func(int) core.Block
		want core.BlockKind
	}{
		// A line at a heading's size naming its page is that page's
		// heading, though only its number changes from page to page.
		{"heading-size numbered line", func(n int) core.Block {
			return sizedBlock(core.KindHeading, 60, 18, fmt.Sprintf("Page %d", n))
		}, core.KindHeading},
		{"heading-size chapter line", func(n int) core.Block {
			return sizedBlock(core.KindHeading, 60, 18, fmt.Sprintf("Chapter %d", n))
		}, core.KindHeading},
		// The same line in small type is a running head.
		{"small numbered line", func(n int) core.Block {
			return sizedBlock(core.KindParagraph, 30, 9, fmt.Sprintf("Page %d", n))
		}, core.KindPageHeader},
		{"body-size running head", func(n int) core.Block {
			return sizedBlock(core.KindParagraph, 30, 11, fmt.Sprintf("Annual report 2024, page %d of 3", n))
		}, core.KindPageHeader},
		// A bold line of body size that the layout took for a heading.
		{"bold body-size running head", func(n int) core.Block {
			return sizedBlock(core.KindHeading, 30, 11, fmt.Sprintf("Draft %d", n))
		}, core.KindPageHeader},
		// A bare number has no words to be a heading with, whatever its
		// size: a folio over a body of small type.
		{"large bare number", func(n int) core.Block {
			return sizedBlock(core.KindParagraph, 30, 14, fmt.Sprint(n+16))
		}, core.KindPageHeader},
		// A folio out of the document's pages is one at any size: a
		// spec sheet's bold '1 of 4' at its foot.
		{"large page of total", func(n int) core.Block {
			return sizedBlock(core.KindHeading, 760, 14, fmt.Sprintf("%d of 3", n))
		}, core.KindPageFooter},
		// Text repeated word for word says nothing about its page,
		// whatever its size.
		{"large repeated line", func(int) core.Block {
			return sizedBlock(core.KindHeading, 30, 18, "ACME Corporation")
		}, core.KindPageHeader},
		// A heading-size line that differs from page to page stays.
		{"different headings", func(n int) core.Block {
			return sizedBlock(core.KindHeading, 60, 18, []string{"Introduction", "Methods", "Results"}[n-1])
		}, core.KindHeading},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			pages := furniturePages(3, c.top, nil)
			markFurniture(pages)
			for _, p := range pages {
				if got := p.Blocks[0].Kind; got != c.want {
					t.Errorf("page %d: %q is %s, want %s", p.Number, p.Blocks[0].Text(), got, c.want)
				}
				if got := p.Blocks[1].Kind; got != core.KindParagraph {
					t.Errorf("page %d: body is %s", p.Number, got)
				}
			}
		})
	}
}

// TestFurnitureTitleUnderRunningHead: a document's title set large on
// its first page, under a running head of the same words at every page's
// top (a browser prints the page's title there), is the title: the
// running head is drawn at one size on every page, and the title once,
// at its own.
func TestFurnitureTitleUnderRunningHead(t *testing.T) {
	t.Parallel()
	pages := furniturePages(3, func(int) core.Block {
		return sizedBlock(core.KindParagraph, 15, 9, "Annual Report")
	}, nil)
	title := sizedBlock(core.KindHeading, 34, 21, "Annual Report")
	pages[0].Blocks = slices.Insert(pages[0].Blocks, 1, title)
	markFurniture(pages)
	if got := pages[0].Blocks[1].Kind; got != core.KindHeading {
		t.Errorf("the title is %s, want a heading", got)
	}
	for _, p := range pages {
		if got := p.Blocks[0].Kind; got != core.KindPageHeader {
			t.Errorf("page %d: the running head is %s, want a page header", p.Number, got)
		}
	}
}

// TestFurnitureCopies: copies of one page (a form printed once for each
// of its recipients) repeat their title and their closing line with the
// rest of the page, and both stay the page's text; a folio numbering the
// copies is furniture, and so is a running head over a page left blank.
func TestFurnitureCopies(t *testing.T) {
	t.Parallel()
	copies := func(n int, blank ...int) []*core.Page {
		var pages []*core.Page
		for i := 1; i <= n; i++ {
			p := &core.Page{Number: i, Width: 612, Height: 792, Blocks: []core.Block{
				sizedBlock(core.KindHeading, 30, 12, "Request for Verification of Credit Information"),
				sizedBlock(core.KindParagraph, 120, 9, "The return filed by the employer named above shows the following."),
				sizedBlock(core.KindParagraph, 740, 9, "I certify that the records of this office agree with the entries above."),
				sizedBlock(core.KindParagraph, 770, 9, fmt.Sprintf("Copy %d of %d", i, n)),
			}}
			if slices.Contains(blank, i) {
				p.Blocks = []core.Block{p.Blocks[0]}
			}
			pages = append(pages, p)
		}
		return pages
	}
	pages := copies(3)
	markFurniture(pages)
	for _, p := range pages {
		for i, want := range []core.BlockKind{core.KindHeading, core.KindParagraph, core.KindParagraph, core.KindPageFooter} {
			if got := p.Blocks[i].Kind; got != want {
				t.Errorf("copy %d: %q is %s, want %s", p.Number, p.Blocks[i].Text(), got, want)
			}
		}
	}
	// Over a page with nothing else, the head still runs over pages of
	// text: a book's blank verso.
	pages = copies(3, 2)
	pages[2].Blocks[1] = sizedBlock(core.KindParagraph, 120, 9, "Another page of the book, with text of its own.")
	markFurniture(pages)
	for _, p := range pages {
		if got := p.Blocks[0].Kind; got != core.KindPageHeader {
			t.Errorf("page %d: the running head is %s, want a page header", p.Number, got)
		}
	}
}

// TestFormCopies: a form printed twice, once for each of its recipients
// (testdata/form-copies.pdf), keeps its title and its certificate on
// both copies.
func TestFormCopies(t *testing.T) {
	t.Parallel()
	res, err := extractAll(t, "testdata/form-copies.pdf", 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 2; n++ {
		var body []string
		for _, b := range res[n].Page.Blocks {
			if b.Kind != core.KindPageHeader && b.Kind != core.KindPageFooter {
				body = append(body, strings.Join(strings.Fields(b.Text()), " "))
			}
		}
		text := strings.Join(body, "\n")
		for _, want := range []string{
			"Department of the Treasury - Internal Revenue Service",
			"Request for Verification of Credit Information Shown on Form 940",
			"I certify that, except as shown above, the records of this office agree",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("copy %d: %q is not in its text:\n%s", n, want, text)
			}
		}
	}
}

// TestFurnitureSlideTitles: a slide's title carried over to the next
// slide or two, on two or three pages of sixteen, is each slide's title; a
// title on four pages, or on a quarter of the pages, is a running head (a
// journal's, its article's title over every other page; a short
// excerpt's).
func TestFurnitureSlideTitles(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		pages   int
		repeats []int // the pages that share a title
		want    core.BlockKind
	}{
		{"carried over", 16, []int{3, 4}, core.KindHeading},
		{"carried over twice", 16, []int{3, 4, 5}, core.KindHeading},
		{"every other page", 16, []int{3, 5, 7, 9}, core.KindPageHeader},
		{"two of four pages", 4, []int{2, 3}, core.KindPageHeader},
		// A manual's running head whose block takes in the section's
		// number on some pages: each text is on a few pages of the window.
		{"five of 32 pages", 32, []int{3, 5, 7, 9, 11}, core.KindPageHeader},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			pages := furniturePages(c.pages, func(n int) core.Block {
				title := fmt.Sprintf("Slide %c", 'A'+n)
				if slices.Contains(c.repeats, n) {
					title = "Sophistication"
				}
				return sizedBlock(core.KindHeading, 40, 28, title)
			}, nil)
			markFurniture(pages)
			for _, n := range c.repeats {
				if got := pages[n-1].Blocks[0].Kind; got != c.want {
					t.Errorf("page %d: %q is %s, want %s", n, pages[n-1].Blocks[0].Text(), got, c.want)
				}
			}
		})
	}
}

// TestFurnitureFolio: a small page number at the foot of each page is a
// footer, one at a heading's size at the top of a page stays a heading.
func TestFurnitureFolio(t *testing.T) {
	t.Parallel()
	pages := furniturePages(3, func(n int) core.Block {
		return sizedBlock(core.KindHeading, 60, 18, fmt.Sprintf("Part %d", n))
	}, func(n int) core.Block {
		return sizedBlock(core.KindParagraph, 760, 9, fmt.Sprintf("- %d -", n))
	})
	markFurniture(pages)
	for _, p := range pages {
		if got := p.Blocks[0].Kind; got != core.KindHeading {
			t.Errorf("page %d: %q is %s, want a heading", p.Number, p.Blocks[0].Text(), got)
		}
		if got := p.Blocks[2].Kind; got != core.KindPageFooter {
			t.Errorf("page %d: %q is %s, want a page footer", p.Number, p.Blocks[2].Text(), got)
		}
	}
}

// placedBlock is sizedBlock set from x0 to x1 across.
func placedBlock(kind core.BlockKind, x0, x1, y0, size float64, text string) core.Block {
	b := sizedBlock(kind, y0, size, text)
	b.BBox.X0, b.BBox.X1 = x0, x1
	b.Lines[0].BBox, b.Lines[0].Words[0].BBox = b.BBox, b.BBox
	return b
}

// TestFurnitureLineMates: the part of a running head that changes from
// page to page is furniture with the part that recurs on its line, and
// only that.
func TestFurnitureLineMates(t *testing.T) {
	t.Parallel()
	fixed := func(int) core.Block { return placedBlock(core.KindParagraph, 72, 180, 30, 8, "Mirror Shegrom Ltd") }
	section := func(n int) string {
		return fmt.Sprintf("Section %d: %s", n, []string{"Scope", "Methods", "Results"}[n-1])
	}
	for _, c := range []struct {
		name  string
		mate  func(n int) core.Block
		above bool // a title that changes from page to page above the line
		want  core.BlockKind
	}{
		{"section beside the fixed part", func(n int) core.Block {
			return placedBlock(core.KindParagraph, 400, 540, 30, 8, section(n))
		}, false, core.KindPageHeader},
		// A catalogue's entry heading beside its recurring category.
		{"heading beside a recurring label", func(n int) core.Block {
			return placedBlock(core.KindHeading, 400, 540, 30, 8, section(n))
		}, false, core.KindHeading},
		{"other size", func(n int) core.Block {
			return placedBlock(core.KindParagraph, 400, 540, 30, 11, section(n))
		}, false, core.KindParagraph},
		// The labels of a page of figures, under the page's title.
		{"under a changing title", func(n int) core.Block {
			return placedBlock(core.KindParagraph, 400, 540, 30, 8, section(n))
		}, true, core.KindParagraph},
		// A form's title beside its number on one page alone.
		{"in another place on each page", func(n int) core.Block {
			return placedBlock(core.KindParagraph, 400, 540, float64(20+6*n), 8, section(n))
		}, false, core.KindParagraph},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			pages := furniturePages(3, fixed, nil)
			for _, p := range pages {
				p.Blocks = append(p.Blocks, c.mate(p.Number))
				if c.above {
					p.Blocks = append(p.Blocks, sizedBlock(core.KindHeading, 10, 11, []string{"Gradients", "Shadings", "Patterns"}[p.Number-1]))
				}
			}
			markFurniture(pages)
			for _, p := range pages {
				if got := p.Blocks[0].Kind; got != core.KindPageHeader {
					t.Errorf("page %d: the fixed part is %s", p.Number, got)
				}
				if got := p.Blocks[2].Kind; got != c.want {
					t.Errorf("page %d: %q is %s, want %s", p.Number, p.Blocks[2].Text(), got, c.want)
				}
			}
		})
	}
}

// TestFurnitureFigures: figures that recur only with other figures are a
// folio when they number pages, and stay when they are amounts or
// section numbers.
func TestFurnitureFigures(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		text func(n int) string
		want core.BlockKind
	}{
		{"chapter and page", func(n int) string { return fmt.Sprintf("3 - %d", n) }, core.KindPageFooter},
		{"amount", func(n int) string { return fmt.Sprintf("%d,017.86", 40+n) }, core.KindParagraph},
		{"section number", func(n int) string { return fmt.Sprintf("2.3.59.%d", n) }, core.KindParagraph},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			pages := furniturePages(3, func(n int) core.Block {
				return sizedBlock(core.KindParagraph, 60, 11, fmt.Sprintf("Paragraph %d opens the page.", n))
			}, func(n int) core.Block {
				return sizedBlock(core.KindParagraph, 760, 9, c.text(n))
			})
			markFurniture(pages)
			for _, p := range pages {
				if got := p.Blocks[2].Kind; got != c.want {
					t.Errorf("page %d: %q is %s, want %s", p.Number, p.Blocks[2].Text(), got, c.want)
				}
			}
		})
	}
}

// TestFurnitureVariedFigures: a line at the top of each page that says
// the same words with other values on each page (a test page's caption
// of its parameters) is each page's text; a running foot that changes
// only its page's number and sheet with the same words is furniture.
func TestFurnitureVariedFigures(t *testing.T) {
	t.Parallel()
	params := [][3]string{{"1.0", "0.0", "1.0"}, {"0.9505", "0.2", "1.8"}, {"1.0", "1.0", "5.0"}}
	pages := furniturePages(3, func(n int) core.Block {
		p := params[n-1]
		return sizedBlock(core.KindParagraph, 40, 9, fmt.Sprintf("WhitePoint [ %s %s %s ] BlackPoint [ %s ] Gamma [ %s ]", p[0], p[0], p[0], p[1], p[2]))
	}, func(n int) core.Block {
		return sizedBlock(core.KindParagraph, 760, 8, fmt.Sprintf("VerDate 2014 16:21 Aug 05, 2020 Frm %05d Sheet %d of 3", n, n))
	})
	markFurniture(pages)
	for _, p := range pages {
		if got := p.Blocks[0].Kind; got != core.KindParagraph {
			t.Errorf("page %d: %q is %s, want the page's paragraph", p.Number, p.Blocks[0].Text(), got)
		}
		if got := p.Blocks[2].Kind; got != core.KindPageFooter {
			t.Errorf("page %d: %q is %s, want a page footer", p.Number, p.Blocks[2].Text(), got)
		}
	}
}

// A page read alone has no other page to find a running foot on again:
// the words on the line of its folio, in the bottom band and at its size,
// are the foot's (a journal's name and issue), but for one word or none
// (a figure's label beside a lone figure).
func TestFurnitureLoneFolioMates(t *testing.T) {
	t.Parallel()
	line := func(x0, x1 float64, text string) core.Block {
		box := core.BBox{X0: x0, Y0: 754, X1: x1, Y1: 762}
		var ws []core.Word
		for w := range strings.FieldsSeq(text) {
			ws = append(ws, core.Word{Text: w, BBox: box, Size: 8})
		}
		return core.Block{Kind: core.KindParagraph, BBox: box, Lines: []core.Line{{BBox: box, Words: ws}}}
	}
	for _, c := range []struct {
		name, text string
		want       core.BlockKind
	}{
		{"a journal's name", "PLOS Neglected Tropical Diseases | www.plosntds.org", core.KindPageFooter},
		{"an issue", "March 2014 | Volume 8 | Issue 3 | e2748", core.KindPageFooter},
		{"one word", "Device", core.KindParagraph},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			pages := furniturePages(1, func(int) core.Block { return sizedBlock(core.KindHeading, 58, 16, "Lassa Fever") }, nil)
			p := pages[0]
			p.Blocks = append(p.Blocks, line(58, 243, c.text), line(304, 308, "1"))
			markFurniture(pages)
			if got := p.Blocks[3].Kind; got != core.KindPageFooter {
				t.Fatalf("the folio is %s", got)
			}
			if got := p.Blocks[2].Kind; got != c.want {
				t.Errorf("%q beside the folio is %s, want %s", c.text, got, c.want)
			}
		})
	}
}

// TestIsPageNumber: a folio is one number, or one out of the total; two
// numbers with nothing between them are a plot's ticks or a form's
// figures, not the page's number.
func TestIsPageNumber(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"7": true, "- 7 -": true, "Page 7": true, "7 / 12": true, "Page 7 of 12": true, "vii": true, "p. 12": true,
		"145 150": false, "2020 2021": false, "6 5 4 3 2 1": false, "Figure 7": false, "": false,
	} {
		if got := isPageNumber(s); got != want {
			t.Errorf("isPageNumber(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestSideStamps: a line of turned text up the side of a page, beside
// its running text, is a stamp (an archive's identifier, a publisher's
// download note) and furniture, on a page read alone; a chart's axis
// title up the side of its plot, beside the figures of its ticks, is the
// chart's text, and so is a stamp-like line on a page whose text is all
// turned.
func TestSideStamps(t *testing.T) {
	t.Parallel()
	const stamp = "arXiv:2103.15348v2 [cs.CV] 21 Jun 2021"
	prose := func(x int) string {
		var sb strings.Builder
		for i := range 20 {
			fmt.Fprintf(&sb, "BT /F1 10 Tf %d %d Td (Running text of the page goes on here, line %d of it.) Tj ET\n", x, 700-14*i, i+1)
		}
		return sb.String()
	}
	ticks := func(x int) string {
		var sb strings.Builder
		for i := range 11 {
			fmt.Fprintf(&sb, "BT /F1 9 Tf %d %d Td (%d) Tj ET\n", x, 300+30*i, 10*i)
		}
		return sb.String()
	}
	up := func(x int, text string) string {
		return fmt.Sprintf("BT /F1 12 Tf 0 1 -1 0 %d 260 Tm (%s) Tj ET\n", x, text)
	}
	turnedProse := func() string {
		var sb strings.Builder
		for i := range 20 {
			fmt.Fprintf(&sb, "BT /F1 10 Tf 0 1 -1 0 %d 100 Tm (Turned text of a landscape page, line %d of it.) Tj ET\n", 200+14*i, i+1)
		}
		return sb.String()
	}
	cases := []struct {
		name, content, text string
		furniture           bool
	}{
		{"left of running text", up(40, stamp) + prose(100), stamp, true},
		{"right of running text", prose(100) + up(590, "Downloaded from the archive on 12 July 2017"), "Downloaded from the archive on 12 July 2017", true},
		{"axis title beside ticks", up(40, "Document Depth Percent of the Context (%)") + ticks(60) + prose(120), "Document Depth Percent of the Context (%)", false},
		{"on a page of turned text", up(40, stamp) + turnedProse(), stamp, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			blocks := helvPage(t, c.content)
			found := false
			for _, b := range blocks {
				if strings.Contains(b.Text(), c.text) {
					found = true
					if b.Kind.Furniture() != c.furniture {
						t.Errorf("%q is a %s; want furniture %v", b.Text(), b.Kind, c.furniture)
					}
				}
			}
			if !found {
				t.Errorf("no block holds %q: %q", c.text, blockTexts(blocks))
			}
		})
	}
}

// TestNestNumbered: headings that share a level (bold at the text's
// size) nest by their section numbers; headings whose sizes rank them
// already, and headings without a number, keep their levels.
func TestNestNumbered(t *testing.T) {
	t.Parallel()
	heading := func(level int, text string) core.Block {
		b := sizedBlock(core.KindHeading, 100, 10, text)
		b.Level = level
		return b
	}
	cases := []struct {
		name   string
		blocks []core.Block
		want   []int
	}{
		{"one size, three depths", []core.Block{
			heading(4, "Abstract"), heading(4, "2. MATERIAL AND METHODS"), heading(4, "2.1. Study site"),
			heading(4, "3.2.2. Sub-peak N-Q1: organic N"), heading(4, "ACKNOWLEDGEMENTS"),
		}, []int{4, 4, 5, 6, 4}},
		{"sizes rank them", []core.Block{
			heading(2, "1 Introduction"), heading(3, "1.1 Background"), heading(2, "2 Method"),
		}, []int{2, 3, 2}},
		{"no numbers", []core.Block{
			heading(4, "2015 Annual Report"), heading(4, "Summary"), heading(4, "100 mg doses"),
		}, []int{4, 4, 4}},
		{"capped", []core.Block{
			heading(5, "1 Scope"), heading(5, "1.1.1.1 Terms"),
		}, []int{5, 6}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := &core.Page{Blocks: c.blocks}
			nestNumbered([]*core.Page{p})
			var got []int
			for _, b := range p.Blocks {
				got = append(got, b.Level)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("levels %v; want %v", got, c.want)
			}
		})
	}
}
