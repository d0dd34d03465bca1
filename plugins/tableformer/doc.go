// Package tableformer recovers table structure: rows, columns, spanning
// cells and header rows from the words and ruling lines inside a table
// region. It is the one place Assay decides table structure: nativetext
// (for the tables its layout finds) and layoutml's table stage (for the
// regions its detector finds) both call it, so they never disagree.
//
// # API
//
//	Structure(Input)      the table in a region: Lattice when rulings frame
//	                      most of its words, else Stream.
//	Grids(rulings)        the parts of a page framed by rulings.
//	Lattice(grid, words)  the table a grid frames.
//	LatticeFixedPitch(grid, words, cell)
//	                      the same for a table typed in a fixed-pitch
//	                      font whose rules frame groups of columns: the
//	                      columns between them part at a blank cell where
//	                      figures stand on both sides of it.
//	InnerGrid(grid)       the part of a framed box its column rules span
//	                      (an exhibit's table under its title band), for
//	                      a grid that frames no table whole.
//	TrimCaptions(grid, words)
//	                      the grid without a band of prose over its first
//	                      row rule and under its last (an exhibit's title
//	                      and note), which the caller reads as text.
//	Stream(words)         a borderless table, and the box of the words it
//	                      keeps (captions and the ends of paragraphs that
//	                      run across its columns are left out). Two
//	                      columns of figures a word space apart, each
//	                      titled, part where two figures stand on every
//	                      line (figurePairs).
//	StreamFixedPitch(words, cell)
//	                      the same for text typed in a fixed-pitch font:
//	                      a gutter may be one blank cell, and columns come
//	                      from the lines of figures. A gutter narrower
//	                      than a proportional one parts figures from
//	                      figures, not a month from its day or a number's
//	                      groups of digits from each other.
//	SpanGroupHeadings(table)
//	                      a group's heading cut at its word spaces over
//	                      the titles its group repeats ('Fused | aluminum
//	                      oxide' over '2009 | 2010'): one cell spanning it.
//	Unsnake(table)        a table set in bands side by side to fill the
//	                      page (its titles repeated over each band, labels
//	                      in each band's first column), read band after
//	                      band: Structure does it, and the text and OCR
//	                      engines as they emit their tables.
//	JoinPages(pages)      marks tables continued on the next page
//	                      (core.Table.Continues); header rows are
//	                      core.Table.HeaderRows.
//
// Words carry their boxes and text (core.Word); rulings are axis-aligned
// painted lines and the sides of filled areas (Ruling.Fill), in top-left
// page points.
//
// # Lattice
//
// Rulings are merged into lines (collinear pieces joined, and the sides
// of shaded rows of one width down the unshaded rows between them: zebra
// stripes, told by Ruling.BandLo and BandHi); lines that cross, and the
// two lines of a double rule, form grids: at least two
// horizontal and two vertical lines, or three horizontal and one vertical
// (a table ruled under every row with one rule after its first column).
// Horizontal rules alone frame nothing: a table ruled only between row
// groups often has its header above the first rule and its last row under
// the last, so its extent is the text's (Stream).
//
// Inside a grid, rule positions become column and row boundaries. Rulings
// shorter than a line of text (tick marks) are ignored; an empty slot
// narrower than an em (a double rule, the inset of a shaded cell) loses
// its weaker boundary. A column rule drawn over less than three quarters
// of the table stays only where at most a third of the lines run across
// it (the sides of shaded header cells do; a box drawn around one word of
// prose does not), and a grid with no such rule must show its columns in
// its text (half its lines with a gutter-wide gap). Text gutters add
// column boundaries between columns not ruled on both sides, and between
// ruled ones too where no rule parts the body into rows (one band holds
// ten lines or more, most of the grid's): rules there part groups of
// columns (a census table's 'Total', 'Male' and 'Female', three columns
// of figures under each), not the boxes of cells. A ruled band
// holding three or more lines, most with text in several columns and in
// the first, is a group of rows and is split at its lines; other bands
// are one row of multi-line cells, and so is the first band of a table
// ruled row by row where its lines hold words and the bands under it
// figures (its column titles wrapped, the corner's too). In a band no rule parts, a first line
// whose phrase lies, in one word, across a column boundary, centred over
// the columns it reaches, is a group's heading: the line under it with
// phrases in two or more of those columns starts a row (its columns'
// headings). The side of a shaded area under less than half of the
// table's width parts no rows where the other columns' sentences run on
// across it (a label column's shading ending between two lines of the
// cells beside it).
//
// A boundary ruled across at least half of the slots is strong: where a
// piece of it is missing, the slots on both sides are one spanning cell,
// unless both hold text with a gutter between (a header band painted in
// one colour over a ruled body), or the slots are an edge column's run
// of four or more that hold a line each, none going on the one over it in
// lower case (a statement's labels beside figures whose row rules stop
// short of them). Row rules above the first strong one are
// strong too (the rule under a group header covers only the group; the
// header cells beside it span both rows); a short rule lower down (an
// underline before a total) only separates rows. Elsewhere a word
// crossing a boundary joins its slots.
//
// # Stream
//
// The words are cut into lines, less the last line or two when they are
// set far below the others (a page footer under a contents set as a
// table); columns come from gutters (x ranges, at
// least 0.8 em wide, crossed by at most an eighth of the lines) of the
// lines with more than one cell, each gutter narrowed to its clearest
// stretch so that a header reaching into it is not cut. A strip down to
// half a gutter is one too where every line with words on both sides of
// it has them a gutter apart (a centred column meeting a flush-right one
// at ragged edges), no word lies across it, and it parts no line of one
// phrase. A first or last strip that no word of those lines stands
// wholly beside is their margin, not a gutter (a stub's items indented
// under its group labels). Lines at the top and bottom that run across a
// gutter are left out. A line with text only in columns where the row above has text, set
// closer to it than rows are to each other, continues that row's cells.
//
// # What is a table
//
// A table has two rows and two columns with text, text in at least half
// of its slots, and text in more than one cell in at least half of its
// rows. Rows and columns in which no cell starts with text are dropped. A
// stream of evenly spaced figures with no other column filled is the axis
// labels of charts side by side, not a table. Right-to-left tables are
// mirrored into logical column order.
//
// # Header rows
//
// The first row is a header unless it has a figure in every column of
// figures. Header rows go on down through rows that leave the first column
// empty under a header cell spanning columns or rows (the second line of
// a grouped header).
//
// # Tables over pages
//
// JoinPages (called from nativetext's document pass) joins the last block
// of page n (besides running headers, footers and pictures, with nothing
// under it) and the first of page n+1 (nothing above it) when both are
// tables with as many columns at the same places (an aligned edge or the
// centre within 4 pt, or most of their width shared). The second part gets
// Continues; its first rows, when they repeat the first part's header, are
// marked header. Each part stays on its page; output writers join them.
//
// # Engine
//
// Package tableformer/engine serves this package as the engine
// "tableformer": whole pages (nativetext's reading), or the tables in the
// regions another engine found ({"mode":"regions"}).
//
// A learned structure model reads what rulings and alignment do not say
// (spans without rules, tight columns): package tablemodel runs an ONNX
// export of SLANet on the render of a table region and gives the cells'
// rows, columns, spans and boxes; Fill puts the page's words in them and
// finishes the table as Lattice and Stream do. layoutml's table stage
// uses it when a model is configured (options.layoutml.table_model), and
// keeps the rule-based table when the model's is not plausible.
package tableformer
