package wire

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGeneratedCodeIsFresh regenerates enginev1 from the .proto with the
// tools on this machine and compares it byte for byte with the checked-in
// files. It skips when a tool is missing or its version differs from the
// one recorded in the checked-in header (the output would differ anyway).
func TestGeneratedCodeIsFresh(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("short mode")
	}
	protoc, err := exec.LookPath("protoc")
	if err != nil {
		t.Skip("protoc not on PATH; install protobuf-compiler (protoc 3.21) to check the generated code")
	}
	genGo := lookTool(t, "protoc-gen-go")
	genGRPC := lookTool(t, "protoc-gen-go-grpc")
	if genGo == "" || genGRPC == "" {
		t.Skip("protoc-gen-go or protoc-gen-go-grpc not on PATH nor in $(go env GOPATH)/bin; " +
			"go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12 google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.6.2")
	}

	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	checkedIn := filepath.Join(root, "internal", "wire", "enginev1")
	files := []string{"engine.pb.go", "engine_grpc.pb.go"}

	// Compare tool versions with the ones the header records.
	pb, err := os.ReadFile(filepath.Join(checkedIn, "engine.pb.go"))
	if err != nil {
		t.Fatal(err)
	}
	grpcPB, err := os.ReadFile(filepath.Join(checkedIn, "engine_grpc.pb.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		header []byte
		re     string
		tool   string
		args   []string
	}{
		{pb, `(?m)^//\s+protoc-gen-go (v\S+)`, genGo, []string{"--version"}},
		{pb, `(?m)^//\s+protoc\s+v(\S+)`, protoc, []string{"--version"}},
		{grpcPB, `(?m)^//\s+- protoc-gen-go-grpc v(\S+)`, genGRPC, []string{"--version"}},
	} {
		m := regexp.MustCompile(c.re).FindSubmatch(c.header)
		if m == nil {
			continue
		}
		out, err := exec.Command(c.tool, c.args...).Output()
		if err != nil {
			t.Skipf("%s --version: %v", c.tool, err)
		}
		if want := string(m[1]); !strings.Contains(string(out), want) {
			t.Skipf("%s is %q but the checked-in code was made with %s; install that version to check freshness",
				filepath.Base(c.tool), strings.TrimSpace(string(out)), want)
		}
	}

	tmp := t.TempDir()
	cmd := exec.Command(protoc,
		"--plugin=protoc-gen-go="+genGo,
		"--plugin=protoc-gen-go-grpc="+genGRPC,
		"-I", "sdk/proto",
		"--go_out="+tmp, "--go_opt=module=github.com/assay-pdf/assay/internal/wire",
		"--go-grpc_out="+tmp, "--go-grpc_opt=module=github.com/assay-pdf/assay/internal/wire",
		"sdk/proto/assay/engine/v1/engine.proto")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("protoc: %v\n%s", err, out)
	}
	for _, f := range files {
		want, err := os.ReadFile(filepath.Join(tmp, "enginev1", f))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(checkedIn, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("internal/wire/enginev1/%s is stale; regenerate it from the repository root with:\n"+
				"protoc -I sdk/proto --go_out=internal/wire --go_opt=module=github.com/assay-pdf/assay/internal/wire "+
				"--go-grpc_out=internal/wire --go-grpc_opt=module=github.com/assay-pdf/assay/internal/wire "+
				"sdk/proto/assay/engine/v1/engine.proto", f)
		}
	}
}

// lookTool finds a protoc plugin on PATH or in $(go env GOPATH)/bin; "" if
// neither has it.
func lookTool(t *testing.T, name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	out, err := exec.Command("go", "env", "GOPATH").Output()
	if err != nil {
		return ""
	}
	for _, dir := range filepath.SplitList(strings.TrimSpace(string(out))) {
		p := filepath.Join(dir, "bin", name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// generatedMarker is Go's marker of a generated file (go.dev/s/generatedcode),
// which tools from gofmt to linters and code review read.
var generatedMarker = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)

// TestGeneratedFilesMarked: every Go file of the module that says it is
// generated starts with Go's one-line marker, so that tools know it. The
// protoc plugins put the .proto's comments on syntax above their marker,
// so engine.proto keeps its file comment on the package statement.
func TestGeneratedFilesMarked(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		first, says, err := generatedHeader(p)
		if err != nil || !says {
			return err
		}
		found++
		if !generatedMarker.MatchString(first) {
			rel, _ := filepath.Rel(root, p)
			t.Errorf("%s says it is generated but starts %q; want one line matching %s first", rel, first, generatedMarker)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("no generated files found; the walk is broken")
	}
}

// generatedHeader reads the comment lines that open a Go file: the first
// line, and whether any of them says the file is generated.
func generatedHeader(path string) (first string, says bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 0; sc.Scan(); i++ {
		line := sc.Text()
		if i == 0 {
			first = line
		}
		if line != "" && !strings.HasPrefix(line, "//") {
			break
		}
		if strings.Contains(line, "DO NOT EDIT") {
			says = true
		}
	}
	return first, says, sc.Err()
}
