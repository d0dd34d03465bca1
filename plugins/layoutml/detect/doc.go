// Package detect finds layout regions (headings, paragraphs, tables,
// figures, captions, formulas, lists, page headers and footers, footnotes,
// code) on rendered pages, for the layoutml engine.
//
// The contract is small: a Detector takes a batch of pages (Input: the page
// number, its size in points and its rendered image) and gives each page's
// Regions, in page points with a top-left origin like core.BBox, each with
// Assay's block kind, the model's own label and a score. A detector that
// needs pixels implements ImageNeeder and says how large to render a page
// (pixels on the longer side).
//
// # The ONNX detector
//
// NewONNX(cfg) makes a detector without I/O; Load opens the model once
// (loading onnxruntime through internal/onnxrt), after which Detect is safe
// for concurrent use: the session is shared read-only, every call checks its
// context before and after each run, and a context that ends stops the run
// in flight. Pages are run in batches of the model's batch size (4 when it
// is free; a model with a fixed batch larger than the pages left gets the
// last page repeated). Provider says which execution provider ended up in
// use, Format which output format.
//
// The ONNX parts need cgo (onnxruntime_go). Built without it, the package
// still compiles, so its types and configuration can be used anywhere, but
// Load fails with an error wrapping core.ErrUnsupported.
//
// Every detection goes through the same post-processing: the score
// threshold, class-wise non-maximum suppression at the IoU threshold, the
// box mapped from model pixels back to page points with the page size and
// clamped to the page, then the label mapped to a block kind. Regions come
// sorted top to bottom, then left to right.
//
// # Formats
//
// Format "auto" (the default) tells the three apart by the model's inputs:
// im_shape or scale_factor → pp-doclayout; orig_target_sizes (or two inputs
// and three outputs) → docling-rtdetr; one image input and a rank-3 output
// → doclayout-yolo. A model that fits none is refused with an error wrapping
// core.ErrUnsupported that lists its inputs and outputs.
//
// doclayout-yolo: DocLayout-YOLO (YOLOv10) exports take one RGB image
// [N,3,S,S] (S = 1024 for the DocStructBench weights), letterboxed: scaled to
// fit with the aspect ratio kept, centred, padded with gray 114, values
// divided by 255 (no mean or deviation). The output [N,K,6] holds x0, y0, x1,
// y1, score, class in letterboxed input pixels. A raw YOLOv8-style head
// [N,4+C,K] (centre x, centre y, width, height, then C class scores) is
// read too; it needs the NMS. Labels: the model's Ultralytics "names"
// metadata when present, else DocLayout-YOLO's ten (title, plain text,
// abandon, figure, figure_caption, table, table_caption, table_footnote,
// isolate_formula, formula_caption), or DocLayNet's eleven for a raw head
// with 11 classes. Score threshold 0.25.
//
// pp-doclayout: PaddleDetection exports (paddle2onnx) of PP-DocLayout-L
// (RT-DETR), -M and -S (PicoDet) and PaddleOCR's PicoDet layout model take
// image [N,3,H,W] (stretched to the input size, no aspect kept), im_shape
// [N,2] (the input height and width) and scale_factor [N,2] (input over
// original, y then x), and give detections [M,6] of class, score, x0, y0,
// x1, y1 in original image pixels, already NMS-ed, plus a per-image count
// [N] (without it, one page per run). Normalisation and labels come from
// PaddleX's inference.yml beside the model when there is one (Resize
// target_size, NormalizeImage mean and std, label_list, draw_threshold);
// else the ImageNet mean and deviation of the PicoDet models, the 23
// PP-DocLayout-L/M/S classes, or PicoDet layout's five (text, title, list,
// table, figure) for an 800x608 model that never produced a class id of 5
// or more. Score threshold 0.5.
//
// docling-rtdetr: the RT-DETR export docling shipped for its layout model
// takes images [N,3,640,640] (stretched, values divided by 255) and
// orig_target_sizes [N,2] int64, and gives labels [N,Q], boxes [N,Q,4] (x0,
// y0, x1, y1 scaled to orig_target_sizes) and scores [N,Q]. The detector
// feeds the input size itself as the target size, so boxes come back in
// input pixels whichever order the export reads the pair in. Labels: that
// export's list with "background" at 0 followed by docling's 17 (Caption,
// Footnote, Formula, List-item, Page-footer, Page-header, Picture,
// Section-header, Table, Text, Title, Document Index, Code,
// Checkbox-Selected, Checkbox-Unselected, Form, Key-Value Region); for an
// export without the background class, give those 17 as labels. Score
// threshold 0.6.
//
// What was checked against public code and what was not: the DocLayout-YOLO
// input name "images", the 0..1 scaling, the 114 padding and the [N,K,6]
// layout follow a public ONNX wrapper of the DocStructBench export; the
// docling layout inputs, the /255 scaling without mean or deviation, the
// outputs and the background-first label list follow docling-ibm-models'
// own ONNX predictor; the PP-DocLayout-M preprocessing (640x640, no aspect,
// ImageNet mean and deviation) follows a published inference.yml. Not
// confirmed: the output names and the count's element type of every Paddle
// export (the detector finds them by rank and type instead of by name),
// PP-DocLayout-L's normalisation (believed to be 0..1 without mean or
// deviation, which inference.yml supplies), PP-DocLayout-S's 480x480 input,
// and PP-DocLayout_plus-L's 20-class label order (give labels or keep its
// inference.yml beside the model).
//
// # Labels to kinds
//
// Labels are compared in lower case with '-' and ' ' as '_':
//
//	title, doc_title, paragraph_title, section_header   heading (core has no title kind)
//	text, plain_text, abstract, content, reference,
//	  reference_content, aside_text, document_index      paragraph
//	list, list_item                                      list_item
//	table                                                table
//	figure, image, chart, picture, seal                  figure
//	figure_title, table_title, chart_title, *caption*    caption
//	formula, isolate_formula, equation, formula_number   formula
//	header, page_header, header_image                    page_header
//	footer, page_footer, footer_image                    page_footer
//	footnote, table_footnote, vision_footnote            footnote
//	code, algorithm                                      code
//	abandon, number                                      page_header in the top half of the page, else page_footer
//	background                                           dropped
//	anything else                                        paragraph (Label keeps the model's name)
//
// DocLayout-YOLO's "abandon" class covers running heads, page numbers and
// marginal notes: page furniture that should leave the reading order, so it
// is kept as a page header or footer by where it sits rather than dropped.
//
// # Pointing Assay at a model
//
// No weights ship with Assay. Download one of the models above, then name it
// in the configuration (the field names are ONNXConfig's json tags):
//
//	options:
//	  layoutml:
//	    model:
//	      model: /path/to/doclayout_yolo_docstructbench_imgsz1024.onnx
//	      format: doclayout-yolo      # or pp-doclayout, docling-rtdetr, auto
//	      accelerator: auto           # auto, cpu or cuda
//	      score_threshold: 0.25       # optional, per-format default
//	      iou_threshold: 0.45         # optional
//	      labels: []                  # optional: class names by id
//	      input_size: 1024            # optional, for models without a fixed size
//	      onnxruntime_lib: /path/to/libonnxruntime.so.1   # optional
//
// (layoutml's own options sit beside "model": batch, queue,
// document_timeout.) `assay engines` then names the detector and the
// execution provider in use.
//
// The runtime comes from make deps (models/onnxruntime/libonnxruntime.so.1,
// CPU only); "cuda" needs a GPU build of onnxruntime named by
// onnxruntime_lib (see internal/onnxrt).
package detect
