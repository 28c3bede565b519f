package routers

// FirstPrio is the smallest priority c's routing sends with: 0 for
// disjoint, whose priority is the hops a copy has taken, and for e-cube
// and Valiant simulated over detours, which send a packet whose detour ends
// at its destination, and a delivery, with priority 0; 1 for the others,
// whose priority is a dimension (or a dimension plus n).
func (c Config) FirstPrio() int {
	if c.Router == "disjoint" || c.HasDetours() && (c.Router == "ecube" || c.Router == "valiant") {
		return 0
	}
	return 1
}
