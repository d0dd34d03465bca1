#!/bin/sh
# build.sh OUTDIR: builds the Python engine into OUTDIR/assay-engine-poppler
# (a launcher) and OUTDIR/assay-engine-poppler.lib (the code and the
# protocol's message classes, generated here by protoc from sdk/proto).
# Exits 3, having built nothing, when no python3 with grpc is installed
# (Debian: python3-grpcio python3-protobuf) or protoc or pdftotext is missing.
set -eu
out=${1:?usage: build.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
python=""
for p in /usr/bin/python3 python3; do
	if "$p" -c 'import grpc, google.protobuf' 2>/dev/null; then python=$(command -v "$p"); break; fi
done
for tool in protoc pdftotext pdfinfo openssl; do
	command -v "$tool" >/dev/null || { echo "python engine: $tool is missing" >&2; exit 3; }
done
[ -n "$python" ] || { echo "python engine: no python3 with grpc (Debian: python3-grpcio python3-protobuf)" >&2; exit 3; }
lib="$out/assay-engine-poppler.lib"
mkdir -p "$lib"
cp "$here/engine.py" "$here/goplugin.py" "$lib/"
protoc -I "$root/sdk/proto" --python_out="$lib" "$root/sdk/proto/assay/engine/v1/engine.proto"
cat > "$out/assay-engine-poppler" <<LAUNCHER
#!/bin/sh
exec "$python" "\$(dirname "\$0")/assay-engine-poppler.lib/engine.py" "\$@"
LAUNCHER
chmod +x "$out/assay-engine-poppler"
