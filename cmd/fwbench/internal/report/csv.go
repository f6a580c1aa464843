package report

import (
	"encoding/csv"
	"io"
	"strconv"
)

// CSVHeader is the header row of WriteCSV: one row per interval of the time
// series; latencies in microseconds, t the end of the interval in seconds.
var CSVHeader = []string{"t_s", "dur_s", "requests", "sent", "errors", "rps", "p50_us", "p90_us", "p99_us", "max_us", "lag_p99_us"}

// WriteCSV writes the run's time series as CSV.
func (r *Run) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	f := func(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }
	i := func(v int64) string { return strconv.FormatInt(v, 10) }
	for _, p := range r.Series {
		if err := cw.Write([]string{f(p.T, 3), f(p.Dur, 3), i(p.Requests), i(p.Sent), i(p.Errors), f(p.RPS, 1),
			i(p.P50), i(p.P90), i(p.P99), i(p.Max), i(p.LagP99)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
