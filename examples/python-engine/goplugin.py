"""goplugin serves gRPC handlers the way Assay's host (hashicorp/go-plugin)
expects a plugin process to: it checks the magic cookie, turns on mutual TLS
with the certificate the host put in PLUGIN_CLIENT_CERT, answers the health
and shutdown services, and prints the handshake line on stdout.

It needs only python3-grpcio and the openssl command.
"""

import base64
import os
import subprocess
import sys
import tempfile
import threading
from concurrent import futures

import grpc

MAGIC_COOKIE_KEY = "ASSAY_ENGINE_PLUGIN"
MAGIC_COOKIE_VALUE = "b2f1c6e4-assay-engine-v1"
CORE_PROTOCOL = "1"  # go-plugin's own protocol version
APP_PROTOCOL = "1"  # Assay's engine protocol version
MAX_MESSAGE = 64 << 20  # the host's gRPC message limit, each way
WORKERS = 8  # concurrent calls; the host sends a few at most

# grpc.health.v1.HealthCheckResponse{status: SERVING}, encoded by hand:
# Debian packages no grpc health module, and this is the whole message.
SERVING = b"\x08\x01"


def _raw(data):
    return data


def _health():
    check = grpc.unary_unary_rpc_method_handler(
        lambda request, context: SERVING,
        request_deserializer=_raw, response_serializer=_raw)
    return grpc.method_handlers_generic_handler("grpc.health.v1.Health", {"Check": check})


def _controller(stop):
    def shutdown(request, context):
        stop.set()
        return b""  # plugin.Empty

    handler = grpc.unary_unary_rpc_method_handler(
        shutdown, request_deserializer=_raw, response_serializer=_raw)
    return grpc.method_handlers_generic_handler("plugin.GRPCController", {"Shutdown": handler})


def _self_signed():
    """A key and certificate for this run only, valid for "localhost", the
    name go-plugin's client checks."""
    with tempfile.TemporaryDirectory() as d:
        key, cert = os.path.join(d, "key.pem"), os.path.join(d, "cert.pem")
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
             "-nodes", "-days", "1", "-subj", "/CN=localhost",
             "-addext", "subjectAltName=DNS:localhost", "-keyout", key, "-out", cert],
            check=True, capture_output=True)
        with open(key, "rb") as k, open(cert, "rb") as c:
            return k.read(), c.read()


def _der_base64(pem):
    """The certificate as the handshake carries it: DER, base64, no padding."""
    body = b"".join(line for line in pem.splitlines() if not line.startswith(b"-----"))
    return base64.b64encode(base64.b64decode(body)).decode().rstrip("=")


def _listen(server):
    """Binds a loopback port; returns it and the handshake's certificate field."""
    client_cert = os.environ.get("PLUGIN_CLIENT_CERT")
    if not client_cert:  # the host runs without AutoMTLS
        return server.add_insecure_port("127.0.0.1:0"), ""
    key, cert = _self_signed()
    creds = grpc.ssl_server_credentials(
        [(key, cert)], root_certificates=client_cert.encode(), require_client_auth=True)
    return server.add_secure_port("127.0.0.1:0", creds), "|" + _der_base64(cert)


def serve(*handlers):
    """Serves the generic handlers until the host asks the process to shut down."""
    if os.environ.get(MAGIC_COOKIE_KEY) != MAGIC_COOKIE_VALUE:
        sys.exit("This is an Assay engine: assay starts it; it is not meant to be run by hand.")
    offered = os.environ.get("PLUGIN_PROTOCOL_VERSIONS", APP_PROTOCOL).split(",")
    if APP_PROTOCOL not in offered:
        sys.exit(f"the host offers engine protocol versions {offered}; this engine speaks {APP_PROTOCOL}")
    stop = threading.Event()
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=WORKERS),
        options=[("grpc.max_receive_message_length", MAX_MESSAGE),
                 ("grpc.max_send_message_length", MAX_MESSAGE)])
    server.add_generic_rpc_handlers(list(handlers) + [_health(), _controller(stop)])
    port, cert_field = _listen(server)
    server.start()
    print(f"{CORE_PROTOCOL}|{APP_PROTOCOL}|tcp|127.0.0.1:{port}|grpc{cert_field}", flush=True)
    stop.wait()
    server.stop(grace=1).wait()
