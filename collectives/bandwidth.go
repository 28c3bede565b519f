package collectives

import "math"

// Bandwidth returns the bandwidths nccl-tests reports for a run of c that
// took time t [nccl-tests]: algbw = S/t, with S the words of the operation
// (the root's message for a broadcast, multicast, reduction, all-reduce
// and shift; p blocks for a scatter, gather, all-gather and total
// exchange, nccl-tests' count·nranks), and busbw = algbw times the factor
// that makes it comparable with a link's bandwidth: 1 for broadcast,
// multicast, reduce and shift (a send/receive), (p−1)/p for scatter,
// gather, all-gather and total exchange, 2(p−1)/p for all-reduce. Prefix
// sum has no nccl-tests counterpart: busbw is NaN.
func Bandwidth(c Config, t float64) (algbw, busbw float64) {
	p := float64(c.P)
	size, factor := float64(c.M), 1.0
	switch c.Op {
	case OAS, Gather, AAB, AAS:
		size, factor = p*size, (p-1)/p
	case Allreduce:
		factor = 2 * (p - 1) / p
	case Prefix:
		factor = math.NaN()
	}
	algbw = size / t
	return algbw, algbw * factor
}
