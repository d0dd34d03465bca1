"""assay-engine-poppler: an Assay engine written in Python.

It reads each requested page's words, with their boxes, from poppler's
pdftotext, and answers them over Assay's engine protocol
(sdk/proto/assay/engine/v1/engine.proto). The message classes are
generated from that file by protoc at build time (see build.sh); goplugin.py
does the go-plugin handshake, mutual TLS, health and shutdown.
"""

import os
import subprocess
import threading
import time
import xml.etree.ElementTree as ET

import grpc

from assay.engine.v1 import engine_pb2 as pb
import goplugin

SERVICE = "assay.engine.v1.EngineService"
XHTML = "{http://www.w3.org/1999/xhtml}"
POLL = 0.05  # seconds between checks that the caller is still there


class Calls:
    """Counts the calls begun and not yet returned from, for Running: after
    the host cancels a call it asks, and kills a process that does not reach
    0 within 500 ms."""

    def __init__(self):
        self.lock, self.n = threading.Lock(), 0

    def __enter__(self):
        with self.lock:
            self.n += 1

    def __exit__(self, *exc):
        with self.lock:
            self.n -= 1


calls = Calls()


class DocumentError(Exception):
    """The whole file cannot be read; code is one of the protocol's codes."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code, self.message = code, message


def run(args, context):
    """Runs a poppler command, killing it as soon as the call is canceled."""
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    while True:
        try:
            out, err = proc.communicate(timeout=POLL)
            return proc.returncode, out, err.decode(errors="replace")
        except subprocess.TimeoutExpired:
            if context is not None and not context.is_active():
                proc.kill()
                proc.communicate()
                return None, b"", "canceled"


def page_count(source, context):
    if not os.path.exists(source):
        raise DocumentError("not_found", f"{source}: no such file")
    if os.path.getsize(source) == 0:
        raise DocumentError("empty_file", f"{source} is empty")
    code, out, err = run(["pdfinfo", source], context)
    if code is None:
        raise DocumentError("canceled", "canceled")
    if code != 0:
        if "password" in err.lower():
            raise DocumentError("encrypted", err.strip())
        if "may not be a pdf" in err.lower():
            raise DocumentError("not_pdf", f"{source} is not a PDF")
        raise DocumentError("damaged", err.strip() or "pdfinfo failed")
    for line in out.decode(errors="replace").splitlines():
        if line.startswith("Pages:"):
            return int(line.split()[1])
    raise DocumentError("damaged", "pdfinfo reports no page count")


def box(el):
    return pb.BBox(x0=float(el.get("xMin")), y0=float(el.get("yMin")),
                   x1=float(el.get("xMax")), y1=float(el.get("yMax")))


def page(n, xhtml):
    """One page of pdftotext -bbox-layout output as a protocol Page."""
    root = ET.fromstring(xhtml).find(f".//{XHTML}page")
    p = pb.Page(number=n, width=float(root.get("width")), height=float(root.get("height")))
    for block in root.iter(f"{XHTML}block"):
        b = p.blocks.add(kind="paragraph", bbox=box(block))
        for line in block.iter(f"{XHTML}line"):
            words = [pb.Word(text=w.text, bbox=box(w)) for w in line.iter(f"{XHTML}word") if w.text]
            b.lines.add(bbox=box(line), words=words)
    return p


def read_page(source, n, count, context):
    start = time.monotonic()
    if not 1 <= n <= count:
        return pb.PageResult(page=pb.Page(number=n), status=pb.STATUS_FAILED,
                             error=pb.Error(code="no_such_page", message=f"page {n} of {count}"))
    code, out, err = run(["pdftotext", "-f", str(n), "-l", str(n), "-bbox-layout", source, "-"], context)
    if code != 0:
        return pb.PageResult(page=pb.Page(number=n), status=pb.STATUS_FAILED,
                             error=pb.Error(code="damaged", message=err.strip() or "pdftotext failed"))
    elapsed = int((time.monotonic() - start) * 1e6)
    return pb.PageResult(page=page(n, out), status=pb.STATUS_OK, elapsed_us=elapsed)


def describe(request, context):
    return pb.DescribeResponse(name="poppler", version="1.0.0",
                               description="poppler's pdftotext words, served from Python",
                               capabilities=["text", "page_range"], cost=2)


def running(request, context):
    return pb.RunningResponse(calls=calls.n)


def count_pages(request, context):
    with calls:
        return count(request, context)


def count(request, context):
    try:
        return pb.CountPagesResponse(pages=page_count(request.source, context))
    except DocumentError as e:
        context.abort(grpc.StatusCode.INVALID_ARGUMENT, f"{e.code}: {e.message}")


def extract(request, context):
    """Yields one answer per requested page, or one error for the document.
    The generator's with-block ends when it returns, or when gRPC drops it
    after a cancel."""
    with calls:
        yield from answers(request, context)


def answers(request, context):
    try:
        count = page_count(request.source, context)
    except DocumentError as e:
        yield pb.ExtractResponse(error=pb.Error(code=e.code, message=e.message))
        return
    for n in request.pages:
        if not context.is_active():
            return
        yield pb.ExtractResponse(page=read_page(request.source, n, count, context))


def handlers():
    unary = grpc.unary_unary_rpc_method_handler
    return grpc.method_handlers_generic_handler(SERVICE, {
        "Describe": unary(describe, request_deserializer=pb.DescribeRequest.FromString,
                          response_serializer=pb.DescribeResponse.SerializeToString),
        "CountPages": unary(count_pages, request_deserializer=pb.CountPagesRequest.FromString,
                            response_serializer=pb.CountPagesResponse.SerializeToString),
        "Running": unary(running, request_deserializer=pb.RunningRequest.FromString,
                         response_serializer=pb.RunningResponse.SerializeToString),
        "Extract": grpc.unary_stream_rpc_method_handler(
            extract, request_deserializer=pb.ExtractRequest.FromString,
            response_serializer=pb.ExtractResponse.SerializeToString),
    })


if __name__ == "__main__":
    goplugin.serve(handlers())
