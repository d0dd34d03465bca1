package tempdir

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// childEnv makes the test binary a process that opens a Dir under the
// named parent, writes a file into it, prints the Dir's path and waits
// to be killed.
const childEnv = "SCRATCH_TEST_CHILD_PARENT"

func TestMain(m *testing.M) {
	if parent := os.Getenv(childEnv); parent != "" {
		d, err := Open(parent, "t")
		if err != nil {
			os.Exit(3)
		}
		f, err := d.CreateTemp("input-*.pdf")
		if err != nil {
			os.Exit(4)
		}
		f.Close()
		os.Stdout.WriteString(d.Path() + "\n")
		select {} // until killed
	}
	os.Exit(m.Run())
}

func TestCloseRemovesTheDirectory(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	d, err := Open(parent, "t")
	if err != nil {
		t.Fatal(err)
	}
	f, err := d.CreateTemp("x-*.pdf")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if filepath.Dir(f.Name()) != d.Path() || filepath.Dir(d.Path()) != parent {
		t.Fatalf("file %s, dir %s, parent %s", f.Name(), d.Path(), parent)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(d.Path()); !os.IsNotExist(err) {
		t.Fatalf("%s is still there after Close: %v", d.Path(), err)
	}
}

// TestLiveDirectoriesAreKept: a Dir open in this process, and a
// directory of the prefix without a lock file, survive another Open's
// sweep; so does a directory of another prefix.
func TestLiveDirectoriesAreKept(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	live, err := Open(parent, "t")
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	unlocked := filepath.Join(parent, "t-unlocked")
	other := filepath.Join(parent, "tt-other")
	for _, dir := range []string{unlocked, other} {
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(other, lockName), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	second, err := Open(parent, "t")
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	for _, dir := range []string{live.Path(), unlocked, other} {
		if _, err := os.Stat(dir); err != nil {
			t.Errorf("the sweep removed %s: %v", dir, err)
		}
	}
}

// TestKilledOwnersDirectoryIsSwept kills a process with SIGKILL while it
// holds a Dir with a file in it; the next Open removes that directory.
func TestKilledOwnersDirectoryIsSwept(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no flock: nothing is swept")
	}
	parent := t.TempDir()
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), childEnv+"="+parent)
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	path, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		_ = child.Process.Kill()
		_ = child.Wait()
		t.Fatalf("the child gave no directory: %v", err)
	}
	path = path[:len(path)-1]
	// While the child lives its directory is kept.
	if n := sweep(parent, "t"); n != 0 {
		t.Errorf("sweep removed %d directories of a live owner", n)
	}
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = child.Wait()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the killed child's directory is not there to sweep: %v", err)
	}
	d, err := Open(parent, "t")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("the killed child's directory %s survived Open: %v", path, err)
	}
}

func TestBadPrefix(t *testing.T) {
	t.Parallel()
	for _, prefix := range []string{"", "a/b", "a*"} {
		if d, err := Open(t.TempDir(), prefix); err == nil {
			d.Close()
			t.Errorf("Open accepted the prefix %q", prefix)
		}
	}
}
