package hugepages

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Tunable is the glibc tunable Enable sets: malloc advises huge pages for
// the memory it gets from the kernel. A user who names it in EnvVar opts
// out of both tunables.
const Tunable = "glibc.malloc.hugetlb"

// ArenaTunable is the other tunable Enable sets, to 1, unless EnvVar names
// it: every thread allocates from malloc's main arena. glibc advises huge
// pages only for that arena (grown with brk) and for blocks of 2 MiB and
// more that it maps on their own; the arenas it makes for other threads
// grow by mprotect with no advice, 4 KiB a fault. onnxruntime's and
// Tesseract's threads allocate there.
const ArenaTunable = "glibc.malloc.arena_max"

// tunables is what Enable and Preset add to EnvVar.
var tunables = []string{Tunable + "=1", ArenaTunable + "=1"}

// EnvVar is the variable glibc reads its tunables from.
const EnvVar = "GLIBC_TUNABLES"

// modeFile says when the kernel backs anonymous memory with huge pages.
const modeFile = "/sys/kernel/mm/transparent_hugepage/enabled"

// Enable re-executes the program with Tunable=1 and ArenaTunable=1 added
// to EnvVar, when huge pages pay here (the kernel gives them on request
// and does not hand free memory to a hypervisor) and the variable does
// not name Tunable yet. It returns only when it has nothing to do or the
// re-execution failed; the program then runs as it is.
func Enable() {
	mode, err := os.ReadFile(modeFile)
	if err != nil || !pays(string(mode)) {
		return
	}
	env, ok := withTunable(os.Environ())
	if !ok {
		restoreName()
		return
	}
	// The running binary itself, even if its file was replaced since.
	_ = syscall.Exec(selfExe, os.Args, env) // returns only on failure
}

// Preset is the environment entry that has a program started with env
// run with Tunable from its first instruction, so that its Enable has
// nothing to do and the program is not executed twice (about 50 ms of a
// core for an engine that links Tesseract's libraries). It is false where
// huge pages do not pay (see Enable), and where env sets EnvVar
// already: the user's tunables stand, and Enable adds its own to them.
func Preset(env []string) (string, bool) {
	mode, err := os.ReadFile(modeFile)
	if err != nil || reclaimedHere() {
		return "", false
	}
	return preset(string(mode), env)
}

// preset is Preset for the kernel's mode (modeFile's text).
func preset(mode string, env []string) (string, bool) {
	if !onRequest(mode) {
		return "", false
	}
	for _, kv := range env {
		if strings.HasPrefix(kv, EnvVar+"=") {
			return "", false
		}
	}
	return EnvVar + "=" + strings.Join(tunables, ":"), true
}

// selfExe names the running program's binary on Linux.
const selfExe = "/proc/self/exe"

// commFile is the name the kernel gives the process (ps, top, perf): the
// base name of the file executed, "exe" after a re-execution of selfExe.
const commFile = "/proc/self/comm"

// maxComm is the longest name the kernel keeps (TASK_COMM_LEN less its
// terminating zero).
const maxComm = 15

// restoreName gives a process that selfExe re-executed the name of its
// command again, so that ps and top show the engine, not "exe".
func restoreName() {
	comm, err := os.ReadFile(commFile)
	if err != nil || strings.TrimSpace(string(comm)) != filepath.Base(selfExe) || len(os.Args) == 0 {
		return
	}
	name := commName(os.Args[0])
	if name == "" {
		return
	}
	_ = os.WriteFile(commFile, []byte(name), 0)
}

// commName is the process name for the command arg0: its base name, cut
// to maxComm bytes.
func commName(arg0 string) string {
	name := filepath.Base(arg0)
	if name == "." || name == "/" {
		return ""
	}
	if len(name) > maxComm {
		name = name[:maxComm]
	}
	return name
}

// onRequest reports whether the kernel's mode (the selected word of
// modeFile, in brackets) is "madvise": huge pages only where a program
// asks for them.
func onRequest(mode string) bool {
	return strings.Contains(mode, "[madvise]")
}

// withTunable is env with tunables added to EnvVar, less those EnvVar
// names already, and false when EnvVar names Tunable.
func withTunable(env []string) ([]string, bool) {
	out := make([]string, 0, len(env)+1)
	var user string
	for _, kv := range env {
		val, ok := strings.CutPrefix(kv, EnvVar+"=")
		if !ok {
			out = append(out, kv)
			continue
		}
		if names(val, Tunable) {
			return nil, false
		}
		user = val
	}
	set := []string{}
	if user != "" {
		set = append(set, user)
	}
	for _, kv := range tunables {
		if name, _, _ := strings.Cut(kv, "="); !names(user, name) {
			set = append(set, kv)
		}
	}
	return append(out, EnvVar+"="+strings.Join(set, ":")), true
}

// names reports whether the tunables list (name=value pairs joined by
// colons) sets name.
func names(list, name string) bool {
	for _, kv := range strings.Split(list, ":") {
		if k, _, _ := strings.Cut(kv, "="); k == name {
			return true
		}
	}
	return false
}
