package experiments

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
)

// TrialSeed derives the seed of trial t of a grid point from the master
// seed, the experiment's name and the point's instance key
// (routers.Config.InstanceKey): the first two little-endian 64-bit words of
// SHA-256(master ‖ t, each as 8 bytes little-endian, ‖ experiment "/" key).
// A trial's stream thus depends neither on the worker nor on the shard that
// runs it, is shared by the points of one experiment that route the same
// instance, and differs between experiments. (An experiment's name holds no
// "/", so no two pairs of name and key give the same bytes.)
func TrialSeed(master uint64, experiment, key string, trial int) (uint64, uint64) {
	h := sha256.New()
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], master)
	binary.LittleEndian.PutUint64(b[8:], uint64(trial))
	h.Write(b[:])
	h.Write([]byte(experiment + "/" + key))
	sum := h.Sum(nil)
	return binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:16])
}

// TrialRand is the random stream of one trial (PCG seeded by TrialSeed); seed
// is the value recorded with the trial.
func TrialRand(master uint64, experiment, key string, trial int) (rng *rand.Rand, seed uint64) {
	s1, s2 := TrialSeed(master, experiment, key, trial)
	return rand.New(rand.NewPCG(s1, s2)), s1
}
