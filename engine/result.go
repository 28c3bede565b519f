package engine

// Record selects what a run keeps beyond the summary counts.
type Record struct {
	Arrivals bool // arrival time per packet
	Packets  bool // arrival time and hop count per packet
	Loads    bool // f(p,v) per priority and node
	Steps    bool // packets sent per step
	Trace    bool // every send
}

// Send is one packet leaving a node: in step T it went From→To with priority
// Prio.
type Send struct {
	T        int32
	Packet   int32
	From, To uint32
	Prio     uint8
}

// Result is the outcome of one run.
type Result struct {
	T        int   // arrival time of the last packet to arrive
	Hops     int64 // packet-hops, every send counted, lost ones too
	MaxQueue int   // most packets ever waiting in one queue
	Dropped  int   // packets lost on failed links
	Held     int   // packets held at the start and never started
	// PrioLoads[p] is Σ_v f(p,v), the packets sent with priority p.
	PrioLoads []int64

	// With Record.Arrivals or Packets: Arrival[id] is the arrival time of
	// packet id at its destination, −1 if it was lost or never started.
	Arrival []int32
	// With Record.Packets: PacketHops[id] is the number of hops packet id
	// took.
	PacketHops []int32
	// With Record.Loads: Loads[p*LoadNodes+v] = f(p,v).
	Loads     []int32
	LoadNodes int
	// With Record.Steps: Sends[t] is the number of packets sent in step t.
	Sends []int32
	// With Record.Trace: all sends in step order, within a step by node
	// and queue.
	Trace []Send
}
