package wire

import (
	"crypto/tls"
	"os"
	"testing"
)

// EngineTLS serves with the identity the host passed, requires the host's
// certificate, and unsets the variable that carried the key; without both
// variables it leaves the exchange to go-plugin.
func TestEngineTLS(t *testing.T) {
	host, err := NewIdentity("host")
	if err != nil {
		t.Fatal(err)
	}
	engine, err := NewIdentity("engine")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvClientCert, "")
	t.Setenv(EnvEngineIdentity, string(engine.CertPEM)+string(engine.KeyPEM))
	if c, err := EngineTLS(); c != nil || err != nil {
		t.Fatalf("without the host's certificate: %v, %v; want nil, nil", c, err)
	}
	t.Setenv(EnvClientCert, string(host.CertPEM))
	t.Setenv(EnvEngineIdentity, string(engine.CertPEM)+string(engine.KeyPEM))
	c, err := EngineTLS()
	if err != nil || c == nil {
		t.Fatalf("EngineTLS: %v, %v", c, err)
	}
	if _, ok := os.LookupEnv(EnvEngineIdentity); ok {
		t.Error("the engine's key stays in the environment")
	}
	if c.ClientAuth != tls.RequireAndVerifyClientCert {
		t.Errorf("ClientAuth %v, want RequireAndVerifyClientCert", c.ClientAuth)
	}
	if got := c.Certificates[0].Certificate[0]; string(got) != string(engine.Cert.Certificate[0]) {
		t.Error("the engine serves another certificate than the one passed")
	}
	t.Setenv(EnvEngineIdentity, "not PEM")
	if _, err := EngineTLS(); err == nil {
		t.Error("a malformed identity was taken")
	}
}
