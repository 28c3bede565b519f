package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/dataset"
)

// TestAcceptBuild runs the two shards of a run with two builds of the
// harness (this test binary and the built one, --redo-stale taking the
// other's files in the directory): merge refuses them and
// says how to take them; merge --accept-build takes them and records the
// other build in the manifest; verify passes such a run, and fails it
// once the manifest no longer lists that build; summary says that it
// pools two builds.
func TestAcceptBuild(t *testing.T) {
	noBatchEnv(t)
	bin := binary(t)
	spec := writeSpec(t, smallSpec)
	out := t.TempDir()
	exp := filepath.Join(out, "small")
	if code, _, stderr := cli("run", spec, "--out", out, "--shard", "0/2", "--workers", "1"); code != 0 {
		t.Fatal(stderr)
	}
	if b, err := exec.Command(bin, "run", spec, "--out", out, "--shard", "1/2", "--workers", "1", "--redo-stale").CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	if code, _, stderr := cli("merge", exp); code != 1 || !strings.Contains(stderr, "merge --accept-build takes them") {
		t.Fatalf("merge of two builds: exit %d: %s", code, stderr)
	}
	if code, _, stderr := cli("merge", exp, "--accept-build"); code != 0 {
		t.Fatalf("merge --accept-build: exit %d: %s", code, stderr)
	}
	m, err := dataset.ReadManifest(out, "small")
	if err != nil || len(m.Builds) != 1 || m.Builds[0].Same(m.Harness) {
		t.Fatalf("manifest: builds %v, harness %v, %v", m.Builds, m.Harness, err)
	}
	if code, stdout, stderr := cli("verify", exp); code != 0 {
		t.Errorf("verify of a run merged with --accept-build: exit %d: %s%s", code, stdout, stderr)
	}
	code, _, stderr := cli("summary", exp)
	if code != 0 || !strings.Contains(stderr, "written by 2 builds of the harness") {
		t.Errorf("summary: exit %d, stderr %q; want a note that it pools 2 builds", code, stderr)
	}
	path := filepath.Join(exp, dataset.ManifestName)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	delete(raw, "builds")
	if b, err = json.Marshal(raw); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, _ := cli("verify", exp); code != 1 || !strings.Contains(stdout, "written by harness") {
		t.Errorf("verify without the builds listed: exit %d: %s", code, stdout)
	}
}
