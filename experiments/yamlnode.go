package experiments

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// nodes reads values out of yaml.v3 nodes and reports errors at their
// position in file.
type nodes struct{ file string }

func (p nodes) errf(n *yaml.Node, key, format string, a ...any) error {
	return &SpecError{File: p.file, Line: n.Line, Key: key, Msg: fmt.Sprintf(format, a...)}
}

// resolve follows an alias to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		return n.Alias
	}
	return n
}

// kind names the type of n for error messages.
func kind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!str":
			return fmt.Sprintf("string %q", n.Value)
		case "!!int":
			return "integer " + n.Value
		case "!!float":
			return "number " + n.Value
		case "!!bool":
			return "boolean " + n.Value
		case "!!null":
			return "null"
		}
		return fmt.Sprintf("%s %q", n.ShortTag(), n.Value)
	}
	return "an alias"
}

// join appends key to a dotted path, quoted unless it is a plain name.
func join(path, key string) string {
	if !plainKey.MatchString(key) {
		key = strconv.Quote(key)
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

var plainKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// mapping calls fn for every key of the mapping n, in order. Keys must be
// strings from known and appear once; fn gets the key's dotted path.
func (p nodes) mapping(n *yaml.Node, path string, known []string, fn func(key, full string, k, v *yaml.Node) error) error {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		return p.errf(n, path, "want a mapping, got %s", kind(n))
	}
	seen := make(map[string]int)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if k.Kind != yaml.ScalarNode || k.ShortTag() != "!!str" {
			return p.errf(k, path, "key %s: want a name", kind(k))
		}
		full := join(path, k.Value)
		if !slices.Contains(known, k.Value) {
			return p.errf(k, full, "unknown key (want %s)", strings.Join(known, ", "))
		}
		if line, dup := seen[k.Value]; dup {
			return p.errf(k, full, "repeated (first at line %d)", line)
		}
		seen[k.Value] = k.Line
		if v.Kind == yaml.AliasNode {
			return p.errf(v, full, "unresolved alias")
		}
		if err := fn(k.Value, full, k, v); err != nil {
			return err
		}
	}
	return nil
}

// str returns the string scalar n.
func (p nodes) str(n *yaml.Node, key string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		return "", p.errf(n, key, "want a string, got %s", kind(n))
	}
	return n.Value, nil
}

// boolean returns the boolean scalar n.
func (p nodes) boolean(n *yaml.Node, key string) (bool, error) {
	var b bool
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" || n.Decode(&b) != nil {
		return false, p.errf(n, key, "want true or false, got %s", kind(n))
	}
	return b, nil
}

// integer returns the integer scalar n, which must lie in [lo, hi].
func (p nodes) integer(n *yaml.Node, key string, lo, hi int) (int, error) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
		return 0, p.errf(n, key, "want an integer, got %s", kind(n))
	}
	if err := p.decimal(n, key); err != nil {
		return 0, err
	}
	var v int64
	if err := n.Decode(&v); err != nil || v < int64(lo) || v > int64(hi) {
		return 0, p.errf(n, key, "%s out of range [%d, %d]", n.Value, lo, hi)
	}
	return int(v), nil
}

// decimal refuses an integer written with a leading zero, such as 010,
// which YAML reads as octal (8).
func (p nodes) decimal(n *yaml.Node, key string) error {
	v := strings.TrimLeft(n.Value, "+-")
	if len(v) > 1 && v[0] == '0' && (v[1] >= '0' && v[1] <= '9' || v[1] == 'o' || v[1] == '_') {
		return p.errf(n, key, "%s: an integer with a leading zero reads as octal; write it without", n.Value)
	}
	return nil
}

// unsigned returns the non-negative 64-bit integer scalar n.
func (p nodes) unsigned(n *yaml.Node, key string) (uint64, error) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
		return 0, p.errf(n, key, "want an integer, got %s", kind(n))
	}
	if err := p.decimal(n, key); err != nil {
		return 0, err
	}
	var v uint64
	if err := n.Decode(&v); err != nil {
		return 0, p.errf(n, key, "%s out of range [0, %d]", n.Value, uint64(math.MaxUint64))
	}
	return v, nil
}

// list returns the items of n: the elements of a non-empty list, or n
// itself if it is a scalar.
func (p nodes) list(n *yaml.Node, key string) ([]*yaml.Node, error) {
	switch n.Kind {
	case yaml.ScalarNode:
		return []*yaml.Node{n}, nil
	case yaml.SequenceNode:
		if len(n.Content) == 0 {
			return nil, p.errf(n, key, "empty list")
		}
		items := make([]*yaml.Node, len(n.Content))
		for i, c := range n.Content {
			items[i] = resolve(c)
		}
		return items, nil
	}
	return nil, p.errf(n, key, "want a value or a list, got %s", kind(n))
}

// number returns the numeric scalar n.
func (p nodes) number(n *yaml.Node, key string) (float64, error) {
	var x float64
	if n.Kind != yaml.ScalarNode || (n.ShortTag() != "!!int" && n.ShortTag() != "!!float") || n.Decode(&x) != nil {
		return 0, p.errf(n, key, "want a number, got %s", kind(n))
	}
	return x, nil
}
