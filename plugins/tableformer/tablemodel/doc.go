// Package tablemodel runs a table structure model: an ONNX export of
// PaddleOCR's SLANet (SLANet, SLANet_plus) through onnxruntime.
//
// The shape of it:
//
//	m := tablemodel.NewONNX(tablemodel.Config{Model: "slanet_plus.onnx"})
//	err := m.Load(ctx)                         // once per process; no I/O in NewONNX
//	res, err := m.Recognize(ctx, img, region)  // img: the render of region
//	t := tableformer.Fill(res.Table, words)    // the page's words into the cells
//
// Recognize scales the table image so that its longer side is the model's
// input size (488 for the released models), puts it at the top left of
// the square input, pads the rest with values that normalise to zero, and
// normalises with the ImageNet mean and deviation in BGR order, as the
// models were trained. The model decodes a sequence of HTML structure
// tokens ("<tr>", "<td></td>", "<td", ` colspan="2"`, ">", …) and, for each
// token that opens a cell, the cell's quadrilateral normalised to the
// image. The decoder takes the most likely token at each step up to the
// end token and places the cells as HTML does (rowspans from rows above
// take their slots); cells inside <thead> are headers. Boxes are mapped
// into region, so cells come out in page points.
//
// The vocabulary is the released models' dictionary (50 classes with the
// start and end tokens). A model trained on another dictionary names it
// in Config.Dict (PaddleOCR's format: one token per line); a model whose
// class count does not match is refused at Load with core.ErrUnsupported,
// as is a model whose inputs and outputs are not SLANet's.
//
// No weights ship with Assay and nothing is downloaded: the user points
// the config at a file. The tests write tiny SLANet-shaped models with
// internal/onnxrt/onnxtest and run them through a real session.
package tablemodel
