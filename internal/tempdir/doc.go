// Package tempdir gives a long-running process a directory of temporary
// files of its own, and clears away the directories of processes that
// died without clearing their own.
//
// A job worker copies each batch's PDF to a temporary file, because
// engines read files. A worker killed while it reads (by the OOM killer,
// by an operator's SIGKILL, by a node that goes away) runs no deferred
// removal, and its copy of the input stays in the temporary directory:
// one file per kill, for the life of the machine. So the worker keeps
// its files in a Dir:
//
//	d, err := tempdir.Open("", "assay-worker") // under os.TempDir()
//	defer d.Close()                             // removes the directory
//	f, err := d.CreateTemp("assay-job-*.pdf")
//
// Each Dir holds an exclusive lock (flock) on a file inside it for as
// long as it is open, and the kernel lets go of that lock when its
// process dies, however it dies. Open first removes every directory of
// the same prefix whose lock it can take: their owners are gone. A
// directory is locked before it gets its name, so no sweep can find it
// unlocked while its owner lives. Where there is no flock (not unix),
// nothing is swept and Close still removes the directory.
package tempdir
