//go:build !unix

package engine

import "time"

// cpuTime returns 0 where the process CPU time is not available; reports
// then omit the generator's CPU per request.
func cpuTime() time.Duration { return 0 }
