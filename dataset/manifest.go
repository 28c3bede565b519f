package dataset

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"time"
)

// ManifestName is the file name of the manifest in DIR/<experiment>.
const ManifestName = "manifest.json"

// ManifestFormat is the manifest format version written by WriteManifest.
// Format 2 added each file's size and SHA-256; ReadManifest reads format 1
// too, leaving them zero.
const ManifestFormat = 2

// Manifest describes a finished experiment: DIR/<experiment>/manifest.json.
type Manifest struct {
	Format      int        `json:"format"` // ManifestFormat when written
	Experiment  string     `json:"experiment"`
	Description string     `json:"description"`
	Spec        string     `json:"spec"`        // full spec text
	SpecSHA256  string     `json:"spec_sha256"` // SpecDigest(Spec)
	MasterSeed  uint64     `json:"master_seed"`
	Profile     string     `json:"profile"`       // spec profile applied, "" for none
	Trials      int        `json:"trials"`        // trials per grid point
	FirstTrial  int        `json:"first_trial"`   // index of the first trial
	RSE         string     `json:"rse,omitempty"` // the rule that stops a point's trials, "" for none
	Units       int        `json:"units"`         // units (partitions) per table, 0 if not recorded
	Harness     Provenance `json:"harness"`
	// Builds are the other builds of the harness whose files the run
	// holds, taken on purpose (merge --accept-build); Harness is the
	// build of its first file.
	Builds   []Provenance            `json:"builds,omitempty"`
	TieBreak string                  `json:"tie_break"`
	Started  time.Time               `json:"started"`
	Finished time.Time               `json:"finished"`
	Shards   int                     `json:"shards"`
	Tables   map[string]TableSummary `json:"tables"`
}

// TableSummary lists the files of one table and its total row count.
type TableSummary struct {
	Rows  int64         `json:"rows"`
	Files []FileSummary `json:"files"`
}

// FileSummary is one part file, by path relative to DIR/<experiment>.
type FileSummary struct {
	Path   string `json:"path"` // slash-separated
	Rows   int64  `json:"rows"`
	Bytes  int64  `json:"bytes"`  // file size
	SHA256 string `json:"sha256"` // hex SHA-256 of the whole file
}

// SpecDigest returns the hex SHA-256 of the spec text.
func SpecDigest(spec string) string {
	h := sha256.Sum256([]byte(spec))
	return hex.EncodeToString(h[:])
}

// WriteManifest writes m as indented JSON to DIR/experiment/manifest.json,
// atomically. A zero Format is written as ManifestFormat.
func WriteManifest(dir, experiment string, m Manifest) error {
	if m.Format == 0 {
		m.Format = ManifestFormat
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("dataset: manifest of %s: %w", experiment, err)
	}
	b = append(b, '\n')
	path := filepath.Join(dir, experiment, ManifestName)
	err = writeAtomic(path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	}, nil)
	if err != nil {
		return fmt.Errorf("dataset: write %s: %w", path, err)
	}
	return nil
}

// maxManifestBytes bounds the manifest read: some 10^5 files.
const maxManifestBytes = 64 << 20

// ReadManifest reads DIR/experiment/manifest.json, strictly: it must be a
// regular file of at most 64 MiB holding one JSON object with every key
// of its format (those with omitempty may be missing: rse, build,
// builds), each spelt as written, none twice, no other key and no null.
func ReadManifest(dir, experiment string) (Manifest, error) {
	path := filepath.Join(dir, experiment, ManifestName)
	b, _, err := readSmallRegular(path, maxManifestBytes)
	if err != nil {
		return Manifest{}, fmt.Errorf("dataset: %w", err)
	}
	var f struct {
		Format int `json:"format"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return Manifest{}, fmt.Errorf("dataset: read %s: %w", path, err)
	}
	if f.Format > ManifestFormat {
		return Manifest{}, fmt.Errorf("dataset: read %s: format %d is newer than %d", path, f.Format, ManifestFormat)
	}
	// Format 1 recorded no sizes and SHA-256 of the files, nor units.
	older := func(p string) bool {
		return f.Format < 2 && (p == "tables.*.files.*.bytes" || p == "tables.*.files.*.sha256" || p == "units")
	}
	var m Manifest
	if err := decodeStrict(b, &m, older); err != nil {
		return Manifest{}, fmt.Errorf("dataset: read %s: %w", path, err)
	}
	return m, nil
}

// Conventional key/value metadata keys of a part file; see the package
// documentation.
const (
	MetaExperiment = "hyperroute.experiment"
	MetaSpec       = "hyperroute.spec"
	MetaSpecSHA256 = "hyperroute.spec_sha256"
	MetaMasterSeed = "hyperroute.master_seed"
	MetaVersion    = "hyperroute.version"
	MetaCommit     = "hyperroute.commit"
	MetaModified   = "hyperroute.modified"
	MetaGoVersion  = "hyperroute.go_version"
	MetaTieBreak   = "hyperroute.tie_break"
	MetaShard      = "hyperroute.shard"
	MetaStarted    = "hyperroute.started"
	MetaFinished   = "hyperroute.finished"
	MetaRows       = "hyperroute.rows"
	MetaProfile    = "hyperroute.profile"
	MetaTrials     = "hyperroute.trials"
	MetaFirstTrial = "hyperroute.first_trial"
	MetaRSE        = "hyperroute.rse"
	MetaTable      = "hyperroute.table"
	MetaUnits      = "hyperroute.units"
	MetaBuild      = "hyperroute.build"

	// Set by WriteParquet and WritePartition: the hex SHA-256 of the
	// file's bytes before its footer (the magic number and every column
	// chunk), so that a file can be checked without a manifest. Only in
	// the footer, not in the stored Arrow schema, which is written first.
	MetaDataSHA256 = "hyperroute.data_sha256"

	// Set by WritePartition: the file's hive partition as a relative
	// directory path, "n=8" or "n=8/router=valiant", and the columns left
	// out of the file because the directories hold their values, a JSON
	// list of PartitionColumn.
	MetaPartition        = "hyperroute.partition"
	MetaPartitionColumns = "hyperroute.partition_columns"
)

// FileMeta returns the conventional key/value metadata of a part file of
// table written by the given shard with the given number of rows. Zero
// times are omitted.
func (m Manifest) FileMeta(table, shard string, rows int64) map[string]string {
	meta := map[string]string{
		MetaExperiment: m.Experiment,
		MetaSpec:       m.Spec,
		MetaSpecSHA256: m.SpecSHA256,
		MetaMasterSeed: strconv.FormatUint(m.MasterSeed, 10),
		MetaVersion:    m.Harness.Version,
		MetaCommit:     m.Harness.Commit,
		MetaModified:   strconv.FormatBool(m.Harness.Modified),
		MetaGoVersion:  m.Harness.GoVersion,
		MetaTieBreak:   m.TieBreak,
		MetaTable:      table,
		MetaShard:      shard,
		MetaRows:       strconv.FormatInt(rows, 10),
		MetaProfile:    m.Profile,
		MetaTrials:     strconv.Itoa(m.Trials),
		MetaFirstTrial: strconv.Itoa(m.FirstTrial),
	}
	if m.RSE != "" {
		meta[MetaRSE] = m.RSE
	}
	if m.Units > 0 {
		meta[MetaUnits] = strconv.Itoa(m.Units)
	}
	if m.Harness.Build != "" {
		meta[MetaBuild] = m.Harness.Build
	}
	if !m.Started.IsZero() {
		meta[MetaStarted] = m.Started.Format(time.RFC3339Nano)
	}
	if !m.Finished.IsZero() {
		meta[MetaFinished] = m.Finished.Format(time.RFC3339Nano)
	}
	return meta
}

// ManifestFromMeta returns the manifest fields recorded in a part file's
// conventional metadata: experiment, spec, digest, seed, profile, trials,
// harness, tie-break and times. Absent keys leave their fields zero.
func ManifestFromMeta(meta map[string]string) (Manifest, error) {
	m := Manifest{
		Experiment: meta[MetaExperiment],
		Spec:       meta[MetaSpec],
		SpecSHA256: meta[MetaSpecSHA256],
		TieBreak:   meta[MetaTieBreak],
		Profile:    meta[MetaProfile],
		RSE:        meta[MetaRSE],
		Harness: Provenance{
			Version:   meta[MetaVersion],
			Commit:    meta[MetaCommit],
			GoVersion: meta[MetaGoVersion],
			Build:     meta[MetaBuild],
		},
	}
	var err error
	if v, ok := meta[MetaMasterSeed]; ok {
		if m.MasterSeed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return Manifest{}, fmt.Errorf("it records %s = %q, not a seed", MetaMasterSeed, v)
		}
	}
	for key, n := range map[string]*int{MetaTrials: &m.Trials, MetaFirstTrial: &m.FirstTrial, MetaUnits: &m.Units} {
		if v, ok := meta[key]; ok {
			if *n, err = strconv.Atoi(v); err != nil {
				return Manifest{}, fmt.Errorf("it records %s = %q, not an integer", key, v)
			}
		}
	}
	if v, ok := meta[MetaModified]; ok {
		if m.Harness.Modified, err = strconv.ParseBool(v); err != nil {
			return Manifest{}, fmt.Errorf("it records %s = %q, not true or false", MetaModified, v)
		}
	}
	for key, t := range map[string]*time.Time{MetaStarted: &m.Started, MetaFinished: &m.Finished} {
		if v, ok := meta[key]; ok {
			if *t, err = time.Parse(time.RFC3339Nano, v); err != nil {
				return Manifest{}, fmt.Errorf("it records %s = %q, not an RFC 3339 time", key, v)
			}
		}
	}
	return m, nil
}
