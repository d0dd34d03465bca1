package wire

import (
	"encoding/json"
	"fmt"
	"net"

	"github.com/hashicorp/go-plugin"
)

// EnvReattach names the engines the host attaches to instead of starting
// them: a JSON object from an engine's name to the Reattach that the
// engine prints when it serves in debug mode (sdk.WithDebug), so that an
// engine author can run it under a debugger and point assay at it.
const EnvReattach = "ASSAY_REATTACH_ENGINES"

// Reattach is where an engine serving in debug mode listens, as JSON:
// go-plugin's ReattachConfig holds a net.Addr, which does not encode.
type Reattach struct {
	Protocol        string `json:"protocol"`
	ProtocolVersion int    `json:"protocol_version"`
	Pid             int    `json:"pid"`
	Network         string `json:"network"` // "unix" or "tcp"
	Addr            string `json:"addr"`
}

// ReattachOf is the JSON form of what go-plugin's Serve reports in test
// mode.
func ReattachOf(rc *plugin.ReattachConfig) Reattach {
	r := Reattach{Protocol: string(rc.Protocol), ProtocolVersion: rc.ProtocolVersion, Pid: rc.Pid}
	if rc.Addr != nil {
		r.Network, r.Addr = rc.Addr.Network(), rc.Addr.String()
	}
	return r
}

// Config is r as go-plugin's client takes it. Test is set: the host does
// not own the process, and closing its client does not kill it.
func (r Reattach) Config() (*plugin.ReattachConfig, error) {
	var addr net.Addr
	var err error
	switch r.Network {
	case "unix":
		addr, err = net.ResolveUnixAddr("unix", r.Addr)
	case "tcp":
		addr, err = net.ResolveTCPAddr("tcp", r.Addr)
	default:
		err = fmt.Errorf("network %q: want unix or tcp", r.Network)
	}
	if err != nil {
		return nil, fmt.Errorf("reattach address: %w", err)
	}
	return &plugin.ReattachConfig{
		Protocol:        plugin.Protocol(r.Protocol),
		ProtocolVersion: r.ProtocolVersion,
		Pid:             r.Pid,
		Addr:            addr,
		Test:            true,
	}, nil
}

// ParseReattach reads the value of EnvReattach; "" is no engine.
func ParseReattach(s string) (map[string]Reattach, error) {
	if s == "" {
		return nil, nil
	}
	var m map[string]Reattach
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		return nil, fmt.Errorf("%s: %w", EnvReattach, err)
	}
	return m, nil
}
