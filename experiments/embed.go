package experiments

import (
	"embed"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/hyperroute/hyperroute/dataset"
)

// specFiles holds the experiment specs shipped with the harness.
//
//go:embed *.yaml
var specFiles embed.FS

// Names returns the names of the embedded specs, sorted.
func Names() []string {
	files, _ := fs.Glob(specFiles, "*.yaml")
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = strings.TrimSuffix(f, ".yaml")
	}
	return names
}

// Lookup returns the embedded spec of the given name, read as
// experiments/<name>.yaml.
func Lookup(name string) (*Spec, error) {
	text, err := specFiles.ReadFile(name + ".yaml")
	if err != nil || strings.ContainsAny(name, "/\\") {
		return nil, fmt.Errorf("unknown experiment %q (want a spec file or one of %s)", name, strings.Join(Names(), ", "))
	}
	return Parse(path.Join("experiments", name+".yaml"), text)
}

// Load returns the spec named by arg: a spec file if arg names a path (it
// contains a slash or ends in .yaml or .yml), else an embedded spec.
func Load(arg string) (*Spec, error) {
	if !strings.ContainsAny(arg, "/\\") && !strings.HasSuffix(arg, ".yaml") && !strings.HasSuffix(arg, ".yml") {
		return Lookup(arg)
	}
	f, err := dataset.OpenRegular(arg)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	text, err := io.ReadAll(io.LimitReader(f, MaxSpecBytes+1))
	if err != nil {
		return nil, err
	}
	return Parse(arg, text)
}
