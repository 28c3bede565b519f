package routers

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/klauspost/reedsolomon"

	"github.com/hyperroute/hyperroute/engine"
)

// dispersal carries real payloads through a recorded run of disjoint with
// pieces m: message s is cut by a Reed–Solomon code into n pieces of which
// any m rebuild it, piece d−1 travelling on copy (d, s); y rebuilds it from
// the pieces that arrived, cuts it again and sends piece d−1 on copy
// (d, y); z rebuilds it from what arrives. It returns the messages that
// arrive intact at z and fails if a rebuilt message differs from what was
// sent or a message that had m pieces could not be rebuilt.
func dispersal(n, m int, payload [][]byte, arrival []int32) (intact []bool, err error) {
	enc, err := reedsolomon.New(m, n-m)
	if err != nil {
		return nil, err
	}
	msgs := len(payload)
	// hop rebuilds message s from the pieces of its copies first … first+n−1
	// that arrived, or returns nil if fewer than m did.
	hop := func(s int, data []byte, first int) ([]byte, error) {
		shards, err := enc.Split(data)
		if err != nil {
			return nil, err
		}
		if err := enc.Encode(shards); err != nil {
			return nil, err
		}
		got := 0
		for d := range shards {
			if arrival[first+d] < 0 {
				shards[d] = nil
			} else {
				got++
			}
		}
		if err := enc.ReconstructData(shards); err != nil {
			if got >= m {
				return nil, fmt.Errorf("message %d: %d of %d pieces arrived, not rebuilt: %v", s, got, n, err)
			}
			return nil, nil
		}
		if got < m {
			return nil, fmt.Errorf("message %d rebuilt from %d pieces, fewer than %d", s, got, m)
		}
		var out bytes.Buffer
		if err := enc.Join(&out, shards, len(data)); err != nil {
			return nil, err
		}
		return out.Bytes(), nil
	}
	intact = make([]bool, msgs)
	for s, sent := range payload {
		atY, err := hop(s, sent, s*n)
		if err != nil {
			return nil, err
		}
		if atY == nil {
			// y forwards only what it has.
			for id := n*msgs + s*n; id < n*msgs+(s+1)*n; id++ {
				if arrival[id] >= 0 {
					return nil, fmt.Errorf("message %d: y could not rebuild it, but its copy %d arrived at z", s, id)
				}
			}
			continue
		}
		if !bytes.Equal(atY, sent) {
			return nil, fmt.Errorf("message %d: y rebuilt %x, sent %x", s, atY, sent)
		}
		atZ, err := hop(s, atY, n*msgs+s*n)
		if err != nil {
			return nil, err
		}
		if atZ != nil && !bytes.Equal(atZ, sent) {
			return nil, fmt.Errorf("message %d: z rebuilt %x, sent %x", s, atZ, sent)
		}
		intact[s] = atZ != nil
	}
	return intact, nil
}

// TestDispersalPayloads routes messages of real bytes as n Reed–Solomon
// pieces (github.com/klauspost/reedsolomon) on faulty cubes and checks
// byte for byte that every message the router reports delivered is rebuilt
// intact at z, that every message it reports lost cannot be, and that the
// data moved is one piece (1/m of a message) per cube link crossed.
func TestDispersalPayloads(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, n := range []int{4, 6, 8} {
		for _, m := range []int{1, 2, n / 2, n} {
			for _, q := range []float64{0.05, 0.15} {
				for _, pipe := range []bool{false, true} {
					cfg := with(Config{Router: "disjoint", Pattern: "random", N: n, Mu: 1, Q: q, Record: engine.Record{Packets: true, Trace: true}},
						pieces, m, pipelined, pipe)
					name := fmt.Sprintf("n=%d/m=%d/q=%v/pipelined=%v", n, m, q, pipe)
					var s Sim
					res, err := s.Trial(cfg, testRand(uint64(n*100+m)))
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					payload := make([][]byte, 1<<n)
					for i := range payload {
						payload[i] = make([]byte, 40+rng.IntN(60))
						for j := range payload[i] {
							payload[i][j] = byte(rng.Uint32())
						}
					}
					intact, err := dispersal(n, m, payload, res.Arrival)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					lost := 0
					for i, ok := range intact {
						c := res.Copies[i]
						if delivered := int(c.AtVia) >= m && int(c.AtDst) >= m; delivered != ok {
							t.Fatalf("%s: message %d: router says delivered=%v (%d at y, %d at z), payload intact=%v", name, i, delivered, c.AtVia, c.AtDst, ok)
						}
						if !ok {
							lost++
						}
					}
					if got := measuredInt(res, "lost"); got != lost {
						t.Fatalf("%s: %d lost, the payloads say %d", name, got, lost)
					}
					crossed := 0
					for _, snd := range res.Trace {
						if snd.From/uint32(n) != snd.To/uint32(n) {
							crossed++
						}
					}
					if got := measuredFloat(res, "moved"); got*float64(m) != float64(crossed) {
						t.Fatalf("%s: moved %v message lengths, %d pieces of 1/%d crossed links", name, got, crossed, m)
					}
				}
			}
		}
	}
}

// measuredFloat is measure name of res, −1 if not reported.
func measuredFloat(res *Result, name string) float64 {
	for i, m := range Measures {
		if v, ok := res.Measured(i); ok && m.Name == name {
			return v
		}
	}
	return -1
}
