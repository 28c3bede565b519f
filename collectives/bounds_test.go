package collectives

import (
	"math"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/topology"
)

// lemma1 is the table of lower bounds for the all-port full-duplex
// store-and-forward non-combining Q_n (docs/model.md).
func lemma1(op Op, n int) (rho, eta float64) {
	p := math.Ldexp(1, n)
	fn := float64(n)
	switch op {
	case OAB:
		return fn, p - 1
	case AAB:
		return math.Ceil((p - 1) / fn), p * (p - 1)
	case OAS:
		return math.Ceil((p - 1) / fn), fn * p / 2
	case AAS:
		return p / 2, fn * p * p / 2
	}
	panic(op)
}

// TestLemma1Table: LowerBound on the all-port store-and-forward cube is the
// table, n = 1 … 12.
func TestLemma1Table(t *testing.T) {
	for n := 1; n <= 12; n++ {
		for _, op := range []Op{OAB, AAB, OAS, AAS} {
			c := Config{Op: op, Topology: topology.Cube, P: 1 << n, Port: AllPort, Model: SF, M: 1}
			b := LowerBound(c)
			rho, eta := lemma1(op, n)
			got := b.Rho
			if op == OAB {
				got = float64(b.Steps)
			}
			if got != rho || b.Eta != eta {
				t.Errorf("n=%d %v: bound ρ = %v, η = %v; table ρ = %v, η = %v", n, op, got, b.Eta, rho, eta)
			}
		}
	}
}

// meets is what an algorithm measures on the all-port store-and-forward
// Q_n against Lemma 1: ρ (steps), ρ_m (non-combining steps) and η, as
// functions of n.
var meets = []struct {
	op        Op
	algo      string
	maxN      int
	rho, rhoM func(n int) float64
	eta       func(n int) float64
	meets     string // the bounds it meets, by name (ρ, η)
}{
	{OAB, "binomial", 12, linear, linear, cubeMinus1, "ρ, η"},
	{OAB, "tree", 12, linear, linear, cubeMinus1, "ρ, η"},
	{OAB, "flooding", 12, linear, linear, func(n int) float64 { return float64(n) * pow2(n-1) }, "ρ"},
	{OAB, "nesbt", 12, func(n int) float64 { return float64(n) + math.Min(1, float64(n-1)) }, func(n int) float64 { return (float64(n) + math.Min(1, float64(n-1))) * (1 / float64(n)) }, cubeMinus1, "η"},
	{OAS, "binomial", 12, linear, cubeMinus1, halfN, "η"},
	{OAS, "tree", 12, ceilOver, ceilOver, halfN, "ρ, η"},
	{Gather, "binomial", 12, linear, cubeMinus1, halfN, "η"},
	{Gather, "tree", 12, ceilOver, ceilOver, halfN, "ρ, η"},
	{AAB, "dimex", 11, linear, cubeMinus1, func(n int) float64 { return pow2(n) * (pow2(n) - 1) }, "η"},
	{AAS, "dimex", 10, linear, func(n int) float64 { return float64(n) * pow2(n-1) }, func(n int) float64 { return float64(n) * pow2(2*n-1) }, "η"},
	{AAS, "pairwise", 8, func(n int) float64 { return float64(n) * pow2(n-1) }, func(n int) float64 { return float64(n) * pow2(n-1) }, func(n int) float64 { return float64(n) * pow2(2*n-1) }, "η"},
}

func linear(n int) float64     { return float64(n) }
func pow2(k int) float64       { return math.Ldexp(1, k) }
func cubeMinus1(n int) float64 { return pow2(n) - 1 }
func halfN(n int) float64      { return float64(n) * pow2(n-1) }
func ceilOver(n int) float64   { return math.Ceil((pow2(n) - 1) / float64(n)) }

// TestAgainstLemma1: on the all-port store-and-forward Q_n, n = 1 … 12
// (total exchange to Q_10 or Q_8), each algorithm measures exactly its
// row of meets, and the ones said to meet a bound meet it.
func TestAgainstLemma1(t *testing.T) {
	for _, row := range meets {
		for n := 1; n <= row.maxN; n++ {
			c := Config{Op: row.op, Algo: row.algo, Topology: topology.Cube, P: 1 << n, Port: AllPort, Model: SF, M: 1, Ts: 1, Tw: 1}
			r := run(t, c)
			if !r.OK {
				t.Fatalf("%s: %v", describe(c), r.Err)
			}
			if got, want := [3]float64{float64(r.Rho), r.RhoM, r.Eta}, [3]float64{row.rho(n), row.rhoM(n), row.eta(n)}; got != want {
				t.Errorf("%s: (ρ, ρ_m, η) = %v, want %v", describe(c), got, want)
			}
			// The bounds differ from what every algorithm does from n = 5
			// on (⌈(2^n−1)/n⌉ > n).
			rho, eta := lemma1(boundOp(row.op), n)
			gotRho := r.RhoM
			if row.op == OAB {
				gotRho = float64(r.Rho) // a broadcast has one block: steps
			}
			for _, b := range []struct {
				name      string
				got, want float64
			}{{"ρ", gotRho, rho}, {"η", r.Eta, eta}} {
				meets := strings.Contains(row.meets, b.name)
				if meets && b.got != b.want || !meets && n >= 5 && b.got <= b.want {
					t.Errorf("%s: %s = %v against the bound %v: it %s", describe(c), b.name, b.got, b.want, row.meets)
				}
			}
		}
	}
}

// boundOp is the operation of Lemma 1 that bounds op (gather by scatter).
func boundOp(op Op) Op {
	if op == Gather {
		return OAS
	}
	return op
}
