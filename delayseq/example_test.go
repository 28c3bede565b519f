package delayseq_test

import (
	"fmt"
	"log"
	"math/rand/v2"

	"github.com/hyperroute/hyperroute/delayseq"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/routers"
)

// Extract the critical delay sequence of one Valiant run on Q_4 and check
// Lemma I.1 on it: T ≤ Σ f(p_i, v_i).
func ExampleCritical() {
	cfg := routers.Config{Router: "valiant", N: 4, Pattern: "random", Mu: 1,
		Record: engine.Record{Loads: true, Trace: true}}
	var s routers.Sim
	trial, err := s.Trial(cfg, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		log.Fatal(err)
	}
	res := &trial.Result // the run, as the engine recorded it
	d, err := delayseq.Critical(res, cfg.N)
	if err != nil {
		log.Fatal(err)
	}
	if err := d.Check(res); err != nil {
		log.Fatal(err)
	}
	fmt.Println("T =", res.T)
	for _, st := range d {
		fmt.Printf("(v=%2d, p=%d, t=%d) f=%d\n", st.Node, st.Prio, st.T, delayseq.Seq{st}.Load(res))
	}
	fmt.Println("Σ f =", d.Load(res))
	x, h := delayseq.SumXH(res, d)
	fmt.Println("Σx =", x, "Σh =", h)
	// Output:
	// T = 8
	// (v=11, p=1, t=0) f=1
	// (v=10, p=2, t=1) f=2
	// (v= 8, p=3, t=2) f=1
	// (v= 8, p=4, t=3) f=1
	// (v= 0, p=5, t=4) f=1
	// (v= 1, p=6, t=5) f=2
	// (v= 3, p=7, t=6) f=2
	// (v= 7, p=8, t=7) f=1
	// Σ f = 11
	// Σx = 4 Σh = 11
}
