package sdk

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/hugepages"
	"github.com/assay-pdf/assay/internal/wire"
)

// Environment variables Serve reads; options given to Serve win over them.
const (
	// EnvDebug, set to 1 or true, serves in debug mode (WithDebug).
	EnvDebug = "ASSAY_ENGINE_DEBUG"
	// EnvLogLevel sets the default logger's level (WithLogLevel).
	EnvLogLevel = "ASSAY_ENGINE_LOG_LEVEL"
)

// Option changes how Serve runs.
type Option func(*config)

// config is what the options set.
type config struct {
	ctx      context.Context // ends debug mode
	logger   hclog.Logger
	level    hclog.Level
	debug    bool
	debugOut io.Writer // where debug mode prints how to attach
}

// WithLogger sends go-plugin's and the SDK's log lines to l instead of
// the default logger (JSON on stderr at level info). The host reads an
// engine's stderr and forwards hclog's JSON lines as its own logs when
// ASSAY_DEBUG is set, so l should write JSON (JSONFormat) to os.Stderr.
// An engine can log through the same l.
func WithLogger(l hclog.Logger) Option {
	return func(c *config) { c.logger = l }
}

// WithLogLevel sets the default logger's level: trace, debug, info, warn,
// error or off. An unknown name leaves it at info. With WithLogger, l's
// own level counts.
func WithLogLevel(level string) Option {
	return func(c *config) {
		if l := hclog.LevelFromString(level); l != hclog.NoLevel {
			c.level = l
		}
	}
}

// WithDebug serves in debug mode, for an engine author with a debugger:
// the engine is not started by the host but by you (say, under dlv), and
// it needs no handshake. It prints on stderr the line to give the host,
//
//	ASSAY_REATTACH_ENGINES='{"NAME":{...}}'
//
// and serves every assay run started with it, until an interrupt (or the
// context of WithContext) ends it. See sdk/README.md.
func WithDebug(on bool) Option {
	return func(c *config) { c.debug = on }
}

// WithContext ends debug mode when ctx is done. (A plain engine is ended
// by its host.)
func WithContext(ctx context.Context) Option {
	return func(c *config) { c.ctx = ctx }
}

// WithDebugOutput is where debug mode prints the line to give the host;
// default os.Stderr.
func WithDebugOutput(w io.Writer) Option {
	return func(c *config) { c.debugOut = w }
}

// newConfig is the configuration from the environment, then opts.
func newConfig(opts []Option) *config {
	c := &config{ctx: context.Background(), level: hclog.Info, debugOut: os.Stderr}
	if l := hclog.LevelFromString(os.Getenv(EnvLogLevel)); l != hclog.NoLevel {
		c.level = l
	}
	c.debug, _ = strconv.ParseBool(os.Getenv(EnvDebug))
	for _, o := range opts {
		o(c)
	}
	if c.logger == nil {
		c.logger = hclog.New(&hclog.LoggerOptions{Name: "engine", Level: c.level, Output: os.Stderr, JSONFormat: true})
	}
	return c
}

// Serve serves e as an engine plugin until the host closes it, then closes
// e if it implements core.Closer. Panics inside e's Describe and Extract
// are recovered: Extract's stream ends with an engine_crashed error and
// the process keeps serving. Options set the logger, its level and debug
// mode; Serve(e) alone is the plain engine. The collector is tuned for a
// worker process (see tuneGC), unless GOGC or GOMEMLIMIT are set.
//
// Run directly rather than by the host, and not in debug mode, the
// executable prints a notice and exits with status 1.
func Serve(e core.Engine, opts ...Option) {
	c := newConfig(opts)
	hugepages.Heap()
	tuneGC(e)
	sc := &plugin.ServeConfig{
		HandshakeConfig: wire.Handshake,
		Plugins:         wire.PluginSet(e),
		GRPCServer: func(opts []grpc.ServerOption) *grpc.Server {
			return grpc.NewServer(append(opts, wire.ServerOptions()...)...)
		},
		Logger: c.logger,
		// The identity the host made for its engines, when it made one
		// (see wire.EngineTLS); otherwise go-plugin's own exchange.
		TLSProvider: wire.EngineTLS,
	}
	if c.debug {
		if err := serveDebug(c.ctx, e, sc, c.debugOut); err != nil {
			c.logger.Error("debug mode", "error", err)
		}
	} else {
		plugin.Serve(sc)
	}
	if cl, ok := e.(core.Closer); ok {
		_ = cl.Close()
	}
}

// serveDebug serves sc in go-plugin's test mode, which hosts attach to
// with the printed Reattach, until ctx is done or an interrupt.
func serveDebug(ctx context.Context, e core.Engine, sc *plugin.ServeConfig, out io.Writer) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	info, err := e.Describe(ctx)
	if err != nil {
		return fmt.Errorf("describe: %w", err)
	}
	reattach := make(chan *plugin.ReattachConfig, 1)
	closed := make(chan struct{})
	sc.Test = &plugin.ServeTestConfig{Context: ctx, ReattachConfigCh: reattach, CloseCh: closed}
	go plugin.Serve(sc)
	select {
	case rc := <-reattach:
		line, err := json.Marshal(map[string]wire.Reattach{info.Name: wire.ReattachOf(rc)})
		if err != nil {
			stop()
			<-closed
			return err
		}
		fmt.Fprintf(out, "engine %s serving in debug mode (pid %d); run assay with\n\t%s='%s'\n", info.Name, rc.Pid, wire.EnvReattach, line)
	case <-closed:
		return fmt.Errorf("serving ended before it began")
	}
	<-closed
	return nil
}
