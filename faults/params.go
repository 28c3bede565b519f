package faults

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/hyperroute/hyperroute/param"
)

// The parameters of the faults of every model on a cube, declared once:
// each model binds them to its fields (Draw.Bind) and takes them as grid
// axes, columns and flags. Configurations that differ in them draw
// different cubes (Instance).
var (
	QParam = param.Param{Name: "q", Doc: "probability that a directed edge fails (static faults)",
		Type: param.Float, Default: "0", Lo: 0, Hi: 1, Instance: true}
	KParam = param.Param{Name: "k", Doc: "number of directed edges that fail, chosen uniformly (static faults)",
		Type: param.Int, Default: "0", Lo: 0, Hi: math.MaxInt32, Instance: true}
	ListParam = param.Param{Name: "faults", Doc: `a fault list: the failed edges "v d" (node, dimension), separated by ';'`,
		Type: param.Text, Default: "", Instance: true, Norm: func(v string) (string, error) {
			l, err := ParseList(v)
			return string(l), err
		}}
)

// Draw says how the faults of a cube are drawn: every directed edge fails
// with probability Q, or exactly K edges fail, or the edges of List; at
// most one of them is set, none for the intact cube. Its fields are the
// values of QParam, KParam and ListParam.
type Draw struct {
	Q    float64
	K    int
	List List
}

// Bind binds q, k and faults to the fields of d in s.
func (d *Draw) Bind(s *param.Set) {
	s.Bind(QParam, &d.Q)
	s.Bind(KParam, &d.K)
	s.Bind(ListParam, (*string)(&d.List))
}

// Faulty reports whether edges fail.
func (d Draw) Faulty() bool { return d.Q > 0 || d.K > 0 || d.List != "" }

// Check reports why d does not draw faults of Q_n: more than one of q, k
// and a list, more failed edges than Q_n has, or a listed edge not of Q_n.
func (d Draw) Check(n int) error {
	switch set := btoi(d.Q > 0) + btoi(d.K > 0) + btoi(d.List != ""); {
	case set > 1:
		return fmt.Errorf("q=%v, k=%d, fault list of %d edges: set one of them", d.Q, d.K, d.List.Len())
	case !(d.Q >= 0 && d.Q <= 1):
		return fmt.Errorf("q=%v: want an edge-failure probability in [0, 1]", d.Q)
	case d.K < 0 || n < 32 && d.K > n<<n:
		return fmt.Errorf("k=%d failed edges: Q_%d has %d", d.K, n, n<<n)
	}
	return d.List.Check(n)
}

// Fill makes s the fault set of Q_n that d draws from rng: q draws one
// number per edge, k draws k numbers, a list none.
func (d Draw) Fill(s *Set, n int, rng *rand.Rand) error {
	if d.List != "" {
		return d.List.Fill(s, n)
	}
	if err := s.Reset(n); err != nil {
		return err
	}
	switch {
	case d.Q > 0:
		return s.Random(d.Q, rng)
	case d.K > 0:
		return s.Exactly(d.K, rng)
	}
	return nil
}

// String names d: "q=0.05", "k=3", "fault list of 4 edges" or "intact".
func (d Draw) String() string {
	switch {
	case d.Q > 0:
		return fmt.Sprintf("q=%v", d.Q)
	case d.K > 0:
		return fmt.Sprintf("k=%d", d.K)
	case d.List != "":
		return fmt.Sprintf("fault list of %d edges", d.List.Len())
	}
	return "intact"
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
