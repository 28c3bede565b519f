package bounds

import (
	"fmt"
	"math"
	"slices"

	"github.com/hyperroute/hyperroute/stats"
)

// Solve answers a query that names a parameter to solve for, q, and a
// target: the q at which the kind's value, which grows with q, reaches the
// target (stats.InvertQ, to machine precision), with the value there. The
// query gives every other parameter the kind needs, and no q.
func Solve(q Query) (Result, error) {
	k, err := Lookup(q.Kind)
	switch {
	case err != nil:
		return Result{Kind: q.Kind, Args: q.Args}, err
	case q.Solve != "q":
		return Result{Kind: q.Kind, Args: q.Args}, fmt.Errorf("solve %q: want solve q with a target", q.Solve)
	case q.Target == nil || !(*q.Target > 0) || math.IsInf(*q.Target, 0):
		return Result{Kind: q.Kind, Args: q.Args}, fmt.Errorf("solve q needs a target > 0")
	case !slices.Contains(k.Needs, "q"):
		return Result{Kind: q.Kind, Args: q.Args}, fmt.Errorf("%s takes no q to solve for", k.Name)
	case q.Q != nil:
		return Result{Kind: q.Kind, Args: q.Args}, fmt.Errorf("solve q finds q: give no q")
	}
	target := *q.Target
	at := func(x float64) (Result, error) {
		a := q.Args
		a.Solve, a.Target, a.Q = "", nil, &x
		return Eval(Query{Kind: q.Kind, Args: a})
	}
	if _, err := at(0.5); err != nil {
		return Result{Kind: q.Kind, Args: q.Args}, err
	}
	value := func(x float64) float64 {
		r, _ := at(x)
		return r.Value
	}
	if value(1) < target {
		return Result{Kind: q.Kind, Args: q.Args}, fmt.Errorf("%s stays below %v for every q ≤ 1", k.Name, target)
	}
	res, err := at(stats.InvertQ(value, target))
	res.Solve, res.Target = q.Solve, q.Target
	return res, err
}
