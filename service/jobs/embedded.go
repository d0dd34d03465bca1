package jobs

import (
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// startTimeout bounds the embedded server's start (it reads back its
// streams from disk).
const startTimeout = 30 * time.Second

// Embedded is a NATS server with JetStream in this process.
type Embedded struct {
	srv *server.Server
}

// StartEmbedded starts a NATS server with JetStream whose streams are
// files under dir. listen ("host:port") also lets other processes
// (workers) connect; "" serves this process only.
func StartEmbedded(dir, listen string) (*Embedded, error) {
	opts := &server.Options{ServerName: "assay", JetStream: true, StoreDir: dir, NoSigs: true, NoLog: true, DontListen: listen == ""}
	if listen != "" {
		host, port, err := net.SplitHostPort(listen)
		if err != nil {
			return nil, fmt.Errorf("jobs: nats listen address %q: %w", listen, err)
		}
		opts.Host = host
		if opts.Port, err = strconv.Atoi(port); err != nil {
			return nil, fmt.Errorf("jobs: nats listen address %q: %w", listen, err)
		}
		if opts.Port == 0 {
			opts.Port = server.RANDOM_PORT
		}
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("jobs: the embedded nats server: %w", err)
	}
	srv.Start()
	if !srv.ReadyForConnections(startTimeout) {
		srv.Shutdown()
		return nil, fmt.Errorf("jobs: the embedded nats server did not start within %s", startTimeout)
	}
	return &Embedded{srv: srv}, nil
}

// Connect is a connection to the server from this process.
func (e *Embedded) Connect() (*nats.Conn, error) {
	nc, err := nats.Connect("", nats.InProcessServer(e.srv), nats.Name("assay"))
	if err != nil {
		return nil, fmt.Errorf("jobs: connecting to the embedded server: %w", err)
	}
	return nc, nil
}

// URL is where other processes connect ("" when it does not listen).
func (e *Embedded) URL() string {
	if e.srv.Addr() == nil {
		return ""
	}
	return e.srv.ClientURL()
}

// Shutdown stops the server; what it stored stays in its directory.
func (e *Embedded) Shutdown() {
	e.srv.Shutdown()
	e.srv.WaitForShutdown()
}

// Connect connects to an external NATS server (or cluster) at url,
// reconnecting for as long as the process runs.
func Connect(url string) (*nats.Conn, error) {
	nc, err := nats.Connect(url, nats.Name("assay"), nats.MaxReconnects(-1), nats.RetryOnFailedConnect(true))
	if err != nil {
		return nil, fmt.Errorf("jobs: connecting to %s: %w", url, err)
	}
	return nc, nil
}
