package experiments

import (
	"github.com/hyperroute/hyperroute/delayseq"
	"github.com/hyperroute/hyperroute/engine"
)

// seqCounts is a row of the delayseq table without the trial's identity.
type seqCounts struct {
	dLen                                   int32
	dLoad                                  int64
	xFixed, hFixed, xExtracted, hExtracted int64
	upfalLoad, naiveLoad                   int64
}

// delaySeqs extracts the critical delay sequence of a run on Q_n recorded
// with Record{Loads: true, Trace: true}, checks it against Lemma I.1, counts
// Σx and Σh for it and for delayseq.Canonical, and the loads of its
// Upfal form (Lemma I.2, checked for its shape) and of the naive bound.
func delaySeqs(res *engine.Result, n int) (*seqCounts, error) {
	d, err := delayseq.Critical(res, n)
	if err != nil {
		return nil, err
	}
	if err := d.Check(res); err != nil {
		return nil, err
	}
	c := &seqCounts{dLen: int32(len(d)), dLoad: d.Load(res)}
	c.xFixed, c.hFixed = delayseq.SumXH(res, delayseq.Canonical(n))
	c.xExtracted, c.hExtracted = delayseq.SumXH(res, d)
	if len(d) > 0 {
		w := d.Upfal(len(res.Loads)/res.LoadNodes - 1)
		if err := delayseq.CheckUpfal(w); err != nil {
			return nil, err
		}
		c.upfalLoad = delayseq.UpfalLoad(res, w)
	}
	c.naiveLoad = delayseq.Naive(res)
	return c, nil
}
