package routers

import "unsafe"

// words is a Packet as the two machine words it occupies, so that the step
// loop can keep it in registers: lo holds ID, Prio, Remain, Phase and Tag,
// hi holds Via and Dst, each at its byte offset within the Packet.
type words struct{ lo, hi uint64 }

// Bit offsets of the Packet's byte fields within words.lo.
const (
	prioShift  = 8 * unsafe.Offsetof(Packet{}.Prio)
	phaseShift = 8 * unsafe.Offsetof(Packet{}.Phase)
)

// wordsFit is whether a Packet is laid out as words says: 16 bytes, little
// endian, its fields in declaration order.
var wordsFit = func() bool {
	k := Packet{ID: 1, Prio: 2, Remain: 3, Phase: 4, Tag: 5, Via: 6, Dst: 7}
	return unsafe.Sizeof(k) == 16 && *asWords(&k) == words{lo: 1 | 2<<32 | 3<<40 | 4<<48 | 5<<56, hi: 6 | 7<<32}
}()

func asWords(k *Packet) *words { return (*words)(unsafe.Pointer(k)) }

func (w words) prio() uint8  { return uint8(w.lo >> prioShift) }
func (w words) phase() uint8 { return uint8(w.lo >> phaseShift) }
func (w words) via() uint32  { return uint32(w.hi) }
func (w words) dst() uint32  { return uint32(w.hi >> 32) }

// key orders packets under the Priority discipline: by Prio, ties by ID.
func (w words) key() uint64 { return w.lo << (64 - prioShift - 8) }

// words returns the packets b holds in place as words.
func (b *node) words() *[inline]words { return (*[inline]words)(unsafe.Pointer(&b.pk)) }
