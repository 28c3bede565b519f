package experiments

import (
	"slices"

	"github.com/hyperroute/hyperroute/engine"
)

// record returns what trial t of every point records for the spec's
// tables: its packets for packets and messages (trials below
// packet_trials), f(p,v) for nodeloads (below node_trials), loadcounts and
// delayseq, and its trace for delayseq.
func (s *Spec) record(t int) engine.Record {
	seqs := s.has(TableDelaySeq)
	return engine.Record{
		Packets: (s.has(TablePackets) || s.has(TableMessages)) && below(t, s.PacketTrials),
		Loads:   seqs || s.nodeLoads(t) || s.has(TableLoadCounts),
		Trace:   seqs,
	}
}

// nodeLoads reports whether trial t writes rows of the nodeloads table.
func (s *Spec) nodeLoads(t int) bool { return s.has(TableNodeLoads) && below(t, s.NodeTrials) }

func (s *Spec) has(table string) bool { return slices.Contains(s.Tables, table) }

// below reports whether trial t is below a limit of trials, 0 for none.
func below(t, limit int) bool { return limit == 0 || t < limit }
