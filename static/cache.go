package static

import (
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/etag"
	"github.com/fwgo/fw/internal/mime"
)

// Limits of a Sender's cache.
const (
	cacheShards       = 16
	cacheMaxEntries   = 8192 // per Sender, all shards together
	maxCachedFileSize = 64 << 10
	cacheMaxBytes     = 32 << 20 // file content kept in memory, per Sender
)

// entry is what a Sender knows about one path: the result of stat, and
// for a small regular file its content. An entry is never modified once
// published; a refresh replaces it.
type entry struct {
	path    string
	checked int64 // time.Now().UnixNano() of the stat

	err    error  // the stat error, when the path cannot be served
	code   string // its Node code ("ENOENT")
	status int    // its status: 404 for a missing file, else 500
	dir    bool
	info   os.FileInfo

	size    int64
	mtime   time.Time
	etag    []byte // W/"size-mtime"
	lastMod []byte // HTTP date of mtime
	ctype   []byte // Content-Type for the path
	data    []byte // the content, for a small file; nil otherwise
	cached  bool   // data holds the content
}

// Cache keeps what Senders learnt about files, by path, for a time: a
// file's metadata, the content of a small file, or the error of a path
// that cannot be served. A file changed on disk is seen once its entry
// expires. Its size is bounded (entries and bytes of content). It is safe
// for concurrent use and may be shared by Senders.
type Cache struct {
	ttl    int64 // nanoseconds; <= 0: nothing is kept
	shards [cacheShards]cacheShard
	bytes  atomic.Int64 // content held
}

type cacheShard struct {
	mu sync.RWMutex
	m  map[string]*entry
}

// NewCache returns a Cache whose entries live ttl (DefaultCacheTTL when
// zero); a negative ttl gives a Cache that keeps nothing.
func NewCache(ttl time.Duration) *Cache {
	c := &Cache{}
	switch {
	case ttl == 0:
		c.ttl = int64(DefaultCacheTTL)
	case ttl > 0:
		c.ttl = int64(ttl)
	}
	for i := range c.shards {
		c.shards[i].m = make(map[string]*entry)
	}
	return c
}

// NoCache is a Cache that keeps nothing: every request asks the file
// system.
var NoCache = NewCache(-1)

// sharedCache is the cache of the SendFile function.
var sharedCache = NewCache(0)

func shardOf(path []byte) int {
	h := uint32(2166136261)
	for _, b := range path {
		h ^= uint32(b)
		h *= 16777619
	}
	return int(h % cacheShards)
}

// get returns the entry of path, asking the file system when it is not
// known or has expired. path is only read during the call.
func (c *Cache) get(path []byte) *entry {
	if c.ttl <= 0 {
		return statEntry(string(path), nil, false, 0)
	}
	now := time.Now().UnixNano()
	sh := &c.shards[shardOf(path)]
	sh.mu.RLock()
	e := sh.m[string(path)]
	sh.mu.RUnlock()
	if e != nil && now-e.checked < c.ttl {
		return e
	}
	key := string(path)
	if e != nil {
		key = e.path
	}
	budget := maxCachedFileSize
	if c.bytes.Load() >= cacheMaxBytes {
		budget = 0
	}
	ne := statEntry(key, e, true, budget)
	ne.checked = now
	sh.mu.Lock()
	old := sh.m[key]
	if old == nil && len(sh.m) >= cacheMaxEntries/cacheShards {
		for k, v := range sh.m { // evict one entry, chosen at random by Go's map order
			c.bytes.Add(-int64(len(v.data)))
			delete(sh.m, k)
			break
		}
	}
	if old != nil {
		c.bytes.Add(-int64(len(old.data)))
	}
	sh.m[key] = ne
	c.bytes.Add(int64(len(ne.data)))
	sh.mu.Unlock()
	return ne
}

// invalidate forgets path, after a file was found changed.
func (c *Cache) invalidate(path string) {
	if c.ttl <= 0 {
		return
	}
	sh := &c.shards[shardOf([]byte(path))]
	sh.mu.Lock()
	if e := sh.m[path]; e != nil {
		c.bytes.Add(-int64(len(e.data)))
		delete(sh.m, path)
	}
	sh.mu.Unlock()
}

// statEntry stats path, as send's fs.stat (symbolic links followed), and
// with keep reads the content of a regular file of at most budget bytes.
// old, the expired entry of the same path, lends its content when the
// file did not change.
func statEntry(path string, old *entry, keep bool, budget int) *entry {
	e := &entry{path: path}
	fi, err := os.Stat(path)
	if err != nil {
		e.setErr(err)
		return e
	}
	if fi.IsDir() {
		e.dir = true
		e.info = fi
		return e
	}
	if !fi.Mode().IsRegular() {
		e.setErr(&os.PathError{Op: "stat", Path: path, Err: errNotRegular})
		return e
	}
	e.setFile(fi)
	if !keep || fi.Size() > int64(budget) {
		return e
	}
	if old != nil && old.cached && sameFile(old.info, fi) {
		e.data, e.cached = old.data, true
		return e
	}
	if data, fi2, ok := readSmall(path, fi.Size()); ok {
		e.setFile(fi2)
		e.data, e.cached = data, true
	}
	return e
}

// setErr records a stat error with its code and status.
func (e *entry) setErr(err error) {
	e.err = err
	e.code = errnoCode(err)
	e.status = statusOf(e.code)
}

// setFile fills the headers of a regular file from its stat.
func (e *entry) setFile(fi os.FileInfo) {
	e.info = fi
	e.size = fi.Size()
	e.mtime = fi.ModTime()
	e.etag = etag.AppendStat(e.etag[:0], e.size, e.mtime, true)
	e.lastMod = fasthttp.AppendHTTPDate(e.lastMod[:0], e.mtime)
	if e.ctype == nil {
		e.ctype = contentType(e.path)
	}
}

// contentType is send's type(path): mime 1.6's type for the extension,
// with "; charset=UTF-8" for the types mime gives a charset.
func contentType(path string) []byte {
	t := mime.Send.Lookup(path)
	b := []byte(t)
	if cs, ok := mime.Send.Charset(t); ok {
		b = append(append(b, "; charset="...), cs...)
	}
	return b
}

// readSmall reads a whole small file and the stat of what it read; ok is
// false when the file changed size while being read, or on any error (the
// caller then serves it from disk, where errors are reported).
func readSmall(path string, size int64) ([]byte, os.FileInfo, bool) {
	f, err := openFile(path)
	if err != nil {
		return nil, nil, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != size {
		return nil, nil, false
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, nil, false
	}
	return data, fi, true
}

// sameFile reports whether two stats describe the same unchanged file.
func sameFile(a, b os.FileInfo) bool {
	return a != nil && os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}
