package pluginhost

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/hugepages"
	"github.com/assay-pdf/assay/internal/wire"
)

func TestCountPages(t *testing.T) {
	t.Parallel()
	e := engine(t, newHost(t, Config{}), "counter")
	n, err := e.CountPages(t.Context(), "ok.pdf")
	if err != nil || n != 3 {
		t.Fatalf("CountPages = %d, %v; want 3", n, err)
	}
	// An engine without the capability says so.
	_, err = engine(t, newHost(t, Config{}), "words").CountPages(t.Context(), "ok.pdf")
	if !errors.Is(err, core.ErrUnsupported) {
		t.Errorf("words: %v, want ErrUnsupported", err)
	}
}

// A count that never ends (a file that hangs the parser) is cut at the
// deadline: the process is killed, the next count gets a fresh one.
func TestCountPagesKillsAHungCount(t *testing.T) {
	t.Parallel()
	e := engine(t, newHost(t, Config{}), "counter")
	ctx, cancel := context.WithTimeout(t.Context(), time.Second)
	defer cancel()
	start := time.Now()
	_, err := e.CountPages(ctx, "hang.pdf")
	if !errors.Is(err, core.ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v for a 1 s deadline", d)
	}
	if n, err := e.CountPages(t.Context(), "ok.pdf"); err != nil || n != 3 {
		t.Errorf("after the kill: %d, %v", n, err)
	}
	if e.Restarts() != 1 {
		t.Errorf("restarts %d, want 1", e.Restarts())
	}
}

// A count that allocates without bound (a file that makes the parser
// allocate) ends its own process at the memory limit, long before its
// deadline, and the host goes on.
func TestCountPagesMemoryLimit(t *testing.T) {
	t.Parallel()
	e := engine(t, newHost(t, Config{MemoryLimit: 512 << 20}), "counter")
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	start := time.Now()
	_, err := e.CountPages(ctx, "bloat.pdf")
	if !errors.Is(err, core.ErrEngineCrashed) {
		t.Fatalf("err = %v, want ErrEngineCrashed", err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("took %v: the limit did not stop the allocation", d)
	}
	if n, err := e.CountPages(t.Context(), "ok.pdf"); err != nil || n != 3 {
		t.Errorf("after the crash: %d, %v", n, err)
	}
}

// An engine that numbers its answers wrong is stopped at the first answer
// for a page it was not asked for: the call ends with ErrEngineProtocol
// and its process is killed.
func TestAnswerForAnUnaskedPageIsAProtocolFault(t *testing.T) {
	t.Parallel()
	e := engine(t, newHost(t, Config{}), "shifted")
	var answered []int
	var end error
	for r, err := range e.Extract(t.Context(), &core.Request{Source: "../../testdata/pages.pdf", Pages: []int{1, 2, 3}}) {
		if err != nil {
			end = err
			break
		}
		answered = append(answered, r.Page.Number)
	}
	if !errors.Is(end, core.ErrEngineProtocol) || core.Code(end) != "engine_protocol" {
		t.Fatalf("answers %v, end %v: want ErrEngineProtocol", answered, end)
	}
	if e.Restarts() != 1 {
		t.Errorf("restarts %d: want the process killed", e.Restarts())
	}
}

// The host and an engine it starts talk over mutual TLS, as go-plugin's
// AutoMTLS does: the engine is handed the host's certificate, and serves TLS.
func TestEnginesGetMutualTLS(t *testing.T) {
	t.Parallel()
	info, err := engine(t, newHost(t, Config{}), "counter").Describe(t.Context())
	if err != nil || info.Description != "mutual TLS" {
		t.Fatalf("describe: %+v, %v; want the engine to have the host's certificate", info, err)
	}
}

// launchCounter starts a process of the counter engine, killed at the end
// of the test.
func launchCounter(t *testing.T, h *Host) *proc {
	t.Helper()
	p, err := h.launch(Found{Name: "counter", Path: filepath.Join(binDir, ExecutablePrefix+"counter")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.kill)
	return p
}

// An engine serves only its host: a local process that dials its address
// with a certificate of its own is refused in the TLS handshake, while the
// host's calls go through.
func TestEngineRefusesAStranger(t *testing.T) {
	t.Parallel()
	h := newHost(t, Config{})
	p := launchCounter(t, h)
	if _, err := p.rpc.Describe(t.Context()); err != nil {
		t.Fatalf("host's call: %v", err)
	}
	stranger, err := wire.NewIdentity("stranger")
	if err != nil {
		t.Fatal(err)
	}
	addr := p.client.ReattachConfig().Addr
	conn, err := tls.Dial(addr.Network(), addr.String(), &tls.Config{
		Certificates:       []tls.Certificate{stranger.Cert},
		NextProtos:         []string{"h2"}, // as gRPC asks
		InsecureSkipVerify: true,           // the stranger takes any server; the server must not take it
	})
	if err == nil {
		// TLS 1.3 reports a refused client certificate on the first read;
		// a server that took the stranger waits for it to speak instead.
		_ = conn.SetReadDeadline(time.Now().Add(time.Second))
		_, err = conn.Read(make([]byte, 1))
		conn.Close()
	}
	var ne net.Error
	if err == nil || errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("a client with another certificate was served (%v)", err)
	}
}

// An engine built with the SDK serves with the identity the host made for
// it, a P-256 certificate, rather than making a P-521 key of its own: the
// host's certificate is accepted, and the engine's certificate is the one
// the host trusts.
func TestEngineServesTheHostsIdentity(t *testing.T) {
	t.Parallel()
	h := newHost(t, Config{})
	p := launchCounter(t, h)
	addr := p.client.ReattachConfig().Addr
	conn, err := tls.Dial(addr.Network(), addr.String(), &tls.Config{
		Certificates: []tls.Certificate{h.id.host.Cert},
		RootCAs:      h.id.engine.Pool(),
		ServerName:   wire.TLSServerName,
		NextProtos:   []string{"h2"},
	})
	if err != nil {
		t.Fatalf("the host's certificate, trusting the engine identity it made: %v", err)
	}
	defer conn.Close()
	peer := conn.ConnectionState().PeerCertificates
	if len(peer) == 0 || !bytes.Equal(peer[0].Raw, h.id.engine.Cert.Certificate[0]) {
		t.Fatal("the engine did not serve the identity the host made for it")
	}
	if key, ok := peer[0].PublicKey.(*ecdsa.PublicKey); !ok || key.Curve != elliptic.P256() {
		t.Fatalf("engine key %T, want P-256", peer[0].PublicKey)
	}
}

// An engine whose Describe name is not its file's name is refused: the
// user named one engine and would get another.
func TestEngineNamedOtherwiseIsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	b, err := os.ReadFile(filepath.Join(binDir, ExecutablePrefix+"counter"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ExecutablePrefix+"alias"), b, 0o755); err != nil {
		t.Fatal(err)
	}
	_, err = engine(t, newHost(t, Config{Dirs: []string{dir}}), "alias").Describe(t.Context())
	if !errors.Is(err, core.ErrBadRequest) || !strings.Contains(err.Error(), `says it is "counter"`) {
		t.Fatalf("describe: %v; want a refusal naming both names", err)
	}
}

// An engine starts with glibc's huge-page tunable where the kernel gives
// huge pages on request, so that an engine hosting native models does not
// execute itself again to ask for them (hugepages.Enable).
func TestEnginesStartWithHugePages(t *testing.T) {
	t.Parallel()
	want, ok := hugepages.Preset(os.Environ())
	if !ok {
		t.Skip("huge pages are not given on request here, or GLIBC_TUNABLES is set")
	}
	p := launchCounter(t, newHost(t, Config{}))
	env, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", p.pid))
	if err != nil {
		t.Skip(err)
	}
	// glibc 2.36 rewrites the variable in the process's own environment
	// block as it reads it, and what /proc shows can stop after the first
	// tunable; the engine's program still reads every one.
	for _, kv := range strings.Split(string(env), "\x00") {
		if kv == want || strings.HasPrefix(want, kv+":") && strings.HasPrefix(kv, hugepages.EnvVar+"="+hugepages.Tunable+"=") {
			return
		}
	}
	t.Errorf("engine environment lacks %q: %q", want, env)
}

// An engine is told the data limit the host puts on it (wire.EnvMemoryLimit)
// before the host sets it, after the handshake: its collector is sized to
// the limit from the start.
func TestEnginesAreToldTheirMemoryLimit(t *testing.T) {
	t.Parallel()
	p := launchCounter(t, newHost(t, Config{MemoryLimit: 1 << 30}))
	env, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", p.pid))
	if err != nil {
		t.Skip(err)
	}
	want := fmt.Sprintf("%s=%d", wire.EnvMemoryLimit, 1<<30)
	for _, kv := range strings.Split(string(env), "\x00") {
		if kv == want {
			return
		}
	}
	t.Errorf("engine environment lacks %q", want)
}
