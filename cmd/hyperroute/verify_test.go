package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// linesWith returns the lines of s that contain sub.
func linesWith(s, sub string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return out
}

// TestVerifyAndRepair cuts a part file short, as an interrupted copy
// does: verify names it, summary and figures refuse the dataset naming
// it, a rerun says it sets the file aside and redoes its unit, and then
// everything reads again; --force keeps a second damaged copy too.
func TestVerifyAndRepair(t *testing.T) {
	noBatchEnv(t)
	dir := t.TempDir()
	spec := writeSpec(t, "name: valiant-tail\ngrid:\n  n: [3, 4, 5]\n  router: valiant\n  port: [single, all]\ntrials: 10\nseed: 1\ntables: [trials, packets]\npacket_trials: 2\n")
	res, figs := filepath.Join(dir, "results"), filepath.Join(dir, "figures")
	exp := filepath.Join(res, "valiant-tail")
	if code, _, stderr := cli("run", spec, "--out", res); code != 0 {
		t.Fatalf("run: exit %d\n%s", code, stderr)
	}
	code, stdout, stderr := cli("verify", exp)
	if want := exp + ": all 6 files of 1 shard there, 284 rows, each as the manifest and the spec say\n"; code != 0 || stdout != want || stderr != "" {
		t.Errorf("verify: exit %d\n%s%s\nwant %s", code, stdout, stderr, want)
	}

	part := filepath.Join(exp, "trials", "n=4", "part-0-of-1.parquet")
	if err := os.Truncate(part, 100); err != nil {
		t.Fatal(err)
	}
	damage := "not a whole Parquet file (100 bytes, no footer at the end)"
	code, stdout, stderr = cli("verify", exp)
	if code != 1 || stdout != part+": damaged: "+damage+"\n" || stderr != "hyperroute verify: "+exp+
		": 1 problem in 6 files (the run has 6); to repair: hyperroute run SPEC --out "+res+" --trials 10 (SPEC: the run's spec file, whose text manifest.json records)\n" {
		t.Errorf("verify of a damaged file: exit %d\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = cli("summary", exp)
	if code != 1 || stderr != "hyperroute summary: "+part+" is damaged: "+damage+"\n" {
		t.Errorf("summary of a damaged file: exit %d\n%s", code, stderr)
	}
	code, _, stderr = cli("figures", "--results", res, "--out", figs)
	if code != 1 || len(linesWith(stderr, part+" is damaged: "+damage)) != 1 {
		t.Errorf("figures of a damaged file: exit %d\n%s", code, stderr)
	}

	code, _, stderr = cli("run", spec, "--out", res)
	aside := filepath.Join(filepath.Dir(part), "_part-0-of-1.parquet.damaged")
	want := "valiant-tail n=4 shard 0/1: trials/n=4/part-0-of-1.parquet is damaged (" + damage +
		"), set aside as trials/n=4/_part-0-of-1.parquet.damaged; redoing the unit"
	if d := linesWith(stderr, "damaged"); code != 0 || len(d) != 1 || d[0] != want ||
		len(linesWith(stderr, ": written, rows:")) != 1 || len(linesWith(stderr, "valiant-tail n=4 shard 0/1: written")) != 1 {
		t.Errorf("rerun: exit %d\n%s\nwant the line\n%s", code, stderr, want)
	}
	if st, err := os.Stat(aside); err != nil || st.Size() != 100 {
		t.Errorf("the damaged file is not kept as %s: %v", aside, err)
	}
	code, stdout, _ = cli("verify", exp)
	if code != 0 || !strings.HasSuffix(stdout, "; 1 file set aside as damaged (*.damaged), not part of the dataset\n") {
		t.Errorf("verify after the rerun: exit %d\n%s", code, stdout)
	}
	for _, args := range [][]string{{"summary", exp}, {"figures", "--results", res, "--out", figs}} {
		if code, _, stderr := cli(args...); code != 0 {
			t.Errorf("%s after the rerun: exit %d\n%s", args[0], code, stderr)
		}
	}

	if err := os.WriteFile(part, []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = cli("run", spec, "--out", res, "--force")
	if d := linesWith(stderr, "is damaged"); code != 0 || len(d) != 1 || !strings.HasSuffix(d[0], "set aside as trials/n=4/_part-0-of-1.parquet.2.damaged; redoing the unit") {
		t.Errorf("forced rerun: exit %d\n%s", code, stderr)
	}
	if b, err := os.ReadFile(aside[:len(aside)-len("damaged")] + "2.damaged"); err != nil || string(b) != "garbage" {
		t.Errorf("the second damaged file is not kept: %v", err)
	}
}

// TestVerifyBadInput checks that bad input to verify is one line on stderr
// and exit status 2.
func TestVerifyBadInput(t *testing.T) {
	noBatchEnv(t)
	res := t.TempDir()
	if code, _, stderr := cli("run", writeSpec(t, smallSpec), "--out", res); code != 0 {
		t.Fatalf("run: %s", stderr)
	}
	file := filepath.Join(res, "small", "manifest.json")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"verify"}, "hyperroute verify: want DIR/EXPERIMENT, got 0 arguments"},
		{[]string{"verify", res, res}, "hyperroute verify: want DIR/EXPERIMENT, got 2 arguments"},
		{[]string{"verify", "."}, `hyperroute verify: "." does not name an experiment directory`},
		{[]string{"verify", filepath.Join(res, "nope")}, "hyperroute verify: " + filepath.Join(res, "nope") + ": no such run directory"},
		{[]string{"verify", file}, "hyperroute verify: " + file + " is not a directory"},
		{[]string{"verify", res}, "hyperroute verify: " + res + " is not an experiment directory"},
		{[]string{"verify", filepath.Join(res, "small"), "--bogus"}, "hyperroute verify: flag provided but not defined: -bogus"},
	} {
		code, stdout, stderr := cli(tc.args...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one line starting %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}
