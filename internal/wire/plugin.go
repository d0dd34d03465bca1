package wire

import (
	"context"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire/enginev1"
)

// Handshake values shared by the host and every engine. A plugin process
// refuses to start unless MagicCookieKey is set to MagicCookieValue in its
// environment.
const (
	ProtocolVersion  = 1
	MagicCookieKey   = "ASSAY_ENGINE_PLUGIN"
	MagicCookieValue = "b2f1c6e4-assay-engine-v1"
	// PluginName is the name the engine is served and dispensed under.
	PluginName = "engine"
	// MaxMessageSize is the gRPC message limit on both sides.
	MaxMessageSize = 64 << 20
)

// EnvMemoryLimit is the variable in which the host tells an engine the
// data limit, in bytes, it puts on the engine's process (RLIMIT_DATA).
// The host sets the limit only once the handshake is done, when the
// engine's runtime has started: read from the variable, it can size the
// collector's soft limit and heap floor below it from the start.
const EnvMemoryLimit = "ASSAY_ENGINE_MEMORY_LIMIT"

// Handshake is the go-plugin handshake for engines.
var Handshake = plugin.HandshakeConfig{
	ProtocolVersion:  ProtocolVersion,
	MagicCookieKey:   MagicCookieKey,
	MagicCookieValue: MagicCookieValue,
}

// Plugin is the go-plugin glue. On the engine side Engine is served; on
// the host side Dispense returns a *Client.
type Plugin struct {
	plugin.NetRPCUnsupportedPlugin
	Engine core.Engine
}

var _ plugin.GRPCPlugin = (*Plugin)(nil)

// PluginSet is the plugin set for ServeConfig and ClientConfig; e is nil
// on the host side.
func PluginSet(e core.Engine) plugin.PluginSet {
	return plugin.PluginSet{PluginName: &Plugin{Engine: e}}
}

// GRPCServer registers the engine service.
func (p *Plugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	Register(s, p.Engine)
	return nil
}

// GRPCClient returns a *Client whose Done channel closes when the plugin
// process exits (go-plugin cancels ctx then).
func (p *Plugin) GRPCClient(ctx context.Context, _ *plugin.GRPCBroker, cc *grpc.ClientConn) (any, error) {
	return &Client{rpc: enginev1.NewEngineServiceClient(cc), done: ctx.Done()}, nil
}

// ServerOptions raise the server's message limits to MaxMessageSize and
// set the wire's codec.
func ServerOptions() []grpc.ServerOption {
	return []grpc.ServerOption{
		grpc.MaxRecvMsgSize(MaxMessageSize),
		grpc.MaxSendMsgSize(MaxMessageSize),
		grpc.ForceServerCodecV2(codec{}),
	}
}

// DialOptions raise the client's message limits to MaxMessageSize and
// set the wire's codec.
func DialOptions() []grpc.DialOption {
	return []grpc.DialOption{grpc.WithDefaultCallOptions(
		grpc.MaxCallRecvMsgSize(MaxMessageSize),
		grpc.MaxCallSendMsgSize(MaxMessageSize),
		grpc.ForceCodecV2(codec{}),
	)}
}
