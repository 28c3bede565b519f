package dataset

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// KV is one hive partition key and its value, a directory <Key>=<Value>.
type KV struct{ Key, Value string }

// Part identifies one Parquet file of a dataset:
// Dir/Experiment/Table/<Keys…>/part-<Shard>.parquet.
type Part struct {
	Dir, Experiment, Table string

	// Keys are the hive partition keys, outermost first. May be empty.
	Keys []KV

	// Shard names the shard that wrote the file, as made by ShardName.
	Shard string
}

// Path returns the file path of p. Keys and values are percent-encoded where
// they hold characters other than letters, digits and "-._~+" (or start with "."
// or "_"), which hive readers decode.
func (p Part) Path() string {
	return filepath.Join(p.Dir, p.Experiment, filepath.FromSlash(p.Rel()))
}

// Rel returns the path of p relative to Dir/Experiment, slash-separated,
// as FileInfo.Path holds it.
func (p Part) Rel() string {
	elem := make([]string, 0, 2+len(p.Keys))
	elem = append(elem, p.Table)
	for _, kv := range p.Keys {
		elem = append(elem, escape(kv.Key)+"="+escape(kv.Value))
	}
	elem = append(elem, "part-"+p.Shard+".parquet")
	return path.Join(elem...)
}

// ShardName returns the name of shard i of k, "<i>-of-<k>", with i zero-padded
// to the width of k so that the names of one run sort in shard order.
// It panics unless 0 <= i < k.
func ShardName(i, k int) string {
	if i < 0 || i >= k {
		panic(fmt.Sprintf("dataset: shard %d of %d out of range", i, k))
	}
	return fmt.Sprintf("%0*d-of-%d", len(strconv.Itoa(k)), i, k)
}

// ParseShard returns i and k of a shard name made by ShardName.
func ParseShard(s string) (i, k int, err error) {
	a, b, ok := strings.Cut(s, "-of-")
	if ok {
		i, err = strconv.Atoi(a)
		if err == nil {
			k, err = strconv.Atoi(b)
		}
		if err == nil && 0 <= i && i < k && ShardName(i, k) == s {
			return i, k, nil
		}
	}
	if s == "" {
		return 0, 0, errors.New("the file is not named part-<i>-of-<k>.parquet, as the files of a run are")
	}
	return 0, 0, fmt.Errorf("shard %q is not a shard name <i>-of-<k>, as in part-0-of-2.parquet", s)
}

// escape percent-encodes s for use in a hive directory name.
func escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		plain := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte("-._~+", c) >= 0
		if i == 0 && (c == '.' || c == '_') {
			plain = false
		}
		if plain {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// parseKV parses a hive directory name <key>=<value>.
func parseKV(name string) (KV, error) {
	k, v, ok := strings.Cut(name, "=")
	if ok {
		var err error
		if k, err = url.PathUnescape(k); err == nil {
			if v, err = url.PathUnescape(v); err == nil && k != "" {
				return KV{k, v}, nil
			}
		}
	}
	return KV{}, fmt.Errorf("directory %q is not key=value", name)
}
