package pluginhost

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"os/exec"
	"sync"
	"time"

	"github.com/hashicorp/go-plugin"
)

// envClientCert is the variable through which go-plugin's automatic mutual
// TLS hands an engine the certificate of the host that started it. The
// engine answers with a certificate of its own in the handshake line, and
// accepts calls only from the holder of the host's key.
const envClientCert = "PLUGIN_CLIENT_CERT"

// certLifetime bounds the host certificate's validity; a host lives for one
// run or one service, and makes a new certificate when it starts.
const certLifetime = 10 * 365 * 24 * time.Hour

// identity is the host's side of mutual TLS: one key and certificate for all
// the engine processes it starts, made on first use.
//
// go-plugin's AutoMTLS does the same exchange, but makes a P-521 key for
// every process it starts, and signs every handshake with it. Over a
// directory of 56 born-digital documents that was about 5% of the run's
// CPU. A P-256 key made once per host is as private (the key never leaves
// the host's memory, and each engine still makes its own certificate) and
// costs a fraction of a millisecond.
type identity struct {
	once sync.Once
	cert tls.Certificate
	pem  []byte
	err  error
}

// make creates the key and self-signed certificate.
func (id *identity) make() {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		id.err = err
		return
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 128))
	if err != nil {
		id.err = err
		return
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "localhost", Organization: []string{"Assay host"}},
		DNSNames:              []string{"localhost"},
		NotBefore:             now.Add(-time.Minute),
		NotAfter:              now.Add(certLifetime),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth, x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true, // the engine trusts it as its own root
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		id.err = err
		return
	}
	id.cert = tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
	id.pem = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}

// apply sets up mutual TLS for one engine process: cmd carries the host's
// certificate, and cc gets a TLS configuration of its own, which go-plugin
// completes with the certificate the engine sends back in its handshake.
func (id *identity) apply(cc *plugin.ClientConfig, cmd *exec.Cmd) error {
	id.once.Do(id.make)
	if id.err != nil {
		return fmt.Errorf("host certificate: %w", id.err)
	}
	cmd.Env = append(cmd.Env, envClientCert+"="+string(id.pem))
	cc.AutoMTLS = false
	cc.TLSConfig = &tls.Config{
		Certificates: []tls.Certificate{id.cert},
		ClientAuth:   tls.RequireAndVerifyClientCert,
		MinVersion:   tls.VersionTLS12,
		ServerName:   "localhost",
	}
	return nil
}
