//go:build !race

package router

// raceEnabled scales the large differential sweeps down under the race
// detector (about 10x slower); the normal test run does them in full.
const raceEnabled = false
