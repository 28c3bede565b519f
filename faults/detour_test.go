package faults

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDetourFigure checks the thesis' example on Q_4 (Ch. III.1, Figs. 3
// and 4): the failed edges 0→2, 9→11 and 5→7 of dimension 2 with detours
// U^1, U^4, U^3, all over the middle edge 1→3 (3-conjunct), and with U^3,
// U^4, U^4 (1-conjunct).
func TestDetourFigure(t *testing.T) {
	f, _ := New(4)
	for _, v := range []uint32{0, 9, 5} {
		f.Fail(v, 2)
	}
	y := NewSystem(f)
	if y.Complete() {
		t.Fatal("a system without detours is complete")
	}
	for fig, detours := range map[int][]struct {
		v     uint32
		i     int
		nodes [4]uint32
	}{
		3: {{0, 1, [4]uint32{0, 1, 3, 2}}, {9, 4, [4]uint32{9, 1, 3, 11}}, {5, 3, [4]uint32{5, 1, 3, 7}}},
		4: {{0, 3, [4]uint32{0, 4, 6, 2}}, {9, 4, [4]uint32{9, 1, 3, 11}}, {5, 4, [4]uint32{5, 13, 15, 7}}},
	} {
		for _, c := range detours {
			y.Choose(c.v, 2, c.i)
			u, ok := y.Detour(c.v, 2)
			if !ok || u.Nodes() != c.nodes || !f.Intact(u) {
				t.Errorf("Fig. %d: detour %v, %v, intact %v; want %v", fig, u.Nodes(), ok, f.Intact(u), c.nodes)
			}
		}
		want := map[int]int{3: 3, 4: 1}[fig]
		if perDim, g := y.Gamma(); g != want || perDim[1] != want || !y.Complete() {
			t.Errorf("Fig. %d: γ = %d, per dimension %v, complete %v; want %d in dimension 2", fig, g, perDim, y.Complete(), want)
		}
		if err := y.Check(want); err != nil {
			t.Errorf("Fig. %d: %v", fig, err)
		}
		if err := y.Check(want - 1); err == nil {
			t.Errorf("Fig. %d: Check(%d) passes a %d-conjunct system", fig, want-1, want)
		}
	}
}

// TestCheckRejects breaks a valid system in each way Check guards.
func TestCheckRejects(t *testing.T) {
	f, _ := New(4)
	f.Fail(0, 2)
	f.Fail(1, 2) // the middle edge of U^1 of 0→2
	y := NewSystem(f)
	y.Choose(0, 2, 3)
	if err := y.Check(1); err != nil {
		t.Fatal(err)
	}
	for name, mutate := range map[string]func(y *System){
		"over a failed edge": func(y *System) { y.Choose(0, 2, 1) },
		"own dimension":      func(y *System) { y.Choose(0, 2, 2) },
		"outside the cube":   func(y *System) { y.Choose(0, 2, 5) },
		"intact edge":        func(y *System) { y.Choose(4, 1, 2) },
	} {
		z := NewSystem(f)
		z.Choose(0, 2, 3)
		mutate(z)
		if err := z.Check(1); err == nil {
			t.Errorf("%s: Check passes", name)
		}
	}
}

// TestStranded compares Stranded with a count over all detours by their
// nodes, on random fault sets of Q_2 … Q_5.
func TestStranded(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 400 {
		n := 2 + trial%4
		f, _ := New(n)
		if err := f.Random(0.3, rng); err != nil {
			t.Fatal(err)
		}
		want := 0
		f.Each(func(v uint32, d int) {
			for i := 1; i <= n; i++ {
				if i == d {
					continue
				}
				p := Detour{v, d, i}.Nodes()
				if !f.Failed(p[0], p[1]) && !f.Failed(p[1], p[2]) && !f.Failed(p[2], p[3]) && p[3] == v^1<<(d-1) {
					return
				}
			}
			want++
		})
		if got := f.Stranded(); got != want {
			t.Fatalf("%v: Stranded = %d, want %d", f, got, want)
		}
	}
}

// TestGammaLoads checks Gamma against the largest Loads per dimension on
// random systems of Q_3 … Q_8 (every failed edge with an intact detour
// given a random one), three times, after Gamma and after Check, which share its
// buffer.
func TestGammaLoads(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 5))
	for trial := range 200 {
		n := 3 + trial%6
		f, _ := New(n)
		if err := f.Random(0.2*rng.Float64(), rng); err != nil {
			t.Fatal(err)
		}
		y := NewSystem(f)
		f.Each(func(v uint32, d int) {
			if i := 1 + rng.IntN(n); i != d && f.Intact(Detour{v, d, i}) {
				y.Choose(v, d, i)
			}
		})
		want, wantG := make([]int, n), 0
		for e, l := range y.Loads(nil) {
			want[e%n] = max(want[e%n], int(l))
			wantG = max(wantG, int(l))
		}
		for round := range 3 {
			perDim, g := y.Gamma()
			if g != wantG || !slices.Equal(perDim, want) {
				t.Fatalf("%v, round %d: Gamma %v, %d; Loads %v, %d", f, round, perDim, g, want, wantG)
			}
			if round == 1 {
				if err := y.Check(wantG); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestSystemReset checks that Reset empties a system whatever it held: a
// few detours (emptied one by one), many (emptied whole), and on a cube of
// another size.
func TestSystemReset(t *testing.T) {
	rng := testRand(9)
	f, _ := New(8)
	y := NewSystem(f)
	for _, c := range []struct {
		n, chosen int
	}{{8, 3}, {8, 8 << 8 >> 6}, {8, 8<<8>>6 + 1}, {8, 1000}, {6, 5}, {8, 0}, {8, 2}} {
		if err := f.Reset(c.n); err != nil {
			t.Fatal(err)
		}
		y.Reset(f)
		for e := range f.Edges() {
			if _, ok := y.Detour(uint32(e/c.n), e%c.n+1); ok {
				t.Fatalf("Q_%d after %d detours: edge %d still has one after Reset", c.n, c.chosen, e)
			}
		}
		for range c.chosen {
			v, d := uint32(rng.IntN(1<<c.n)), 1+rng.IntN(c.n)
			y.Choose(v, d, d%c.n+1)
		}
	}
}

// TestChooseNodes checks ChooseNodes against Choose node by node, below and
// past the 64th of the edges up to which a system lists what it chose:
// the two give the same detours, and Reset empties both.
func TestChooseNodes(t *testing.T) {
	const n = 8
	rng := testRand(10)
	f, _ := New(n)
	batch, each := NewSystem(f), NewSystem(f)
	for _, total := range []int{3, n << n >> 6, n<<n>>6 + 1, 1000, 0} {
		batch.Reset(f)
		each.Reset(f)
		for e := range f.Edges() {
			v, d := uint32(e/n), e%n+1
			if _, ok := batch.Detour(v, d); ok {
				t.Fatalf("edge %d-%d still has a detour after Reset", v, d)
			}
		}
		for chosen := 0; chosen < total; {
			d := 1 + rng.IntN(n)
			i := 1 + (d+rng.IntN(n-1))%n
			nodes := make([]uint32, min(rng.IntN(20), total-chosen))
			for k := range nodes {
				nodes[k] = uint32(rng.IntN(1 << n))
			}
			batch.ChooseNodes(d, i, nodes)
			for _, v := range nodes {
				each.Choose(v, d, i)
			}
			chosen += len(nodes)
		}
		for e := range f.Edges() {
			v, d := uint32(e/n), e%n+1
			if got, want := batch.via[batch.slot(v, d)], each.via[each.slot(v, d)]; got != want {
				t.Fatalf("after %d detours: edge %d-%d takes U^%d by ChooseNodes, U^%d by Choose", total, v, d, got, want)
			}
		}
	}
}
