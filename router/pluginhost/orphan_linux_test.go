//go:build linux

package pluginhost

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// envOrphanHost makes the test binary a host that starts the counter engine
// from the directory it names, prints the engine's pid, and waits to be
// killed.
const envOrphanHost = "PLUGINHOST_TEST_ORPHAN_HOST"

func init() {
	if dir := os.Getenv(envOrphanHost); dir != "" {
		os.Exit(orphanHost(dir))
	}
}

func orphanHost(dir string) int {
	h := New(Config{Dirs: []string{dir}})
	p, err := h.launch(Found{Name: "counter", Path: filepath.Join(dir, ExecutablePrefix+"counter")})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println(p.pid)
	select {}
}

// A host killed with SIGKILL takes its engines with it: nothing is left
// running that nobody will ever call.
func TestEnginesDieWithTheHost(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envOrphanHost+"="+binDir)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("the host did not start its engine: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		t.Fatal(err)
	}
	if !running(pid) {
		t.Fatalf("engine %d is not running", pid)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	for deadline := time.Now().Add(10 * time.Second); running(pid); {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("engine %d still runs 10 s after its host was killed", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// running reports whether process pid exists and is not a zombie.
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the parenthesised command name.
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}
