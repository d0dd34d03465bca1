package hugepages

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// childEnv marks the test binary run as the program that calls Enable.
const childEnv = "HUGEPAGES_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		// The program: say who it is, enable, say it again. After a
		// re-execution the first line comes twice.
		fmt.Printf("start %d %s\n", os.Getpid(), os.Getenv(EnvVar))
		Enable()
		comm, _ := os.ReadFile(commFile)
		fmt.Printf("running %d %s %s\n", os.Getpid(), os.Getenv(EnvVar), strings.TrimSpace(string(comm)))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// allTunables is what Enable and Preset add where the user names none.
const allTunables = "glibc.malloc.hugetlb=1:glibc.malloc.arena_max=1"

func TestWithTunable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		env  []string
		want []string // nil: left alone
	}{
		{"no tunables", []string{"A=1", "B=2"}, []string{"A=1", "B=2", "GLIBC_TUNABLES=" + allTunables}},
		{"empty tunables", []string{"GLIBC_TUNABLES="}, []string{"GLIBC_TUNABLES=" + allTunables}},
		{"other tunables kept", []string{"GLIBC_TUNABLES=glibc.malloc.trim_threshold=1048576", "A=1"},
			[]string{"A=1", "GLIBC_TUNABLES=glibc.malloc.trim_threshold=1048576:" + allTunables}},
		{"the user's arena count stands", []string{"GLIBC_TUNABLES=glibc.malloc.arena_max=4"},
			[]string{"GLIBC_TUNABLES=glibc.malloc.arena_max=4:glibc.malloc.hugetlb=1"}},
		{"user opted out", []string{"GLIBC_TUNABLES=glibc.malloc.hugetlb=0"}, nil},
		{"already set among others", []string{"GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1"}, nil},
		{"a longer name is another tunable", []string{"GLIBC_TUNABLES=glibc.malloc.hugetlbx=1"},
			[]string{"GLIBC_TUNABLES=glibc.malloc.hugetlbx=1:" + allTunables}},
		{"a value is not a name", []string{"XGLIBC_TUNABLES=glibc.malloc.hugetlb=0"},
			[]string{"XGLIBC_TUNABLES=glibc.malloc.hugetlb=0", "GLIBC_TUNABLES=" + allTunables}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, ok := withTunable(tc.env)
			if tc.want == nil {
				if ok {
					t.Fatalf("withTunable(%q) = %q, want it left alone", tc.env, got)
				}
				return
			}
			if !ok || !slices.Equal(got, tc.want) {
				t.Fatalf("withTunable(%q) = %q, %v; want %q", tc.env, got, ok, tc.want)
			}
		})
	}
}

func TestPreset(t *testing.T) {
	t.Parallel()
	const onRequestMode, alwaysMode = "always [madvise] never\n", "[always] madvise never\n"
	want := EnvVar + "=" + allTunables
	tests := []struct {
		name string
		mode string
		env  []string
		ok   bool
	}{
		{"huge pages on request, no tunables set", onRequestMode, []string{"A=1"}, true},
		{"the user's tunables stand", onRequestMode, []string{EnvVar + "=glibc.malloc.arena_max=2"}, false},
		{"the user opted out", onRequestMode, []string{EnvVar + "=" + Tunable + "=0"}, false},
		{"huge pages always: nothing to ask for", alwaysMode, nil, false},
	}
	for _, tc := range tests {
		kv, ok := preset(tc.mode, tc.env)
		if ok != tc.ok || (ok && kv != want) {
			t.Errorf("%s: preset = %q, %v; want %v", tc.name, kv, ok, tc.ok)
		}
	}
}

func TestCommName(t *testing.T) {
	t.Parallel()
	for arg0, want := range map[string]string{
		"/usr/local/bin/assay-engine-ocr": "assay-engine-oc",
		"assay-engine-tableformer":        "assay-engine-ta",
		"./ocr":                           "ocr",
		"/":                               "",
	} {
		if got := commName(arg0); got != want {
			t.Errorf("commName(%q) = %q, want %q", arg0, got, want)
		}
	}
}

func TestOnRequest(t *testing.T) {
	t.Parallel()
	for mode, want := range map[string]bool{
		"always [madvise] never\n": true,
		"[always] madvise never\n": false,
		"always madvise [never]\n": false,
		"":                         false,
	} {
		if got := onRequest(mode); got != want {
			t.Errorf("onRequest(%q) = %v, want %v", mode, got, want)
		}
	}
}

// TestEnableReexecutes runs the test binary as a program that calls
// Enable: where the kernel gives huge pages on request, it must start
// again in the same process with the tunable set, and run on.
func TestEnableReexecutes(t *testing.T) {
	t.Parallel()
	mode, err := os.ReadFile(modeFile)
	if err != nil || !onRequest(string(mode)) {
		t.Skipf("transparent huge pages are not given on request here (%q)", strings.TrimSpace(string(mode)))
	}
	run := func(tunables string) []string {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"=1")
		if tunables != "" {
			cmd.Env = append(cmd.Env, EnvVar+"="+tunables)
		}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		return strings.Split(strings.TrimSpace(string(out)), "\n")
	}
	lines := run("")
	if reclaimedHere() {
		if len(lines) != 2 || strings.Contains(lines[1], Tunable) {
			t.Errorf("on a machine that hands free memory to its hypervisor the child printed %q; want no re-execution", lines)
		}
		return
	}
	if len(lines) != 3 {
		t.Fatalf("child printed %q; want a start, a start after re-executing, and running", lines)
	}
	var pids [3]int
	var envs [3]string
	var comm string
	for i, l := range lines {
		var word string
		if n, _ := fmt.Sscan(l, &word, &pids[i], &envs[i], &comm); n < 2 {
			t.Fatalf("child line %q", l)
		}
	}
	if want := commName(os.Args[0]); comm != want {
		t.Errorf("after re-executing, the process is named %q; want %q, its command's name", comm, want)
	}
	if pids[0] != pids[1] || pids[1] != pids[2] {
		t.Errorf("pids %v: the program must start again in the same process", pids)
	}
	if envs[0] != "" || envs[1] != allTunables || envs[2] != allTunables {
		t.Errorf("tunables %q: want none, then %s", envs, allTunables)
	}
	if lines := run(Tunable + "=0"); len(lines) != 2 {
		t.Errorf("with %s=0 the child printed %q; want no re-execution", Tunable, lines)
	}
}
