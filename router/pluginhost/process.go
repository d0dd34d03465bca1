package pluginhost

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/hugepages"
	"github.com/assay-pdf/assay/internal/tempdir"
	"github.com/assay-pdf/assay/internal/wire"
)

// proc is one running engine process.
type proc struct {
	client *plugin.Client
	cmd    *exec.Cmd // nil for an attached engine
	// attached: an engine served in debug mode, which the host leaves
	// serving when it is done with it.
	attached bool
	rpc      *wire.Client
	pid      int
	tail     *tailWriter
	exit     *exitSink
	// sockets is the directory the engine makes its Unix socket in
	// (socketDir), removed once the process is gone.
	sockets *tempdir.Dir

	stopOnce sync.Once
	// calls counts the checkouts served, holders the calls that hold the
	// process now (more than one only in a shared pool); both under the
	// pool's mu.
	calls   int
	holders int
}

// launch starts a process for f, or attaches to the one serving f in
// debug mode (Found.Attached), and completes the handshake. It blocks up
// to the configured StartTimeout.
func (h *Host) launch(f Found) (*proc, error) {
	if f.Attached {
		return h.attach(f)
	}
	if f.Path == "" {
		return nil, fmt.Errorf("%w: %w: engine %q: no executable", ErrStart, core.ErrEngineCrashed, f.Name)
	}
	cmd := exec.Command(f.Path)
	if f.Builtin {
		cmd = exec.Command(f.Path, ServeEngineCommand, f.Name)
	}
	dieWithHost(cmd)
	if kv, ok := hugepages.Preset(os.Environ()); ok {
		// Engines that host native models ask for glibc's huge pages
		// (hugepages.Enable) and would otherwise execute themselves
		// again to get them.
		cmd.Env = append(cmd.Env, kv)
	}
	if h.cfg.MemoryLimit > 0 {
		// The limit is set after the handshake (limitMemory); the engine
		// sizes its collector to it from the start.
		cmd.Env = append(cmd.Env, wire.EnvMemoryLimit+"="+strconv.FormatInt(h.cfg.MemoryLimit, 10))
	}
	sockets, err := socketDir(cmd)
	if err != nil {
		return nil, fmt.Errorf("%w: engine %q: %w", ErrStart, f.Name, err)
	}
	p, err := h.handshake(f, cmd)
	if err != nil {
		_ = sockets.Close()
		return nil, err
	}
	p.sockets = sockets
	if err := limitMemory(p.pid, h.cfg.MemoryLimit); err != nil {
		p.kill()
		return nil, startError(f, fmt.Errorf("memory limit: %w", err), p.tail)
	}
	return p, nil
}

// handshake starts cmd as engine f's process and completes go-plugin's
// handshake with it, over mutual TLS.
func (h *Host) handshake(f Found, cmd *exec.Cmd) (*proc, error) {
	cc, tail, exit := h.clientConfig(f.Name)
	cc.Cmd = cmd
	cc.SyncStdout, cc.SyncStderr = h.stderr, h.stderr
	// Mutual TLS between host and engine: the engine makes a certificate
	// for this process alone and trusts only the host's, so no other local
	// process can call it.
	if err := h.id.apply(cc, cmd); err != nil {
		return nil, fmt.Errorf("%w: engine %q: %w", ErrStart, f.Name, err)
	}
	p, err := connect(plugin.NewClient(cc), tail, exit)
	if err != nil {
		return nil, startError(f, err, tail)
	}
	p.cmd = cmd
	if cmd.Process != nil {
		p.pid = cmd.Process.Pid
	}
	return p, nil
}

// socketDir makes a directory of its own for the Unix socket of the
// process cmd will start, and tells the engine to listen there
// (go-plugin's EnvUnixSocketDir). An engine removes its socket when it
// exits, but not one the host killed at a deadline: in the shared
// temporary directory each kill would leave a file behind for good. The
// host removes this directory once the process is gone; one left by a
// host that was itself killed (its engines die with it) is swept when a
// host next starts an engine (internal/tempdir).
func socketDir(cmd *exec.Cmd) (*tempdir.Dir, error) {
	d, err := tempdir.Open("", "assay-engine")
	if err != nil {
		return nil, fmt.Errorf("a directory for the engine's socket: %w", err)
	}
	cmd.Env = append(cmd.Env, plugin.EnvUnixSocketDir+"="+d.Path())
	return d, nil
}

// attach connects to an engine an author started in debug mode
// (sdk.WithDebug), at the address Config.Reattach gives for it. The host
// does not own that process: it neither limits its memory nor kills it;
// when done with it, the host only closes its connection (detach).
func (h *Host) attach(f Found) (*proc, error) {
	r, err := h.reattach()
	if err != nil {
		return nil, startError(f, err, nil)
	}
	rc, err := r[f.Name].Config()
	if err != nil {
		return nil, startError(f, err, nil)
	}
	cc, tail, exit := h.clientConfig(f.Name)
	cc.Reattach = rc
	p, err := connect(plugin.NewClient(cc), tail, exit)
	if err != nil {
		return nil, startError(f, err, tail)
	}
	p.attached = true
	return p, nil
}

// clientConfig is go-plugin's client configuration for engine name, with
// the sinks that keep its stderr's tail and its exit status.
func (h *Host) clientConfig(name string) (*plugin.ClientConfig, *tailWriter, *exitSink) {
	tail := &tailWriter{}
	exit := &exitSink{}
	logger := hclog.NewInterceptLogger(&hclog.LoggerOptions{
		Name:   "engine." + name,
		Output: h.stderr,
		Level:  h.level,
	})
	logger.RegisterSink(exit)
	return &plugin.ClientConfig{
		HandshakeConfig:  wire.Handshake,
		Plugins:          wire.PluginSet(nil),
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		StartTimeout:     h.cfg.StartTimeout,
		Stderr:           tail,
		Logger:           logger,
		GRPCDialOptions:  wire.DialOptions(),
	}, tail, exit
}

// connect completes the handshake and dispenses the engine; on failure
// it kills the client.
func connect(client *plugin.Client, tail *tailWriter, exit *exitSink) (*proc, error) {
	cp, err := client.Client()
	if err == nil {
		var raw any
		if raw, err = cp.Dispense(wire.PluginName); err == nil {
			if rpc, ok := raw.(*wire.Client); ok {
				return &proc{client: client, rpc: rpc, tail: tail, exit: exit}, nil
			}
			err = fmt.Errorf("dispensed %T", raw)
		}
	}
	client.Kill()
	return nil, err
}

// startError says why engine f did not start, with the last lines it
// printed.
func startError(f Found, err error, tail *tailWriter) error {
	msg := err.Error()
	if l := tail.lastLines(3); l != "" {
		msg += ": " + l
	}
	where := f.Path
	if f.Attached {
		where = "attached"
	}
	return fmt.Errorf("%w: %w: engine %q (%s): %s", ErrStart, core.ErrEngineCrashed, f.Name, where, msg)
}

// exited reports whether the process is gone.
func (p *proc) exited() bool {
	select {
	case <-p.rpc.Done():
		return true
	default:
		return p.client.Exited()
	}
}

// kill ends the process at once (SIGKILL) and waits until it is reaped
// and go-plugin's goroutines are done.
func (p *proc) kill() {
	p.stopOnce.Do(func() {
		if p.attached {
			p.detach()
			return
		}
		if p.cmd != nil && p.cmd.Process != nil {
			// os.Process.Kill is safe against pid reuse: after the process
			// is reaped it returns os.ErrProcessDone.
			_ = p.cmd.Process.Kill()
		}
		p.client.Kill()
		p.removeSockets()
	})
}

// shutdown asks the process to exit (so that the engine's Close runs),
// and kills it when it has not exited within two seconds.
func (p *proc) shutdown() {
	p.stopOnce.Do(func() {
		if p.attached {
			p.detach()
			return
		}
		p.client.Kill()
		p.removeSockets()
	})
}

// removeSockets removes the directory of the process's socket, which
// the process, when killed, left there.
func (p *proc) removeSockets() {
	if p.sockets != nil {
		_ = p.sockets.Close()
	}
}

// detach closes the connection to an attached engine and leaves it
// serving. (go-plugin's Kill does nothing for it, and closing its client
// would ask the engine to stop.)
func (p *proc) detach() {
	cp, err := p.client.Client()
	if err != nil {
		return
	}
	if g, ok := cp.(*plugin.GRPCClient); ok {
		_ = g.Conn.Close()
	}
}

// settlePoll is how often settle asks a process whether it has stopped.
const settlePoll = 10 * time.Millisecond

// settle waits up to d for the process to have no call running (the
// engine's Running call), after the host canceled one. It returns nil once
// the engine has stopped, and otherwise why the process must go: it is
// still running calls, or cannot say (core.ErrUnsupported).
func (p *proc) settle(d time.Duration) error {
	deadline := time.Now().Add(d)
	for {
		left := time.Until(deadline)
		if left <= 0 {
			return fmt.Errorf("the engine was still working %v after its call was canceled; engine process killed", d)
		}
		ctx, cancel := context.WithTimeout(context.Background(), left)
		n, err := p.rpc.Running(ctx)
		cancel()
		switch {
		case err == nil && n == 0:
			return nil
		case errors.Is(err, core.ErrUnsupported):
			return fmt.Errorf("%w: the engine does not answer Running, so the host cannot tell whether it stopped; engine process killed", core.ErrUnsupported)
		}
		// Still running, or no answer yet: ask again until the deadline,
		// unless the process is gone.
		select {
		case <-p.rpc.Done():
			return fmt.Errorf("%w: the engine process exited after its call was canceled (%s)", core.ErrEngineCrashed, p.why())
		case <-time.After(min(settlePoll, time.Until(deadline))):
		}
	}
}

// why describes how the process ended: its exit status and the first
// panic line it printed. Call it after kill.
func (p *proc) why() string {
	var parts []string
	if s := p.exit.status(); s != "" {
		parts = append(parts, s)
	}
	if l := p.tail.panicLine(); l != "" {
		parts = append(parts, l)
	}
	if len(parts) == 0 {
		return "the process went away"
	}
	return strings.Join(parts, "; ")
}

// exitSink picks go-plugin's "plugin process exited" log entry to learn
// the exit status.
type exitSink struct {
	mu  sync.Mutex
	msg string
}

func (s *exitSink) Accept(_ string, _ hclog.Level, msg string, args ...any) {
	if msg != "plugin process exited" {
		return
	}
	status := "exit status 0"
	for i := 0; i+1 < len(args); i += 2 {
		if k, ok := args[i].(string); ok && k == "error" {
			status = fmt.Sprint(args[i+1])
		}
	}
	s.mu.Lock()
	s.msg = status
	s.mu.Unlock()
}

func (s *exitSink) status() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.msg
}

// tailWriter keeps the first panic line and the last few KiB of a
// process's raw stderr.
type tailWriter struct {
	mu    sync.Mutex
	buf   []byte
	panic string
}

const tailSize = 4 << 10

func (w *tailWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.panic == "" {
		for _, prefix := range [][]byte{[]byte("panic: "), []byte("fatal error: ")} {
			if bytes.HasPrefix(b, prefix) {
				line, _, _ := bytes.Cut(b, []byte("\n"))
				w.panic = string(line)
				break
			}
		}
	}
	w.buf = append(w.buf, b...)
	if len(w.buf) > tailSize {
		w.buf = append(w.buf[:0], w.buf[len(w.buf)-tailSize:]...)
	}
	return len(b), nil
}

func (w *tailWriter) panicLine() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.panic
}

// lastLines returns up to n last non-empty lines, joined by " | ".
func (w *tailWriter) lastLines(n int) string {
	if w == nil {
		return ""
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	var lines []string
	for _, l := range strings.Split(string(w.buf), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
