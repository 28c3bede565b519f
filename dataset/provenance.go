package dataset

import (
	"runtime"
	"runtime/debug"
)

// Provenance identifies the build of the harness that produced a result.
type Provenance struct {
	Version   string `json:"version"`    // module version, or "devel"
	Commit    string `json:"commit"`     // VCS revision, or "unknown"
	GoVersion string `json:"go_version"` // Go toolchain
	Modified  bool   `json:"modified"`   // built from a tree with uncommitted changes
}

// CurrentProvenance returns the provenance of the running binary, from its
// build information.
func CurrentProvenance() Provenance {
	p := Provenance{Version: "devel", Commit: "unknown", GoVersion: runtime.Version()}
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
