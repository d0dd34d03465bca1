package wire

import (
	"encoding/json"
	"net"
	"testing"

	"github.com/hashicorp/go-plugin"
)

// TestReattachRoundTrip: what an engine in debug mode prints is what the
// host's client attaches to, in test mode (the host does not own it).
func TestReattachRoundTrip(t *testing.T) {
	t.Parallel()
	for _, addr := range []net.Addr{
		&net.UnixAddr{Name: "/tmp/plugin123", Net: "unix"},
		&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 10001},
	} {
		rc := &plugin.ReattachConfig{Protocol: plugin.ProtocolGRPC, ProtocolVersion: ProtocolVersion, Pid: 42, Addr: addr, Test: true}
		line, err := json.Marshal(map[string]Reattach{"x": ReattachOf(rc)})
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseReattach(string(line))
		if err != nil {
			t.Fatal(err)
		}
		got, err := m["x"].Config()
		if err != nil {
			t.Fatal(err)
		}
		if got.Protocol != rc.Protocol || got.ProtocolVersion != rc.ProtocolVersion || got.Pid != rc.Pid || !got.Test ||
			got.Addr.Network() != addr.Network() || got.Addr.String() != addr.String() {
			t.Errorf("%s: %+v, want %+v", line, got, rc)
		}
	}
	if m, err := ParseReattach(""); m != nil || err != nil {
		t.Errorf("empty: %v, %v", m, err)
	}
	if _, err := ParseReattach("{"); err == nil {
		t.Error("bad JSON parsed")
	}
	if _, err := (Reattach{Network: "udp", Addr: "x"}).Config(); err == nil {
		t.Error("an unknown network resolved")
	}
}
