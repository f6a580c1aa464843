package proxyaddr

// Forwarded appends to dst what the forwarded package returns: the socket
// address, then the X-Forwarded-For entries from the closest proxy to the
// farthest client. Entries are split on ',' with spaces (not tabs) trimmed
// and empty ones skipped.
func Forwarded(dst []string, socket, xff string) []string {
	dst = append(dst, socket)
	var r xffReader
	r.init(xff)
	for {
		a, ok := r.next()
		if !ok {
			return dst
		}
		dst = append(dst, a)
	}
}

// All appends to dst proxyaddr.all(req, trust): the Forwarded list cut
// after the first address, closest first, that is not a trusted proxy. The
// last element is req.ip.
func (t *Trust) All(dst []string, socket, xff string) []string {
	base := len(dst)
	dst = append(dst, socket)
	var r xffReader
	r.init(xff)
	for i := 0; ; i++ {
		next, ok := r.next()
		if !ok || !t.Trusted(dst[base+i], i) {
			return dst
		}
		dst = append(dst, next)
	}
}

// IPs appends to dst req.ips: the trusted chain without the socket
// address, farthest first. With nothing trusted it appends nothing.
func (t *Trust) IPs(dst []string, socket, xff string) []string {
	base := len(dst)
	dst = t.All(dst, socket, xff)
	chain := dst[base+1:]
	for i, j := 0, len(chain)-1; i < j; i, j = i+1, j-1 {
		chain[i], chain[j] = chain[j], chain[i]
	}
	// Drop the socket address: shift the reversed chain left by one.
	copy(dst[base:], chain)
	return dst[:len(dst)-1]
}

// Addr returns req.ip, proxyaddr(req, trust): the first address, from the
// socket outwards, that is not a trusted proxy, or the farthest
// X-Forwarded-For entry when every hop before it is trusted. It reads the
// header from the right, stops as soon as it can and allocates nothing.
func (t *Trust) Addr(socket, xff string) string {
	var r xffReader
	r.init(xff)
	addr := socket
	for i := 0; ; i++ {
		next, ok := r.next()
		if !ok || !t.Trusted(addr, i) {
			return addr
		}
		addr = next
	}
}

// xffReader yields X-Forwarded-For entries from the right, as forwarded's
// parse gathers them.
type xffReader struct {
	s   string
	pos int // entries lie in s[:pos]
}

func (r *xffReader) init(s string) { r.s, r.pos = s, len(s) }

// next returns the next entry to the left, skipping empty ones.
func (r *xffReader) next() (string, bool) {
	for r.pos > 0 {
		end := r.pos
		// Trailing spaces.
		for end > 0 && r.s[end-1] == ' ' {
			end--
		}
		start := end
		for start > 0 && r.s[start-1] != ',' {
			start--
		}
		// Leading spaces.
		first := start
		for first < end && r.s[first] == ' ' {
			first++
		}
		if start > 0 {
			r.pos = start - 1 // the comma
		} else {
			r.pos = 0
		}
		if first < end {
			return r.s[first:end], true
		}
	}
	return "", false
}
