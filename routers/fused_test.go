package routers

import (
	"fmt"
	"slices"
	"testing"
)

// opaque hides a router's type from the Engine, so that Run steps it
// without stepFused.
type opaque struct{ Router }

// TestFusedAsGeneric checks that stepFused routes as the generic step loop
// does: the same T, hops, largest queue and loads per priority, for n up to
// 12 and for n = 15, beyond touchNodes.
func TestFusedAsGeneric(t *testing.T) {
	type instance struct {
		n, mu int
		seed  uint64
	}
	var cases []instance
	for n := 1; n <= 12; n++ {
		for _, mu := range []int{1, 2, 5} {
			for seed := range uint64(3) {
				cases = append(cases, instance{n, mu, seed})
			}
		}
	}
	cases = append(cases, instance{15, 1, 0}, instance{15, 2, 1})
	for _, router := range []string{"ecube", "valiant"} {
		for _, pat := range []string{"random", "transpose", "complement"} {
			for _, c := range cases {
				cfg := Config{Router: router, Pattern: pat, N: c.n, Mu: c.mu}
				name := fmt.Sprintf("%s/%s/n=%d/mu=%d/seed=%d", router, pat, c.n, c.mu, c.seed)
				var s Sim
				if err := s.Draw(cfg, testRand(c.seed)); err != nil {
					t.Fatal(err)
				}
				got, err := s.Route(cfg, nil)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if _, ok := s.eng.fused(&s.wp); !ok {
					t.Fatalf("%s: not stepped by stepFused", name)
				}
				var via []uint32
				if info, _ := Lookup(router); info.Phases == 2 {
					via = s.Via
				}
				var wp waypoints
				wp.reset(c.n, SinglePort, Priority, &s.Req, via)
				var eng Engine
				want, err := eng.Run(opaque{&wp}, cfg.Prios())
				if err != nil {
					t.Fatalf("%s: generic: %v", name, err)
				}
				if got.T != want.T || got.Hops != want.Hops || got.MaxQueue != want.MaxQueue || !slices.Equal(got.PrioLoads, want.PrioLoads) {
					t.Fatalf("%s: fused T=%d hops=%d max queue=%d loads %v, generic T=%d hops=%d max queue=%d loads %v",
						name, got.T, got.Hops, got.MaxQueue, got.PrioLoads, want.T, want.Hops, want.MaxQueue, want.PrioLoads)
				}
			}
		}
	}
}
