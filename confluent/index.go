package confluent

// hopIndex lists the hops of a system's detours by the node they leave:
// the hops leaving node v are at[start[v]:start[v+1]], each as 3·j + k for
// hop k of detour j, in ascending order.
type hopIndex struct {
	start []int32
	at    []int32
}

// newHopIndex indexes the hops of s's detours.
func newHopIndex(s *System) hopIndex {
	nodes := 1 << s.Faults.N
	x := hopIndex{start: make([]int32, nodes+1), at: make([]int32, 3*len(s.Detours))}
	for _, u := range s.Detours {
		for _, h := range u.Hops {
			x.start[h.From]++
		}
	}
	for v := 1; v < nodes; v++ {
		x.start[v] += x.start[v-1]
	}
	x.start[nodes] = int32(len(x.at))
	// start[v] is now the end of v's hops; filled from the last hop back,
	// it ends at their beginning.
	for j := len(s.Detours) - 1; j >= 0; j-- {
		for k := 2; k >= 0; k-- {
			v := s.Detours[j].Hops[k].From
			x.start[v]--
			x.at[x.start[v]] = int32(3*j + k)
		}
	}
	return x
}

// leaving returns the hops that leave node v.
func (x *hopIndex) leaving(v uint32) []int32 { return x.at[x.start[v]:x.start[v+1]] }
