package runner

// Compare diffs fast's cleaned answer (got) with Express's (want) as a
// case's comparison does: the server mode's normalisation (adjustForServer),
// then Normalize and Diff, leaving out the parts in ignore. The fuzz mode
// calls it for requests that are not cases of a suite.
func Compare(mode ServerMode, want, got *Response, ignore []string) []Difference {
	return Diff(Normalize(want), Normalize(adjustForServer(mode, want, got)), ignore)
}
