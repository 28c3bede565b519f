package dataset

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestPartPath(t *testing.T) {
	for _, tc := range []struct {
		part Part
		want string
	}{
		{Part{Dir: "out", Experiment: "e", Table: "t", Shard: "0-of-1"}, "out/e/t/part-0-of-1.parquet"},
		{Part{Dir: "out", Experiment: "e", Table: "t", Keys: []KV{{"n", "8"}}, Shard: "0-of-1"},
			"out/e/t/n=8/part-0-of-1.parquet"},
		{Part{Dir: "/r", Experiment: "bitonic", Table: "delays",
			Keys: []KV{{"n", "10"}, {"router", "e-cube"}, {"load", "0.5"}}, Shard: "03-of-12"},
			"/r/bitonic/delays/n=10/router=e-cube/load=0.5/part-03-of-12.parquet"},
		{Part{Dir: "out", Experiment: "e", Table: "t", Keys: []KV{{"tie_break", "a/b=c d"}}, Shard: "0-of-1"},
			"out/e/t/tie_break=a%2Fb%3Dc%20d/part-0-of-1.parquet"},
		{Part{Dir: "out", Experiment: "e", Table: "t", Keys: []KV{{"_k", ".v"}}, Shard: "0-of-1"},
			"out/e/t/%5Fk=%2Ev/part-0-of-1.parquet"},
	} {
		if got := tc.part.Path(); got != filepath.FromSlash(tc.want) {
			t.Errorf("Path() = %q, want %q", got, tc.want)
		}
		prefix := tc.part.Dir + "/" + tc.part.Experiment + "/"
		if got := tc.part.Rel(); prefix+got != tc.want {
			t.Errorf("Rel() = %q, want %q", got, strings.TrimPrefix(tc.want, prefix))
		}
	}
}

func TestParseKV(t *testing.T) {
	for _, kv := range []KV{{"n", "8"}, {"tie_break", "a/b=c d%"}, {"_k", ".v"}, {"x", ""}, {"λ", "0.25"}} {
		got, err := parseKV(escape(kv.Key) + "=" + escape(kv.Value))
		if err != nil || got != kv {
			t.Errorf("parseKV(escaped %v) = %v, %v", kv, got, err)
		}
	}
	for _, name := range []string{"n", "=8", "n=%zz"} {
		if _, err := parseKV(name); err == nil {
			t.Errorf("parseKV(%q) succeeded, want error", name)
		}
	}
}

func TestShardName(t *testing.T) {
	for _, tc := range []struct {
		i, k int
		want string
	}{
		{0, 1, "0-of-1"},
		{3, 8, "3-of-8"},
		{3, 12, "03-of-12"},
		{11, 12, "11-of-12"},
		{7, 100, "007-of-100"},
	} {
		got := ShardName(tc.i, tc.k)
		if got != tc.want {
			t.Errorf("ShardName(%d, %d) = %q, want %q", tc.i, tc.k, got, tc.want)
		}
		i, k, err := ParseShard(got)
		if err != nil || i != tc.i || k != tc.k {
			t.Errorf("ParseShard(%q) = %d, %d, %v", got, i, k, err)
		}
	}
	for _, s := range []string{"", "3", "3-of-12", "12-of-12", "-1-of-2", "1-of-0", "01-of-2", "a-of-b"} {
		if _, _, err := ParseShard(s); err == nil {
			t.Errorf("ParseShard(%q) succeeded, want error", s)
		}
	}
}
