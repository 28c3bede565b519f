package experiments

import (
	"testing"
)

func TestParseShard(t *testing.T) {
	for in, want := range map[string]Shard{"0/1": {0, 1}, "2/3": {2, 3}, "99/100": {99, 100}} {
		got, err := ParseShard(in)
		if err != nil || got != want || got.String() != in {
			t.Errorf("ParseShard(%q) = %v, %v", in, got, err)
		}
	}
	for _, in := range []string{"3/2", "2/2", "-1/2", "0/0", "1", "a/b", "1/2/3", "", "0/100001"} {
		if sh, err := ParseShard(in); err == nil {
			t.Errorf("ParseShard(%q) = %v, want error", in, sh)
		}
	}
}

// TestShardTrials checks that the shards of a run split its trials: every
// trial in exactly one shard, in the shard with its residue.
func TestShardTrials(t *testing.T) {
	for _, trials := range []int{1, 2, 7, 30} {
		for k := 1; k <= 8; k++ {
			seen := make([]int, trials)
			for i := range k {
				sh := Shard{i, k}
				for j := range sh.Count(trials) {
					tr := sh.Trial(j)
					if tr%k != i {
						t.Errorf("shard %v: trial %d", sh, tr)
					}
					seen[tr]++
				}
			}
			for tr, c := range seen {
				if c != 1 {
					t.Errorf("%d trials, %d shards: trial %d in %d shards", trials, k, tr, c)
				}
			}
		}
	}
}

func TestShardFromEnv(t *testing.T) {
	for _, tc := range []struct {
		env    map[string]string
		shards int
		want   Shard
		ok     bool
		err    bool
	}{
		{nil, 4, Unsharded, false, false},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "3"}, 1, Shard{2, 3}, true, false},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"}, 1, Shard{2, 3}, true, false},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "3"}, 1, Shard{}, true, true},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "0"}, 1, Shard{}, true, true},
		{map[string]string{"JOB_COMPLETION_INDEX": "5"}, 8, Shard{5, 8}, true, false},
		{map[string]string{"JOB_COMPLETION_INDEX": "5"}, 1, Shard{}, true, true},
		{map[string]string{"JOB_COMPLETION_INDEX": "x"}, 8, Shard{}, true, true},
	} {
		sh, ok, err := ShardFromEnv(func(k string) string { return tc.env[k] }, tc.shards)
		if ok != tc.ok || (err != nil) != tc.err || (!tc.err && sh != tc.want) {
			t.Errorf("ShardFromEnv(%v, %d) = %v, %t, %v", tc.env, tc.shards, sh, ok, err)
		}
	}
}
