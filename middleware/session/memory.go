package session

import (
	"context"
	"sync"
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/parsers"
)

// MemoryStore is express-session's MemoryStore: sessions in a map in
// process memory. It is meant for development and tests: sessions are
// lost when the process ends and are not shared between processes.
//
// Unlike express-session's, which only drops an expired session when it
// is read (and so grows without bound), it also sweeps expired sessions
// every 1024 writes. A session without an expiry (a browser-session
// cookie) stays until it is destroyed or the store is cleared.
//
// A MemoryStore is safe for concurrent use. The zero value is not usable:
// call NewMemoryStore.
type MemoryStore struct {
	mu       sync.Mutex
	sessions map[string]memoryEntry
	writes   int
	now      func() time.Time
}

type memoryEntry struct {
	data    []byte
	expires time.Time
}

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{sessions: map[string]memoryEntry{}, now: time.Now}
}

var _ Toucher = (*MemoryStore)(nil)

// Get returns the session with the given ID; an expired one is deleted
// and reported missing.
func (s *MemoryStore) Get(_ context.Context, id string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.sessions[id]
	if !ok {
		return nil, nil
	}
	if s.expired(e) {
		delete(s.sessions, id)
		return nil, nil
	}
	return e.data, nil
}

func (s *MemoryStore) expired(e memoryEntry) bool {
	return !e.expires.IsZero() && !e.expires.After(s.now())
}

// Set stores a copy of data.
func (s *MemoryStore) Set(_ context.Context, id string, data []byte, expires time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessions[id] = memoryEntry{data: append([]byte(nil), data...), expires: expires}
	s.writes++
	if s.writes%1024 == 0 {
		for k, e := range s.sessions {
			if s.expired(e) {
				delete(s.sessions, k)
			}
		}
	}
	return nil
}

// Destroy deletes a session.
func (s *MemoryStore) Destroy(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.sessions, id)
	return nil
}

// Touch replaces the cookie of a stored session with the one in data and
// its expiry, as MemoryStore.touch does; a missing session stays missing.
func (s *MemoryStore) Touch(_ context.Context, id string, data []byte, expires time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.sessions[id]
	if !ok || s.expired(e) {
		return nil
	}
	cur, err1 := parsers.ParseJSON(e.data)
	next, err2 := parsers.ParseJSON(data)
	curObj, ok1 := cur.(*parsers.Object)
	nextObj, ok2 := next.(*parsers.Object)
	if err1 != nil || err2 != nil || !ok1 || !ok2 {
		return nil
	}
	cookie, _ := nextObj.Get("cookie")
	curObj.Set("cookie", cookie)
	b, err := fast.AppendJSON(nil, curObj)
	if err != nil {
		return err
	}
	s.sessions[id] = memoryEntry{data: b, expires: expires}
	return nil
}

// Len returns the number of sessions that have not expired, as
// MemoryStore.length.
func (s *MemoryStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, e := range s.sessions {
		if !s.expired(e) {
			n++
		}
	}
	return n
}

// All returns a copy of every session that has not expired, by ID, as
// MemoryStore.all.
func (s *MemoryStore) All() map[string][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string][]byte, len(s.sessions))
	for k, e := range s.sessions {
		if !s.expired(e) {
			out[k] = append([]byte(nil), e.data...)
		}
	}
	return out
}

// Clear deletes every session.
func (s *MemoryStore) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.sessions)
}
