package sdk

import (
	"os"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire"
)

// Serve serves e as an engine plugin until the host closes it, then closes
// e if it implements core.Closer. Panics inside e's Describe and Extract
// are recovered: Extract's stream ends with an engine_crashed error and
// the process keeps serving.
//
// Run directly rather than by the host, the executable prints a notice
// and exits with status 1.
func Serve(e core.Engine) {
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: wire.Handshake,
		Plugins:         wire.PluginSet(e),
		GRPCServer: func(opts []grpc.ServerOption) *grpc.Server {
			return grpc.NewServer(append(opts, wire.ServerOptions()...)...)
		},
		Logger: hclog.New(&hclog.LoggerOptions{
			Name:       "engine",
			Level:      hclog.Info,
			Output:     os.Stderr,
			JSONFormat: true,
		}),
	})
	if c, ok := e.(core.Closer); ok {
		_ = c.Close()
	}
}
