//go:build linux

package pluginhost

import (
	"os/exec"
	"syscall"
)

// dieWithHost asks the kernel to kill the engine process when the host
// dies, however it dies: a host killed with SIGKILL, or ended by SIGPIPE
// on a closed stderr, cannot kill its engines itself, and an engine does
// not otherwise notice that its caller is gone.
func dieWithHost(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
