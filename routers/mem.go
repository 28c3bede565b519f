package routers

import (
	"bufio"
	"fmt"
	"os"
)

// AvailableMemory returns the memory trials may use: MemAvailable from
// /proc/meminfo, or 16 GiB if unknown.
func AvailableMemory() int64 { return availableMemory() }

// availableMemory is MemAvailable from /proc/meminfo, or 16 GiB if unknown
// (a variable for tests).
var availableMemory = func() int64 {
	const fallback = 16 << 30
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return fallback
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var kb int64
		if _, err := fmt.Sscanf(sc.Text(), "MemAvailable: %d kB", &kb); err == nil {
			return kb << 10
		}
	}
	return fallback
}

// CheckRows returns an error unless keeping rows results of size bytes each
// fits in available bytes. Commands call it before they allocate the
// results of all their trials, so that a huge count is refused in one line.
func CheckRows(rows int, size, available int64) error {
	if rows < 0 || size > 0 && int64(rows) > available/size {
		return fmt.Errorf("%d trials need about %.0f MiB for their results, more than the %d MiB available",
			rows, float64(rows)*float64(size)/(1<<20), available>>20)
	}
	return nil
}
