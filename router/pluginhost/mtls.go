package pluginhost

import (
	"crypto/tls"
	"fmt"
	"os/exec"
	"sync"

	"github.com/hashicorp/go-plugin"

	"github.com/assay-pdf/assay/internal/wire"
)

// identities is the host's side of mutual TLS (see wire's tls.go): its own
// key and certificate, and the one its engines serve with, both made on
// first use and shared by every engine process the host starts. Each engine
// accepts calls only from the holder of the host's key, so no other local
// process can call it, and the host trusts only the engine identity it made
// (or, for an engine that makes its own, the certificate that engine sends
// back in its handshake).
type identities struct {
	once         sync.Once
	host, engine wire.Identity
	err          error
}

// make creates both identities.
func (ids *identities) make() {
	if ids.host, ids.err = wire.NewIdentity("Assay host"); ids.err != nil {
		return
	}
	ids.engine, ids.err = wire.NewIdentity("Assay engine")
}

// apply sets up mutual TLS for one engine process: cmd carries both
// certificates and the engine's key, and cc gets a TLS configuration of its
// own that trusts the engine's certificate.
func (ids *identities) apply(cc *plugin.ClientConfig, cmd *exec.Cmd) error {
	ids.once.Do(ids.make)
	if ids.err != nil {
		return fmt.Errorf("host certificate: %w", ids.err)
	}
	cmd.Env = append(cmd.Env, wire.EnvClientCert+"="+string(ids.host.CertPEM), ids.engine.Env())
	cc.AutoMTLS = false
	cc.TLSConfig = &tls.Config{
		Certificates: []tls.Certificate{ids.host.Cert},
		RootCAs:      ids.engine.Pool(),
		MinVersion:   tls.VersionTLS12,
		ServerName:   wire.TLSServerName,
	}
	return nil
}
