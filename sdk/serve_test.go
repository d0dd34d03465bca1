package sdk

import (
	"testing"

	"github.com/hashicorp/go-hclog"
)

// TestOptions: the environment sets the defaults, options given to Serve
// win over it, and Serve(e) alone is a plain engine at level info.
func TestOptions(t *testing.T) {
	t.Setenv(EnvDebug, "")
	t.Setenv(EnvLogLevel, "")
	c := newConfig(nil)
	if c.debug || c.level != hclog.Info || c.logger == nil {
		t.Errorf("defaults: debug %v, level %v, logger %v", c.debug, c.level, c.logger)
	}

	t.Setenv(EnvDebug, "1")
	t.Setenv(EnvLogLevel, "debug")
	c = newConfig(nil)
	if !c.debug || c.level != hclog.Debug || !c.logger.IsDebug() {
		t.Errorf("from the environment: debug %v, level %v", c.debug, c.level)
	}
	c = newConfig([]Option{WithDebug(false), WithLogLevel("warn")})
	if c.debug || c.level != hclog.Warn {
		t.Errorf("options over the environment: debug %v, level %v", c.debug, c.level)
	}
	c = newConfig([]Option{WithLogLevel("loud")})
	if c.level != hclog.Debug {
		t.Errorf("an unknown level changed the level to %v", c.level)
	}
	l := hclog.NewNullLogger()
	if c = newConfig([]Option{WithLogger(l)}); c.logger != l {
		t.Error("WithLogger's logger is not used")
	}
}
