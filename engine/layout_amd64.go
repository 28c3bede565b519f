package engine

import "unsafe"

// The assembly (prefetch_amd64.s, fusedscan_amd64.s) takes a sortedNode
// to be its count, then its sortedInline = 3 keys from 8 bytes on, in 32
// bytes; a key's priority to be its top 6 bits; and a queued packet's node
// to be 8 bytes into its 16. Each line fails to compile otherwise.
const (
	_ = uintptr(32-unsafe.Sizeof(sortedNode{})) + uintptr(unsafe.Sizeof(sortedNode{})-32)
	_ = uintptr(8-unsafe.Offsetof(sortedNode{}.pk)) + uintptr(unsafe.Offsetof(sortedNode{}.pk)-8)
	_ = uint(sortedInline-3) + uint(3-sortedInline)
	_ = uint(KeyPrioShift-58) + uint(58-KeyPrioShift)
	_ = uintptr(16-unsafe.Sizeof(queued{})) + uintptr(unsafe.Sizeof(queued{})-16)
	_ = uintptr(8-unsafe.Offsetof(queued{}.at)) + uintptr(unsafe.Offsetof(queued{}.at)-8)
)
