package report

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// FormatUs formats a duration in microseconds with three significant
// digits: 87µs, 1.23ms, 4.56s.
func FormatUs(us int64) string {
	switch {
	case us < 1000:
		return strconv.FormatInt(us, 10) + "µs"
	case us < 1_000_000:
		return trim(float64(us)/1e3) + "ms"
	default:
		return trim(float64(us)/1e6) + "s"
	}
}

func trim(v float64) string {
	switch {
	case v < 10:
		return strconv.FormatFloat(v, 'f', 2, 64)
	case v < 100:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
}

// Thousands formats n with comma separators.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// Describe returns the one-line description of what the run did.
func (r *Run) Describe() string {
	var b strings.Builder
	if len(r.Targets) == 1 {
		fmt.Fprintf(&b, "%s %s", r.Targets[0].Method, r.Targets[0].URL)
	} else {
		fmt.Fprintf(&b, "%d targets on %s", len(r.Targets), hostOf(r.Targets[0].URL))
	}
	switch {
	case r.Mode == "max":
		b.WriteString(" | --max (closed loop)")
	case len(r.Config.Stages) > 0:
		fmt.Fprintf(&b, " | --stages (open loop, %d stages)", len(r.Config.Stages))
	default:
		fmt.Fprintf(&b, " | --rate %s/s (open loop)", Thousands(int64(r.Config.Rate)))
	}
	fmt.Fprintf(&b, " | %d connections", r.Config.Connections)
	if r.Config.Pipeline > 1 {
		fmt.Fprintf(&b, " x %d pipelined", r.Config.Pipeline)
	}
	return b.String()
}

func hostOf(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	}
	if i := strings.IndexByte(u, '/'); i >= 0 {
		u = u[:i]
	}
	return u
}

// WriteText writes the human-readable summary.
func (r *Run) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "fwbench %s\n", r.Describe())
	fmt.Fprintf(&b, "  requests     %s in %.2fs, %s req/s", Thousands(r.Requests), r.Duration, Thousands(int64(r.Throughput+0.5)))
	if r.Duration > 0 {
		fmt.Fprintf(&b, ", %s in, %s out", bytesPerSec(float64(r.BytesIn)/r.Duration), bytesPerSec(float64(r.BytesOut)/r.Duration))
	}
	b.WriteString("\n")
	label := "latency"
	if r.Uncorrected != nil {
		label = "latency*"
	}
	fmt.Fprintf(&b, "  %-12s %s\n", label, r.Latency.line())
	if r.Uncorrected != nil {
		fmt.Fprintf(&b, "  %-12s %s\n", "uncorrected", r.Uncorrected.line())
		b.WriteString("               * from the intended send time (coordinated omission corrected); uncorrected: from the actual send\n")
	}
	if s := r.Schedule; s != nil {
		fmt.Fprintf(&b, "  schedule     %s of %s sent (%.2f%%), %s late (>%s), %s dropped, %s waited for a connection\n",
			Thousands(s.Sent), Thousands(s.Scheduled), 100*s.Achieved, Thousands(s.Late), FormatUs(int64(s.LateAfter)),
			Thousands(s.Dropped), Thousands(s.QueueFull))
		fmt.Fprintf(&b, "  send lag     %s\n", s.Lag.line())
	}
	fmt.Fprintf(&b, "  status       %s\n", r.statusLine())
	fmt.Fprintf(&b, "  errors       %s\n", r.errorLine())
	g := r.Generator
	if g.CPU > 0 {
		fmt.Fprintf(&b, "  generator    %.2f µs CPU per request, %.0f%% of %d CPUs\n", g.CPUPerRequest, 100*g.Utilization, g.CPUs)
	}
	if sv := r.Server; sv != nil {
		fmt.Fprintf(&b, "  server       %.2f µs CPU per request (process %d, %.2fs CPU)\n", sv.CPUPerRequest, sv.PID, sv.CPU)
	}
	if r.Interrupted {
		fmt.Fprintf(&b, "  interrupted  %s requests in flight dropped\n", Thousands(r.Unfinished))
	}
	for _, wmsg := range r.Warnings {
		fmt.Fprintf(&b, "  warning: %s\n", wmsg)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (l *Latency) line() string {
	if l.Count == 0 {
		return "no responses"
	}
	return fmt.Sprintf("p50 %s  p90 %s  p99 %s  p99.9 %s  p99.99 %s  max %s",
		FormatUs(l.P50), FormatUs(l.P90), FormatUs(l.P99), FormatUs(l.P999), FormatUs(l.P9999), FormatUs(l.Max))
}

func (r *Run) statusLine() string {
	if len(r.Status) == 0 {
		return "none"
	}
	codes := make([]string, 0, len(r.Status))
	for c := range r.Status {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = c + ": " + Thousands(r.Status[c])
	}
	return strings.Join(parts, ", ")
}

func (r *Run) errorLine() string {
	if r.ErrorCount == 0 {
		return "none"
	}
	var parts []string
	for _, k := range []string{"connect", "timeout", "read", "write", "protocol"} {
		if n := r.Errors[k]; n > 0 {
			parts = append(parts, k+" "+Thousands(n))
		}
	}
	return strings.Join(parts, ", ")
}

func bytesPerSec(v float64) string {
	switch {
	case v >= 1<<30:
		return fmt.Sprintf("%.2f GiB/s", v/(1<<30))
	case v >= 1<<20:
		return fmt.Sprintf("%.2f MiB/s", v/(1<<20))
	case v >= 1<<10:
		return fmt.Sprintf("%.2f KiB/s", v/(1<<10))
	default:
		return fmt.Sprintf("%.0f B/s", v)
	}
}
