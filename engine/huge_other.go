//go:build !linux

package engine

// adviseHuge asks the kernel to back the whole huge pages within s by huge
// pages: here it does nothing.
func adviseHuge[T any](s []T) {}
