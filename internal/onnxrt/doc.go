// Package onnxrt is the one place that loads onnxruntime (through
// github.com/yalue/onnxruntime_go, which needs cgo) for every Assay engine
// in the process. Without cgo the package still builds: the paths and
// accelerator names work, Available is false and Load fails with an error
// wrapping core.ErrUnsupported; SessionOptions and NewSession exist only
// with cgo.
//
// The runtime is a shared library loaded once per process: Load(lib)
// initialises its environment the first time and returns the same outcome
// afterwards; asking for a second, different library after a successful
// load is an error wrapping core.ErrBadRequest, since onnxruntime cannot be
// loaded twice. A missing library is an error wrapping core.ErrUnsupported
// that says how to install it, and is not final.
//
// Where the library lives: make deps (plugins/ocr/install-deps.sh) unpacks
// the CPU build from npm onnxruntime-node into
//
//	<models_dir>/onnxruntime/libonnxruntime.so.1
//
// and LibPath finds it there. The models directory is, in order,
// $ASSAY_MODELS_DIR, models/ next to the executable (or one folder up, for
// bin/ in a checkout), then /usr/local/share/assay/models (DefaultModelsDir).
// An engine option such as onnxruntime_lib names another library.
//
// Sessions: SessionOptions(accel) builds options for an Accelerator, "auto",
// "cpu" or "cuda". For "cuda" it appends onnxruntime's CUDA execution
// provider and fails with an error wrapping core.ErrUnsupported when that is
// not possible. "auto" tries CUDA only when libonnxruntime_providers_cuda.so
// lies beside the loaded library (so that the CPU-only npm build does not log
// onnxruntime's own complaint on every session), falls back to the CPU
// without a word when CUDA fails, and reports the Provider it ended with.
// NewSession goes one step further for "auto": when the CUDA provider loads
// but the session still cannot be created on it (no usable GPU), it opens the
// session again on the CPU. A GPU needs a GPU build of onnxruntime (with
// libonnxruntime_providers_cuda.so and libonnxruntime_providers_shared.so
// beside libonnxruntime.so.1) plus the CUDA and cuDNN libraries it was built
// against; point onnxruntime_lib at that build.
//
// Models: Open gives a Session that takes and returns plain Tensors
// (shape and float or integer data, free of the runtime), so the code
// that builds a model's inputs and decodes its outputs is pure Go and is
// tested without the library; Run stops when its ctx ends. Inspect and
// Metadata read a model's inputs, outputs and custom metadata before a
// session is opened. Paint draws an image into a CHW float input, resized
// and normalised (Norm, in RGB or BGR channel order), for every image
// model (the layout detector, the table structure model).
//
// Model bytes: Names reads a model's input and output names from its
// ModelProto with protowire, without opening a session. Fuse rewrites a
// model before it is opened, so that onnxruntime runs fewer operators for
// the same results: mobile networks exported by Paddle2ONNX (PaddleOCR's
// PP-LCNet) write every block's learnable scale and shift and its
// hard-swish as separate elementwise operators, with the constant first,
// which onnxruntime's own fusions do not match; they cost more CPU than
// the convolutions. Fuse folds the scales and shifts into the weights of
// the convolutions next to them (exactly: a shift before a padded
// convolution stays as an Add) and writes each hard-swish as one or two
// operators. PaddleOCR's recogniser runs about a third faster for outputs
// equal to 1e-5. Fuse works on the bytes only and needs no runtime; a
// model whose weights lie in external files is not rewritten. Asked for a
// Best, Fuse also adds, in the same pass, the index and value of the
// largest element along an axis of one output as two more outputs
// (ArgMax and ReduceMax), so that a classifier of thousands of classes
// hands back two numbers a step.
package onnxrt
