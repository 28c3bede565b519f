package dataset

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

func sampleManifest() Manifest {
	spec := "experiment: bitonic-q8\nn: [4, 8]\n"
	return Manifest{
		Experiment:  "bitonic-q8",
		Description: "bitonic routing on Q_n",
		Spec:        spec,
		SpecSHA256:  SpecDigest(spec),
		MasterSeed:  1<<64 - 1,
		Profile:     "paper",
		Trials:      5000,
		Harness:     Provenance{Version: "v0.1.0", Commit: "5f9828c", GoVersion: "go1.26.8", Modified: true},
		TieBreak:    "fifo",
		Started:     time.Date(2025, 11, 21, 16, 31, 0, 123456789, time.UTC),
		Finished:    time.Date(2025, 11, 21, 17, 2, 5, 0, time.UTC),
		Shards:      2,
		Tables: map[string]TableSummary{"delays": {Rows: 21, Files: []FileSummary{
			{Path: "delays/n=4/part-0-of-2.parquet", Rows: 10},
			{Path: "delays/n=4/part-1-of-2.parquet", Rows: 11},
		}}},
	}
}

func TestManifestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	m := sampleManifest()
	if err := WriteManifest(dir, m.Experiment, m); err != nil {
		t.Fatal(err)
	}
	got, err := ReadManifest(dir, m.Experiment)
	if err != nil {
		t.Fatal(err)
	}
	m.Format = ManifestFormat
	if !reflect.DeepEqual(got, m) {
		t.Errorf("ReadManifest = %+v\nwant %+v", got, m)
	}

	b, err := os.ReadFile(filepath.Join(dir, m.Experiment, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"format", "experiment", "spec", "spec_sha256", "master_seed", "profile", "trials", "harness", "tie_break", "started", "finished", "shards", "tables"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("manifest.json lacks key %q", k)
		}
	}
	if s := string(raw["master_seed"]); s != "18446744073709551615" {
		t.Errorf("master_seed = %s, want exact 2^64-1", s)
	}
}

func TestReadManifestErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadManifest(dir, "e"); err == nil {
		t.Error("missing manifest: no error")
	}
	path := filepath.Join(dir, "e", ManifestName)
	os.MkdirAll(filepath.Dir(path), 0o755)
	for _, body := range []string{"{", `{"format": 99}`} {
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadManifest(dir, "e"); err == nil {
			t.Errorf("manifest %s: no error", body)
		}
	}
}

func TestSpecDigest(t *testing.T) {
	// SHA-256 of the empty string and of "abc" (FIPS 180-2, appendix B.1).
	for in, want := range map[string]string{
		"":    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"abc": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	} {
		if got := SpecDigest(in); got != want {
			t.Errorf("SpecDigest(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestFileMeta(t *testing.T) {
	m := sampleManifest()
	meta := m.FileMeta("delays", "1-of-2", 11)
	for k, want := range map[string]string{
		MetaExperiment: "bitonic-q8",
		MetaSpecSHA256: m.SpecSHA256,
		MetaMasterSeed: "18446744073709551615",
		MetaCommit:     "5f9828c",
		MetaModified:   "true",
		MetaTieBreak:   "fifo",
		MetaTable:      "delays",
		MetaShard:      "1-of-2",
		MetaStarted:    "2025-11-21T16:31:00.123456789Z",
		MetaRows:       "11",
		MetaProfile:    "paper",
		MetaTrials:     "5000",
	} {
		if meta[k] != want {
			t.Errorf("FileMeta[%q] = %q, want %q", k, meta[k], want)
		}
	}

	got, err := ManifestFromMeta(meta)
	if err != nil {
		t.Fatal(err)
	}
	want := m
	want.Description, want.Shards, want.Tables = "", 0, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ManifestFromMeta = %+v\nwant %+v", got, want)
	}
	if _, err := ManifestFromMeta(map[string]string{MetaMasterSeed: "-1"}); err == nil {
		t.Error("negative seed: no error")
	}
}

func TestCurrentProvenance(t *testing.T) {
	p := CurrentProvenance()
	if p.Version == "" || p.Commit == "" || p.GoVersion != runtime.Version() {
		t.Errorf("CurrentProvenance() = %+v", p)
	}
}

// TestReadManifestStrict checks that ReadManifest refuses what
// json.Unmarshal would let pass: unknown, miscased and repeated keys, a
// missing key (a file's sha256: then nobody vouches for it), a null; and
// reads a manifest of format 1, which records no sizes, SHA-256 or units.
// A FIFO in its place is refused at once.
func TestReadManifestStrict(t *testing.T) {
	dir := t.TempDir()
	m := sampleManifest()
	for i := range m.Tables["delays"].Files {
		m.Tables["delays"].Files[i].Bytes, m.Tables["delays"].Files[i].SHA256 = 100, "ab"
	}
	if err := WriteManifest(dir, "e", m); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "e", ManifestName)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ old, new, want string }{
		{`"trials": 5000`, `"Trials": 5000`, `key "Trials": keys are case-sensitive, want "trials"`},
		{`"trials": 5000`, `"trials": 5000, "trials": 5001`, `key "trials" twice`},
		{`"trials": 5000`, `"trials": 5000, "colour": 1`, `unknown key "colour"`},
		{`"sha256": "ab"`, `"sha265": "ab"`, `unknown key "tables.*.files.*.sha265"`},
		{`,
          "sha256": "ab"`, ``, `key "tables.*.files.*.sha256" missing`},
		{`"units": 0,`, ``, `key "units" missing`},
		{`"commit": "5f9828c"`, `"COMMIT": "5f9828c"`, `key "harness.COMMIT": keys are case-sensitive, want "harness.commit"`},
		{`"profile": "paper"`, `"profile": null`, `profile is null`},
		{`"format": 2`, `"format": 3`, `format 3 is newer than 2`},
	} {
		if !strings.Contains(string(good), tc.old) {
			t.Fatalf("manifest has no %q:\n%s", tc.old, good)
		}
		if err := os.WriteFile(path, []byte(strings.Replace(string(good), tc.old, tc.new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadManifest(dir, "e"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s → %s: %v, want %q", tc.old, tc.new, err, tc.want)
		}
	}
	old := strings.Replace(string(good), `"format": 2`, `"format": 1`, 1)
	for _, key := range []string{`,
          "bytes": 100`, `,
          "sha256": "ab"`, `
  "units": 0,`} {
		old = strings.ReplaceAll(old, key, "")
	}
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadManifest(dir, "e"); err != nil {
		t.Errorf("format 1: %v\n%s", err, old)
	}
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip(err)
	}
	if _, err := ReadManifest(dir, "e"); err == nil || !strings.Contains(err.Error(), "is not a regular file (a FIFO)") {
		t.Errorf("a FIFO: %v", err)
	}
}
