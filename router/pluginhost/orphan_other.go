//go:build !linux

package pluginhost

import "os/exec"

// dieWithHost does nothing where the kernel cannot tie a child's life to
// its parent's; a host that exits normally still kills its engines.
func dieWithHost(cmd *exec.Cmd) {}
