package main

import "sync"

// setStore is the embedded stand-in for the Redis server the original
// uses: named sets of strings with SADD and SMEMBERS. It is safe for
// concurrent use.
type setStore struct {
	mu   sync.Mutex
	sets map[string][]string
}

func newSetStore() *setStore { return &setStore{sets: map[string][]string{}} }

// SAdd adds members to the set key, ignoring those already in it, and
// returns how many were added.
func (s *setStore) SAdd(key string, members ...string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	added := 0
	for _, m := range members {
		dup := false
		for _, have := range s.sets[key] {
			if have == m {
				dup = true
				break
			}
		}
		if !dup {
			s.sets[key] = append(s.sets[key], m)
			added++
		}
	}
	return added
}

// SMembers returns a copy of the members of the set key (empty, never
// nil, when there is none), in the order they were added; Redis gives no
// order.
func (s *setStore) SMembers(key string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string{}, s.sets[key]...)
}
