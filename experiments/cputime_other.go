//go:build !unix

package experiments

import "time"

// cpuTime returns the wall time: without rusage the calibration measures
// wall time on one goroutine.
func cpuTime() time.Duration { return time.Duration(time.Now().UnixNano()) }

// residentBytes returns 0: the resident set size is unknown.
func residentBytes() int64 { return 0 }
