package engine

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page.
const hugePage = 2 << 20

// adviseHuge asks the kernel to back the whole huge pages within s by huge
// pages, so that reading s at random misses the TLB less.
func adviseHuge[T any](s []T) {
	var z T
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), uintptr(cap(s))*unsafe.Sizeof(z))
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo := (p+hugePage-1)&^(hugePage-1) - p
	hi := (p+uintptr(len(b)))&^(hugePage-1) - p
	if len(b) < 2*hugePage || hi <= lo {
		return
	}
	const madvHugepage = 14 // MADV_HUGEPAGE
	// An error leaves the pages as they are.
	_ = syscall.Madvise(b[lo:hi], madvHugepage)
}
