package experiments

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/dataset"
)

// verifyManifest writes b as the manifest of the run r in dir and returns
// what Verify says: its problems, or its error.
func verifyManifest(t *testing.T, dir string, b []byte) []Problem {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "r", dataset.ManifestName), b, 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Verify(dir, "r")
	if err != nil {
		return []Problem{{"", err.Error()}}
	}
	return rep.Problems
}

// TestVerifyManifestEdits changes one thing in the manifest of a finished
// run, as the review's damaged manifests did, and checks that Verify
// reports it: the spec text edited with its digest kept, a file's sha256
// key misspelt, deleted or emptied (then nothing vouches for the file),
// the units, a key unknown or miscased, and every other field.
func TestVerifyManifestEdits(t *testing.T) {
	dir := t.TempDir()
	run(t, mustParse(t, repairSpec), dir, 2, Unsharded)
	good := mustRead(t, filepath.Join(dir, "r", dataset.ManifestName))
	if p := verifyManifest(t, dir, good); len(p) > 0 {
		t.Fatalf("the run as written: %v", p)
	}
	m, err := dataset.ReadManifest(dir, "r")
	if err != nil {
		t.Fatal(err)
	}
	file := m.Tables["trials"].Files[0]
	for _, tc := range []struct{ name, old, new, want string }{
		{"spec text", `seed: 19`, `seed: 18`, "its spec text does not have the digest it records"},
		{"sha256 misspelt", `"sha256": "` + file.SHA256, `"sha265": "` + file.SHA256, `unknown key "tables.*.files.*.sha265"`},
		{"sha256 deleted", `,
          "sha256": "` + file.SHA256 + `"`, ``, `key "tables.*.files.*.sha256" missing`},
		{"sha256 emptied", `"sha256": "` + file.SHA256, `"sha256": "`, "records no size and SHA-256 of it"},
		{"units", `"units": 3`, `"units": 4`, "records 4 units, the spec has 3"},
		{"unknown key", `"units": 3`, `"units": 3, "unit": 3`, `unknown key "unit"`},
		{"miscased key", `"units": 3`, `"Units": 3`, `key "Units": keys are case-sensitive`},
		{"description", `"description": ""`, `"description": "x"`, `records the description "x", the spec ""`},
		{"started", `"started": "20`, `"started": "19`, "records that the run was written from 19"},
		{"tie-break", `"tie_break": "` + m.TieBreak, `"tie_break": "x` + m.TieBreak, "records tie-break"},
		{"harness", `"go_version": "go`, `"go_version": "xgo`, "its build records Go go"},
		{"commit", `"commit": "`, `"commit": "x`, "written by harness"},
		{"shards", `"shards": 1`, `"shards": 2`, "missing: unit n=3 of trials in shard 1/2"},
		{"seed", `"master_seed": 19`, `"master_seed": 18`, "written by another run: master seed 19, want 18"},
		{"a table", `"tables": {`, `"tables": {"x": {"rows": 0, "files": []},`, "lists table x, which the spec does not write"},
		{"format", `"format": 2`, `"format": 1`, "format 1 records no sizes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !bytes.Contains(good, []byte(tc.old)) {
				t.Fatalf("manifest has no %q:\n%s", tc.old, good)
			}
			problems := verifyManifest(t, dir, bytes.Replace(good, []byte(tc.old), []byte(tc.new), 1))
			found := false
			for _, p := range problems {
				found = found || strings.Contains(p.What, tc.want)
			}
			if !found {
				t.Errorf("problems %v, want one saying %q", problems, tc.want)
			}
		})
	}
}

// TestVerifyManifestFlips flips 200 random bits of the manifest of a
// finished run, one at a time (seeded): Verify must report each, unless
// the manifest still holds the same keys and values (as a flipped
// escape's case would).
func TestVerifyManifestFlips(t *testing.T) {
	dir := t.TempDir()
	run(t, mustParse(t, repairSpec), dir, 2, Unsharded)
	good := mustRead(t, filepath.Join(dir, "r", dataset.ManifestName))
	var want any
	if err := json.Unmarshal(good, &want); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(31, 7))
	same := 0
	for range 200 {
		b := bytes.Clone(good)
		i, bit := rng.IntN(len(b)), rng.IntN(8)
		b[i] ^= 1 << bit
		problems := verifyManifest(t, dir, b)
		if len(problems) > 0 {
			continue
		}
		var got any
		if json.Unmarshal(b, &got) == nil && reflect.DeepEqual(got, want) {
			same++
			continue
		}
		t.Errorf("byte %d (%q → %q) flipped: Verify found no problem", i, good[max(0, i-20):min(len(good), i+20)], b[max(0, i-20):min(len(b), i+20)])
	}
	if same > 10 {
		t.Errorf("%d of 200 flips left the manifest's values as they were", same)
	}
}
