package experiments

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
)

// TrialSeed derives the seed of one trial from the master seed, the grid
// point's key and the trial index, so that a trial's stream does not depend on
// which worker or shard runs it.
func TrialSeed(master uint64, point string, trial int) (uint64, uint64) {
	h := sha256.New()
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], master)
	binary.LittleEndian.PutUint64(b[8:], uint64(trial))
	h.Write(b[:])
	h.Write([]byte(point))
	sum := h.Sum(nil)
	return binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:16])
}

// TrialRand is the random stream of one trial (PCG seeded by TrialSeed); seed
// is the value recorded with the trial.
func TrialRand(master uint64, point string, trial int) (rng *rand.Rand, seed uint64) {
	s1, s2 := TrialSeed(master, point, trial)
	return rand.New(rand.NewPCG(s1, s2)), s1
}
