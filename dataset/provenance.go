package dataset

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
)

// Provenance identifies the build of the harness that produced a result.
type Provenance struct {
	Version   string `json:"version"`    // module version, or "devel"
	Commit    string `json:"commit"`     // VCS revision, or "unknown"
	GoVersion string `json:"go_version"` // Go toolchain
	Modified  bool   `json:"modified"`   // built from a tree with uncommitted changes
	// Build is the hex SHA-256 of the executable, which identifies the
	// code also where the build recorded no VCS revision
	// (-buildvcs=false, a tarball); "" if it could not be read.
	Build string `json:"build,omitempty"`
}

// CurrentProvenance returns the provenance of the running binary, from its
// build information and its executable file.
func CurrentProvenance() Provenance {
	p := Provenance{Version: "devel", Commit: "unknown", GoVersion: runtime.Version(), Build: executableSHA()}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return p
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		p.Version = v
	}
	if bi.GoVersion != "" {
		p.GoVersion = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			if s.Value != "" {
				p.Commit = s.Value
			}
		case "vcs.modified":
			p.Modified = s.Value == "true"
		}
	}
	return p
}

// executableSHA returns the hex SHA-256 of the running executable, read
// once, or "" if it cannot be read.
var executableSHA = sync.OnceValue(func() string {
	path, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
})

// Same reports whether p and q are the same build of the harness: the
// same executable, version and commit.
func (p Provenance) Same(q Provenance) bool {
	return p.Build == q.Build && p.Version == q.Version && p.Commit == q.Commit && p.Modified == q.Modified
}

// String describes p: "devel (commit 5028082…, modified, build 3f2a…)".
func (p Provenance) String() string {
	s := p.Version + " (commit " + p.Commit
	if p.Modified {
		s += ", modified"
	}
	if p.Build != "" {
		s += ", build " + p.Build[:min(12, len(p.Build))]
	}
	return s + ")"
}
