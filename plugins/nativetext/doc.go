// Package nativetext is Assay's text-layer engine: it reads the text that
// born-digital PDFs carry, in pure Go, and returns it as the core document
// model (blocks of lines of words with boxes in top-left page points).
//
// # Shape
//
// The engine is a pipeline per page, with the document shared:
//
//	document.go  the open document (internal/pdfdoc does the reading: repairs,
//	             page tree, objects and streams under limits, content-stream
//	             tokens) with a per-request font cache; textString.
//	interp.go    the content-stream interpreter: graphics and text state, text
//	             showing with per-glyph rendering matrices, Form XObjects (depth
//	             cap, cycle guard), marked content with /ActualText, render mode 3.
//	             A space whose advance Tw or a TJ kern takes back is not
//	             recorded; a glyph more than 2.9° off every axis (a slope
//	             the baseline tolerance cannot hold over two words) gets an
//	             oblique direction, laid out in a frame turned to it; slants
//	             a degree apart are one frame (oneSlant), read after the
//	             text set along the page's axes.
//	annots.go    annotation appearances (form field values, free text,
//	             stamps): each visible annotation's normal appearance is run
//	             as a form fitted to its /Rect after the page content; only
//	             its text is kept, not its boxes as page facts, and not text
//	             the page's own glyphs already hold there (a button labelled
//	             twice).
//	fields.go    form fields whose appearance the viewer builds (the form's
//	             /NeedAppearances, or no /AP): a text field's value, a combo
//	             box's choice, a list box's options, drawn in the font and
//	             size of the field's /DA inside its /Rect.
//	layers.go    invisible text layers once the page is run: a face most of
//	             the layer has is no emphasis, and visible text over the
//	             layer hides it.
//	font.go      fonts: simple (Type1, TrueType, Type3) with base encodings,
//	             /Differences, embedded Type 1 encodings, /Widths or standard-14
//	             metrics from pdfcpu; Type0/CID with Identity, predefined and
//	             embedded CMaps and W/DW widths. Parsed once per document,
//	             cached by object. A Symbol font's private-use points (Office
//	             writes U+F0xx into ToUnicode) read as the Symbol encoding's.
//	             The list markers of Wingdings and WordPerfect's symbols
//	             ('l', '§', '!') read as what they draw (●, ▪, •).
//	             A ligature ToUnicode maps to one of its letters (InDesign
//	             exports map fi to 'i') reads whole: by its glyph name
//	             (f_i, T_h), or, for an f-ligature without one, by its
//	             width, an f's or two and the letter's. A capital that
//	             ToUnicode maps to the small letter the font's small glyph
//	             maps to too reads as the capital it draws (MMWR's 'tABLE
//	             1. number'); text set in capitals by style keeps the
//	             small letters typed. A glyph with no text at the codes
//	             where TeX's text fonts set their f-ligatures (OT1's
//	             0x0B-0x0F, T1's 0x1B-0x1F), as wide as its letters, is
//	             that ligature (dvips's Type 3 fonts: slotLigatures).
//	             3B2's mathematics fonts (Elsevier's journals) name their
//	             glyphs after their codes, not what they draw: advent.go
//	             reads them by their font's TeX layout (OMS, OML, OMX,
//	             OT1 in internal/pdfdoc) or the Symbol encoding, over
//	             ToUnicode ('¼' is '=', 'þ' '+', C0 '−', 'colon' '.'),
//	             and its Math Pi fonts by the names they use ('l' μ,
//	             'ampersand' ‰).
//	             A bare CFF program's built-in encoding (cff.go, with the
//	             CFF standard strings in cffstrings.go) for fonts Ghostscript
//	             embeds as Type1C. fontstyle.go tells weight, slant and pitch
//	             from names (a Type 3 font's descriptor FontName) and flags,
//	             and fixed pitch from /Widths. A simple font whose widths
//	             are all an em (a CJK face given one-byte codes in the
//	             order a document used its ideographs) names glyph slots,
//	             not characters: without a ToUnicode its text is unknown.
//	continued.go a paragraph that the foot of a column cut mid-sentence and
//	             that goes on in lower case at the head of the next column,
//	             in type of its size, is one paragraph (document pass).
//	gbfont.go    Chinese that Windows wrote in GB 2312 through a simple font
//	             that is not embedded (named "宋体" in GB 2312, or "..._GB2312")
//	             with WinAnsiEncoding: byte pairs decoded as GB 2312.
//	cmap.go      CMap parser (ToUnicode and encoding CMaps, codespace ranges);
//	             predefined CMaps. The Adobe CJK ones (UniGB-UCS2-H,
//	             90ms-RKSJ-H, KSCms-UHC-H, GBK-EUC-H, B5pc-H, ... and their -V
//	             forms) come from internal/pdfdoc/cjkcmap: their code spaces
//	             (1- and 2-byte codes mixed for the legacy encodings) and
//	             code → CID ranges, so widths use the right CIDs. Text: a
//	             Uni* CMap's codes are UTF-16; otherwise, for codes ToUnicode
//	             does not map, a CID font of the Adobe-GB1, -CNS1, -Japan1 or
//	             -Korea1 collection (its CIDSystemInfo, else its predefined
//	             CMap's) maps CID → Unicode through the collection's table.
//	             CIDFontType2 fonts with an embedded program are left out
//	             (their CIDs are glyph indices whatever they declare) when
//	             they have a ToUnicode or their program a Unicode cmap.
//	program.go   a CIDFontType2 font with an embedded program and no
//	             ToUnicode: each glyph's text from the program's own cmap
//	             (internal/pdfdoc/fontcmap), through CIDToGIDMap. A
//	             ToUnicode that is the name Identity-H or -V, not a CMap,
//	             makes codes nothing else names their own characters.
//	macorder.go  a TrueType CID font of a core font (Arial, Times New
//	             Roman, Verdana...) that is not embedded and has no
//	             ToUnicode: glyph indices read in TrueType's standard
//	             Macintosh order; a simple font whose glyphs Distiller named
//	             'g' and their TrueType index ('g40') reads glyphs 3 to 97
//	             so where the letters would be as wide as a Latin face's.
//	glyphorder.go codes an identity-encoded font's ToUnicode leaves out,
//	             read by the order its glyphs keep in a block (ASCII, Hangul
//	             syllables) where the map's entries of that block all lie
//	             at one distance from their characters.
//	pieces.go    a glyph's private-use text: the pieces of tall delimiters
//	             (cmex's names, the glyph list's points) read as the
//	             delimiter once, at its top piece, nothing at the others;
//	             the glyph list's serif and sans ©, ® and ™ as the signs.
//	fallback.go  the second reader, pdfium (internal/render, WebAssembly
//	             run by wazero: still pure Go), for files internal/pdfdoc
//	             cannot open: damaged beyond its repairs, or encrypted in a
//	             way pdfcpu refuses that opens with the empty password. On
//	             the corpus pdfcpu cannot open 15 of 506 files; the former
//	             second parser (ledongthuc/pdf) read none of them, pdfium
//	             reads 2. Glyphs are pdfium's characters in their cells
//	             (advance by ascent and descent), laid out as usual; its
//	             pages are degraded, with the stat "parser": 2. pdfium starts
//	             on first need and stops with the engine (Close).
//	dingbats.go  the ZapfDingbats built-in encoding; glyph names and the
//	             standard encodings come from internal/pdfdoc.
//	paths.go     path construction and painting: axis-aligned painted rules
//	             and rectangle sides become edges (white paint is ignored:
//	             a gray or RGB of 1, a Separation's or DeviceN's tint 0; an
//	             Indexed or Lab colour is never taken for white). Text
//	             filled white where the page paints nothing under or over
//	             it is hidden, no text (dropHidden, hidden_glyphs);
//	             so is what optional content turned off in the document's
//	             default configuration draws (optional.go: marked /OC,
//	             forms and annotations with /OC, membership policies and
//	             visibility expressions);
//	             images drawn (Image XObjects, inline images). A clipping
//	             path (W) is kept by its bounds in the graphics state, and a
//	             glyph whose centre lies outside them is not text of the
//	             page, as one off the page is not: a spreadsheet cell's text
//	             run on under the next cell, a printer's slug outside the
//	             crop. A word the clip cuts reads as the page shows it.
//	bullets.go   a list's bullets drawn as shapes (a browser paints a disc,
//	             not a glyph): small discs and squares in the text's
//	             colour, one under another or before an item's hung lines,
//	             each three quarters of an em before a line's first glyph
//	             (left of it, or right of a line written right to left),
//	             become bullet glyphs on that line, so that its block is a
//	             list item.
//	layout.go    glyphs → words → line segments → reading order (recursive XY
//	             cut: slabs grouped by shared internal column gutters; a
//	             heading set larger than the body, in one column with blank
//	             space beside it and running text in several columns below,
//	             ends the group: it is a heading over the columns; so does
//	             a table's note, one phrase opened by 'NOTE:' or
//	             'SOURCE:' that closes some of its gutters) →
//	             blocks, headings, list items, right-to-left lines in logical
//	             order, words hyphenated across lines joined. Vertical CJK drawn
//	             as upright glyphs stacked down a column (as browsers print it)
//	             is given the vertical direction, so columns read top to bottom,
//	             right to left, like Identity-V text. A block ends at a blank
//	             gap over paraGap, a size change, a bullet, a first line
//	             indented from the block's margin after a short last line,
//	             a bold or italic line after a short last line, or a bold or
//	             italic first line over plain text. Fixed-pitch text is laid
//	             out by its cells: a single space is never a gutter, an
//	             indent that a line of the same listing crosses is no
//	             gutter, and a block of code on a grid keeps its spaces. A
//	             space that text drawn apart from it covers is dropped (a
//	             cell's padding run on under the next cell). A block's
//	             lines part where one was broken by hand: it ends a
//	             sentence short of the block's edge by more than the next
//	             line's first word (a paragraph set without gap or indent),
//	             or the block is a ragged list (a contents); not before a
//	             line in lower case, nor in a block broken short inside a
//	             sentence (text flowed around a picture). List items that
//	             follow one another down the page nest by where their text
//	             starts after the marker (nestListItems). A narrow column
//	             of headings (or dates) each on the baseline of a
//	             paragraph's first line beside it is read item by item,
//	             each before the text it heads (sideheads.go). Words part at
//	             space glyphs and at gaps over wordGap, or, on a line (or a
//	             font's stretch of one) whose words are set tight and its
//	             letters close, at its own narrower spaces (tightWordGap).
//	             Text of two sizes drawn over each other on one baseline (a
//	             stamp over a footer) is two lines (splitOverlaid).
//	marks.go     raised and lowered marks (footnote references, indices)
//	             put into the line they belong to, wherever the baseline
//	             clustering left them; ruby over its base stays apart.
//	scripts.go   super- and subscripts: figures set small off the
//	             baseline, glued to a word's end, made words of their own
//	             joined to it (core.FlagJoinNext), which Markdown writes
//	             in sup and sub; spacedWords counts a line's words as a
//	             reader does.
//	records.go   a table whose rows each carry a note across all the
//	             columns (an incident list's narrative under each row):
//	             rows of short cells aligned with the first row's, wide
//	             gutters, notes of a few single-segment lines; one table,
//	             the notes rows spanning every column.
//	linenumbers.go  line numbers in the margin (transcripts, pleadings):
//	             a run of numbers counting up by one, one to a line at one
//	             pitch, aligned, apart from the text beside it, and beside
//	             text that runs on from line to line or numbered blank
//	             lines (not a table's numbered rows) is left out; so is a
//	             rule set in type, a line of nothing but dots.
//	leading.go   loose leading: where a page's line gaps exceed paraGap and
//	             wider gaps show its paragraph breaks, a line gap after a
//	             line reaching its column's right margin does not end the
//	             paragraph (CJK set at line height 1.8). Where all its gaps
//	             are of one width and most follow lines of prose width (a
//	             report set double-spaced), a line gap continues the
//	             paragraph where the words run on: not after a contents or
//	             list line, a row of figures, or a sentence's end before a
//	             capital, nor into a line that starts as the block did.
//	fontstyle.go bold, italic and fixed pitch from a font's name, TeX's
//	             shape codes (CMBX, SFTI), URW's suffixes (-Medi) and 3B2's
//	             (AdvTTaf7f9f4f.B) included;
//	             the font descriptor's flags and weight add to it (font.go).
//	gutters.go   column gutters told from rivers: a line splits at a gap of
//	             0.5 em or more where text starts at the same x on the lines
//	             around it (a column's left edge); a blank strip is a
//	             gutter when it is 2.5 em wide, or when the text across it
//	             is aligned on one side (left or right edges, or centres)
//	             on most of at least three lines, or, over fewer lines, when
//	             it is 1.5 em wide. A group whose columns all hold lines of
//	             a clause (3+ words, 20+ characters) is prose, not a table,
//	             unless a column other than the first is set flush right
//	             with a ragged left edge (values), or every column is
//	             mostly figures (groups of a table's columns a wide gutter
//	             apart). Columns whose paragraphs start beside the middle
//	             of another column's sentences are flows of text, not a
//	             table (flows.go).
//	occupants.go a picture set in one column, with lines of prose beside
//	             it on one side only, stands in the reading order as an
//	             empty segment filling its column's place up to the text
//	             above and below it, so that the lines beside it share a
//	             gutter with the columns around it (the text beside a
//	             plot atop the left column no longer reads between the
//	             two halves of the right one); dropped once its column is
//	             apart, and before the blocks are built. Lines that end at
//	             a picture's left edge or start at its right one wrap round
//	             it (markWraps): in a column of running text they are as
//	             long as the picture lets them be, no table's short cells.
//	drawings.go  charts and diagrams drawn with paths: clusters of painted
//	             subpaths that touch, two or more bending over a letter's
//	             size (rectangles left out); the segments in and round
//	             one are its labels, and a split of which a column is
//	             mostly a drawing's labels is no table (drawnColumn), on a
//	             page that is not mostly drawings.
//	table.go     tables: the adapter to package tableformer, which decides
//	             table structure for nativetext and layoutml alike. Grids
//	             of rulings become tables (tableformer.Lattice) from the
//	             segments inside them, in the page's frame and in the main
//	             direction's when that is another axis (a landscape table
//	             printed sideways reads by its own rows); a group of slabs
//	             the XY cut finds
//	             tabular becomes one (tableformer.Stream), in its axis
//	             frame, sideways too, its caption or paragraph lines read
//	             before and after it. A table is one placeholder in the
//	             reading order and becomes a Table block. Prose columns in
//	             a frame are text, a rule between them notwithstanding when
//	             their lines keep baselines of their own (offsetFlows). A
//	             rule across the text's gutter ends a group of columns of
//	             running text over it, and a table's rows over it when
//	             columns of running text follow (closedByRule).
//	tablehead.go a borderless table's header read with the rules about
//	             it: one-cell rows over its top rule, or a row that opens
//	             with a caption's label ('Table 1'), are its caption's
//	             end; lines over its header stand apart from it unless a
//	             rule under part of the table underlines them (a group's
//	             heading), which then spans the columns the rule does,
//	             pieces cut at its word spaces joined; its titles wrapped
//	             over lines, set alike line by line, are one row; a
//	             heading read alone just over it, centred on a rule over
//	             its columns beside the stub, is its first header row.
//	panels.go    a grid of cards (filled boxes side by side whose tops and
//	             bottoms line up, each a title over a wrapped paragraph)
//	             reads row by row, each card whole: the upright frame is
//	             ordered band by band, panel by panel.
//	typed.go     tables typed in a fixed-pitch font, columns a single
//	             blank cell apart where the widest figures meet: where the
//	             XY cut finds nothing in a run of fixed-pitch lines, in a
//	             region set mostly in such fonts, tableformer's
//	             StreamFixedPitch is asked, and a table of figures (not a
//	             listing's braces and assignments) is kept. A grid of
//	             rules around such lines is read by LatticeFixedPitch too,
//	             kept where it finds more columns of figures (typedLattice).
//	shading.go   filled rectangles (cell shading, zebra stripes, header
//	             bands) become edges only where their sides can be seen:
//	             not where a rectangle meets another of its colour. Each
//	             fill side carries its rectangle's extent across it, so
//	             that only shaded areas of one width are a striped table's
//	             rows (tableformer's stripes).
//	captions.go  a table's numbered caption, right over it, is read just
//	             before it, wherever the columns put its lines.
//	hanging.go   lists set with hanging indents (references, glossaries)
//	             part into their entries.
//	faces.go     subheadings told by their face alone: lines in one face
//	             a little larger than the text, over text in another,
//	             that recur on the page; or a little smaller, over
//	             running text, no caption's label, note or byline.
//	words.go     Cells.Words: the page's words, not laid out, for callers
//	             that rebuild a part of the page (tableformer's regions).
//	furniture.go running headers and footers, heading levels (document pass).
//	engine.go    the core.Engine: options, page fan-out, panics turned into
//	             failed pages, cancellation; figure blocks and the
//	             image_coverage / path_ops stats.
//	turns.go     the cores, given to pages oldest call first, a page a core.
//	count.go     CountPages, and the handoff: the document a count parsed
//	             is lent to the Extracts of its windows (the host asks for
//	             the next window while it scores the last), and forgotten
//	             once its last page is read and no call reads it.
//
// # Document pass
//
// Pages are extracted in parallel, a page on each core, the pages of the
// oldest call first (turns.go), in windows of 32 requested pages; when a
// window is done, one pass over its pages marks running headers and
// footers, ranks heading sizes and marks tables continued on the next page
// (tableformer.JoinPages), then its pages are yielded. Results
// thus stream window by window, memory stays bounded by one window of laid
// out pages (not glyphs), and documents up to 32 pages are judged whole. A
// block in the top or bottom 12 % of the page is a header or footer when
// its text, with digit runs folded ("Page 2 of 9" = "Page 3 of 9"), recurs
// in the same band on at least two pages of the window, or when it is a
// page number alone. A heading's level is where its size, over the
// window's body text size, falls on the conventional type scale (about 2×,
// 1.45× and 1.2× the body for levels 1 to 3), a smaller size always one
// level deeper than a larger one (sizes within 0.6 pt share a level), so a
// size has one level on every page and a skipped level stays skipped.
//
// Figures: every image covering at least 1 % of the page becomes a figure
// block (a box, no text) after the text blocks; writers print nothing for
// it. Stats: glyphs, unmapped_glyphs, invisible_glyphs, hidden_glyphs, ops, path_ops
// (path construction, painting and colour operators), image_coverage (share
// of the page under images, in [0,1]), limit_hit; columns (the most columns
// of running text side by side) and tables (how many), which the router
// plans layoutml by; parser (2) on pages read by the second parser.
//
// reader.go exports the reading to other engines in process: Open, then
// Reader.Cells for a page's glyphs, rulings and images, Cells.Layout for
// this engine's layout of them, and DocumentPass for the cross-page
// decisions. layoutml's geometric layout is exactly this one.
//
// Text goes through internal/textclean (ligatures, soft hyphens, controls,
// NFC, dehyphenation). A glyph with no Unicode mapping is emitted as U+FFFD
// and counted in the page's "unmapped_glyphs" stat, never guessed; one
// that ToUnicode maps to nothing, and the font cannot name, adds no text
// (a part of a cluster or ligature whose text another glyph carries).
package nativetext
