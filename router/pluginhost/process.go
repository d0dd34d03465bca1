package pluginhost

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"sync"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire"
)

// proc is one running engine process.
type proc struct {
	client *plugin.Client
	cmd    *exec.Cmd
	rpc    *wire.Client
	pid    int
	tail   *tailWriter
	exit   *exitSink

	stopOnce sync.Once
	calls    int // Extract calls served; touched only by whoever holds the process
}

// launch starts a process for f and completes the handshake. It blocks up
// to the configured StartTimeout.
func (h *Host) launch(f Found) (*proc, error) {
	if f.Path == "" {
		return nil, fmt.Errorf("%w: %w: engine %q: no executable", ErrStart, core.ErrEngineCrashed, f.Name)
	}
	cmd := exec.Command(f.Path)
	if f.Builtin {
		cmd = exec.Command(f.Path, ServeEngineCommand, f.Name)
	}
	tail := &tailWriter{}
	exit := &exitSink{}
	logger := hclog.NewInterceptLogger(&hclog.LoggerOptions{
		Name:   "engine." + f.Name,
		Output: h.stderr,
		Level:  h.level,
	})
	logger.RegisterSink(exit)
	client := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig:  wire.Handshake,
		Plugins:          wire.PluginSet(nil),
		Cmd:              cmd,
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		StartTimeout:     h.cfg.StartTimeout,
		Stderr:           tail,
		SyncStdout:       h.stderr,
		SyncStderr:       h.stderr,
		Logger:           logger,
		GRPCDialOptions:  wire.DialOptions(),
	})
	fail := func(err error) (*proc, error) {
		client.Kill()
		msg := err.Error()
		if l := tail.lastLines(3); l != "" {
			msg += ": " + l
		}
		return nil, fmt.Errorf("%w: %w: engine %q (%s): %s", ErrStart, core.ErrEngineCrashed, f.Name, f.Path, msg)
	}
	cp, err := client.Client()
	if err != nil {
		return fail(err)
	}
	raw, err := cp.Dispense(wire.PluginName)
	if err != nil {
		return fail(err)
	}
	rpc, ok := raw.(*wire.Client)
	if !ok {
		return fail(fmt.Errorf("dispensed %T", raw))
	}
	pid := 0
	if cmd.Process != nil {
		pid = cmd.Process.Pid
	}
	if err := limitMemory(pid, h.cfg.MemoryLimit); err != nil {
		return fail(fmt.Errorf("memory limit: %w", err))
	}
	return &proc{client: client, cmd: cmd, rpc: rpc, pid: pid, tail: tail, exit: exit}, nil
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
		if p.cmd.Process != nil {
			// os.Process.Kill is safe against pid reuse: after the process
			// is reaped it returns os.ErrProcessDone.
			_ = p.cmd.Process.Kill()
		}
		p.client.Kill()
	})
}

// shutdown asks the process to exit (so that the engine's Close runs),
// and kills it when it has not exited within two seconds.
func (p *proc) shutdown() {
	p.stopOnce.Do(p.client.Kill)
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
