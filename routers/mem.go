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
