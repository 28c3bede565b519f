package experiments

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hyperroute/hyperroute/dataset"
)

// Shard is shard I of K: the trials t with t mod K = I. The union of shards
// 0 … K−1 of a run is the unsharded run, with no trial twice.
type Shard struct{ I, K int }

// Unsharded is the one shard of an unsharded run.
var Unsharded = Shard{0, 1}

// ParseShard parses "i/k", 0 ≤ i < k.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, errI := strconv.Atoi(a)
	k, errK := strconv.Atoi(b)
	if !ok || errI != nil || errK != nil {
		return Shard{}, fmt.Errorf("shard %q: want i/k, such as 0/4", s)
	}
	return NewShard(i, k)
}

// NewShard returns shard i of k; it fails unless 0 ≤ i < k ≤ MaxShards.
func NewShard(i, k int) (Shard, error) {
	if k < 1 || k > MaxShards || i < 0 || i >= k {
		return Shard{}, fmt.Errorf("shard %d/%d: want 0 ≤ i < k ≤ %d", i, k, MaxShards)
	}
	return Shard{i, k}, nil
}

// String returns "i/k".
func (sh Shard) String() string { return fmt.Sprintf("%d/%d", sh.I, sh.K) }

// Name returns the shard's part of file names, dataset.ShardName(I, K).
func (sh Shard) Name() string { return dataset.ShardName(sh.I, sh.K) }

// Count returns how many of the trials 0 … trials−1 belong to the shard.
func (sh Shard) Count(trials int) int {
	if sh.I >= trials {
		return 0
	}
	return (trials-sh.I-1)/sh.K + 1
}

// Trial returns the j-th trial of the shard, I + j·K.
func (sh Shard) Trial(j int) int { return sh.I + j*sh.K }

// ShardFromEnv returns the shard a batch system assigns through getenv:
// a Slurm job array (SLURM_ARRAY_TASK_ID, minus SLURM_ARRAY_TASK_MIN, of
// SLURM_ARRAY_TASK_COUNT; the array must be contiguous), or a Kubernetes
// Indexed Job (JOB_COMPLETION_INDEX of shards). ok is false if neither is
// set.
func ShardFromEnv(getenv func(string) string, shards int) (sh Shard, ok bool, err error) {
	num := func(key string) (int, error) {
		v, err := strconv.Atoi(getenv(key))
		if err != nil {
			return 0, fmt.Errorf("%s=%q: want an integer", key, getenv(key))
		}
		return v, nil
	}
	if getenv("SLURM_ARRAY_TASK_ID") != "" {
		id, err := num("SLURM_ARRAY_TASK_ID")
		if err != nil {
			return Shard{}, true, err
		}
		k, err := num("SLURM_ARRAY_TASK_COUNT")
		if err != nil {
			return Shard{}, true, err
		}
		lo := 0
		if getenv("SLURM_ARRAY_TASK_MIN") != "" {
			if lo, err = num("SLURM_ARRAY_TASK_MIN"); err != nil {
				return Shard{}, true, err
			}
		}
		sh, err := NewShard(id-lo, k)
		if err != nil {
			err = fmt.Errorf("SLURM_ARRAY_TASK_ID=%d (array from %d, %d tasks): %w", id, lo, k, err)
		}
		return sh, true, err
	}
	if getenv("JOB_COMPLETION_INDEX") != "" {
		i, err := num("JOB_COMPLETION_INDEX")
		if err != nil {
			return Shard{}, true, err
		}
		sh, err := NewShard(i, shards)
		if err != nil {
			err = fmt.Errorf("JOB_COMPLETION_INDEX=%d with %d shards (set --shards or the spec's shards: to the Job's completions): %w", i, shards, err)
		}
		return sh, true, err
	}
	return Unsharded, false, nil
}
