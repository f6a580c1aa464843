package report

import (
	"fmt"
	"time"
)

// Server is the CPU time the server process used during a run, measured by
// fwbench from outside (--pid): every thread's user and system time, read
// before and after the run. It covers everything the process did meanwhile,
// so the server should serve nothing but fwbench's requests.
type Server struct {
	PID           int     `json:"pid"`
	CPU           float64 `json:"cpu_s"`
	CPUPerRequest float64 `json:"cpu_per_request_us"`
}

// SetServer records that process pid used cpu during the run: r.Server,
// with the CPU time per response received. A process that used no CPU
// while answering requests is not the server (a shell or wrapper that
// started it, perhaps): the report warns.
func (r *Run) SetServer(pid int, cpu time.Duration) {
	r.Server = &Server{PID: pid, CPU: cpu.Seconds()}
	if r.Requests > 0 {
		r.Server.CPUPerRequest = float64(cpu.Nanoseconds()) / 1e3 / float64(r.Requests)
		if cpu == 0 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("process %d used no CPU while %s requests were answered: is it the server itself, not a shell or wrapper that started it?", pid, Thousands(r.Requests)))
		}
	}
}

// mergeServer is the server CPU of merged runs, or nil unless every run
// has one. Runs made one after another (sequential) add up. Runs made at
// the same time each measured their process over the whole window, so a
// process (a PID) counts once, with the largest figure, and distinct
// processes add up. The PID is kept only when all runs agree on it.
func mergeServer(runs []*Run, requests int64, sequential bool) *Server {
	var s Server
	byPID := map[int]float64{}
	for i, r := range runs {
		if r.Server == nil {
			return nil
		}
		if i == 0 {
			s.PID = r.Server.PID
		} else if s.PID != r.Server.PID {
			s.PID = 0
		}
		if sequential {
			s.CPU += r.Server.CPU
		} else {
			byPID[r.Server.PID] = max(byPID[r.Server.PID], r.Server.CPU)
		}
	}
	for _, cpu := range byPID {
		s.CPU += cpu
	}
	if requests > 0 {
		s.CPUPerRequest = s.CPU * 1e6 / float64(requests)
	}
	return &s
}
