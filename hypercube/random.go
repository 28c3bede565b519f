package hypercube

import "math/rand/v2"

// shuffleStrided permutes the entries dst[k], dst[k+mu], dst[k+2·mu], … into
// a uniformly random order by the Fisher–Yates shuffle: for i = m−1 down to 1
// it swaps entry i with entry j = rng.Uint32N(i+1), where m = len(dst)/mu.
// It draws exactly m−1 values from rng and does not allocate. m must be at
// most 2^32.
func shuffleStrided(dst []uint32, k, mu int, rng *rand.Rand) {
	m := len(dst) / mu
	for i := m - 1; i > 0; i-- {
		j := int(rng.Uint32N(uint32(i + 1)))
		a, b := i*mu+k, j*mu+k
		dst[a], dst[b] = dst[b], dst[a]
	}
}
