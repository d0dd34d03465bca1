package wire

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"os"
	"time"
)

// Mutual TLS between the host and the engine processes it starts.
//
// go-plugin's AutoMTLS hands an engine the host's certificate in
// EnvClientCert; the engine then makes a P-521 key of its own, sends its
// certificate back in the handshake line, and signs every handshake with
// it. Generic P-521 arithmetic was about 7% of all CPU over a directory of
// small documents: the key in every process, and the host's verification
// of every engine's signature.
//
// So the host makes both identities, once, with P-256: its own, and the
// one its engines present, which it passes in EnvEngineIdentity. An engine
// built with sdk serves with that identity (EngineTLS) and accepts only
// callers holding the host's key. An engine that does not read
// EnvEngineIdentity (another language, an older SDK) still does go-plugin's
// own exchange, and the host then trusts the certificate the engine sends
// back instead.
const (
	// EnvClientCert is go-plugin's variable for the host's certificate (PEM).
	EnvClientCert = "PLUGIN_CLIENT_CERT"
	// EnvEngineIdentity carries the engine's certificate and key (PEM
	// blocks, certificate first). The engine unsets it once read.
	EnvEngineIdentity = "ASSAY_ENGINE_IDENTITY"
	// TLSServerName is the name both certificates are made for.
	TLSServerName = "localhost"
)

// certLifetime bounds a certificate's validity; an identity lives for one
// host process, which makes new ones when it starts.
const certLifetime = 10 * 365 * 24 * time.Hour

// serialBits is the size of a certificate's random serial number.
const serialBits = 128

// Identity is a P-256 key and its self-signed certificate, usable both as a
// TLS identity and as the root that trusts it.
type Identity struct {
	Cert    tls.Certificate
	CertPEM []byte
	KeyPEM  []byte
}

// NewIdentity makes a key and a self-signed certificate for TLSServerName;
// org names the side that holds it.
func NewIdentity(org string) (Identity, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return Identity{}, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), serialBits))
	if err != nil {
		return Identity{}, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: TLSServerName, Organization: []string{org}},
		DNSNames:              []string{TLSServerName},
		NotBefore:             now.Add(-time.Minute),
		NotAfter:              now.Add(certLifetime),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth, x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true, // the other side trusts it as its own root
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		return Identity{}, err
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return Identity{}, err
	}
	return Identity{
		Cert:    tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key},
		CertPEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		KeyPEM:  pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}),
	}, nil
}

// Env is the identity as EnvEngineIdentity carries it.
func (id Identity) Env() string {
	return EnvEngineIdentity + "=" + string(id.CertPEM) + string(id.KeyPEM)
}

// Pool is a certificate pool that trusts the identity alone.
func (id Identity) Pool() *x509.CertPool {
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(id.CertPEM)
	return pool
}

// EngineTLS is the engine side's TLS configuration when the host made the
// engine's identity: serve with it, and take only callers that hold the
// host's key. It is nil, with no error, when the host did not (no
// EnvEngineIdentity, or no EnvClientCert): go-plugin then does its own
// exchange, or none. It unsets EnvEngineIdentity, so that nothing the
// engine runs inherits the key.
func EngineTLS() (*tls.Config, error) {
	both, ok := os.LookupEnv(EnvEngineIdentity)
	os.Unsetenv(EnvEngineIdentity)
	host := os.Getenv(EnvClientCert)
	if !ok || host == "" {
		return nil, nil
	}
	cert, err := tls.X509KeyPair([]byte(both), []byte(both))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", EnvEngineIdentity, err)
	}
	hosts := x509.NewCertPool()
	if !hosts.AppendCertsFromPEM([]byte(host)) {
		return nil, errors.New(EnvClientCert + ": no certificate")
	}
	return &tls.Config{
		Certificates: []tls.Certificate{cert},
		ClientAuth:   tls.RequireAndVerifyClientCert,
		ClientCAs:    hosts,
		MinVersion:   tls.VersionTLS12,
		ServerName:   TLSServerName,
	}, nil
}
