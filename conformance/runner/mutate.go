package runner

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Mutation is one change a Mutator made to a case. Apply re-applies it to
// any case (positions are kept as fractions of the current length), so a
// subset of a case's mutations can be replayed on its parent to shrink a
// reproduction.
type Mutation struct {
	// Desc says what the mutation does, for a reproduction.
	Desc  string
	apply func(c *Case)
}

// Apply changes c in place.
func (m Mutation) Apply(c *Case) { m.apply(c) }

// Mutator derives random requests from a scenario's cases for the
// differential fuzz mode. It is deterministic: the same seed and the same
// calls give the same cases. A Mutator is not safe for concurrent use.
//
// Every case it returns renders (RequestBytes) as a well-formed HTTP/1.1
// request message: a request line of a token method, a target without
// spaces or control bytes and "HTTP/1.1"; header lines of a token name and
// a value without CR, LF or NUL; the body framed as the parent's was.
// What is odd is the content: targets with '%zz', '..', non-ASCII bytes,
// headers with unusual values.
type Mutator struct {
	rng *rand.Rand
}

// NewMutator returns a mutator seeded with seed and stream (the fuzz run
// uses the scenario's name for stream, so adding a scenario does not change
// another's requests).
func NewMutator(seed, stream uint64) *Mutator {
	return &Mutator{rng: rand.New(rand.NewPCG(seed, stream))}
}

// StreamOf hashes a name to a Mutator stream (FNV-1a).
func StreamOf(name string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return h
}

// Mutate returns a copy of parent, renamed id, changed by one to three
// random mutations, and the mutations. The parent is not modified.
func (m *Mutator) Mutate(parent *Case, id string) (Case, []Mutation) {
	n := 1 + m.rng.IntN(3)
	muts := make([]Mutation, 0, n)
	for range n {
		muts = append(muts, m.one())
	}
	return Derive(parent, id, muts), muts
}

// Derive returns a copy of parent, renamed id, with muts applied in order.
// The copy keeps the parent's body, framing, Ignore and App; its Express
// references and note are dropped.
func Derive(parent *Case, id string, muts []Mutation) Case {
	c := *parent
	c.ID = id
	c.Express = nil
	c.Note = ""
	c.Headers = append([][2]string(nil), parent.Headers...)
	c.Envs = append([]string(nil), parent.Envs...)
	if c.Method == "" {
		c.Method = "GET"
	}
	if c.Target == "" {
		c.Target = "/"
	}
	for _, mu := range muts {
		mu.apply(&c)
	}
	return c
}

// one picks a mutation: the target about half of the time, then headers,
// then the method.
func (m *Mutator) one() Mutation {
	switch r := m.rng.IntN(100); {
	case r < 48:
		return m.target()
	case r < 90:
		return m.header()
	default:
		return m.method()
	}
}

// targetTokens are inserted into targets.
var targetTokens = []string{
	"/", "//", ".", "..", "/./", "/../", "%", "%2F", "%2f", "%zz", "%00", "%2e", "%2E%2E",
	"+", "?", "#", ";", "&", "=", "@", ":", "~", "*", "%20", "%25", "%C3%A9", "%E9", "%FF",
	"\xc3\xa9", "\xe2\x82\xac", "\xff", "A", "Z", "index.html", ".json",
}

// queries are appended to targets.
var queries = []string{
	"a=1&a=2", "a[b]=1&a[c]=2", "a[]=1&a[]=2", "a[0]=x&a[1]=y", "a[1]=x&a[0]=y", "a=1;b=2", "=x", "a",
	"a[b][c][d][e][f][g]=1", "__proto__[x]=1", "a%5Bb%5D=1", "%zz=1", "a=%zz", "a=%E9", "a=+b+",
	"a[]=1&a=2", "a=1&a[b]=2", "callback=cb", "callback=a.b&callback=c", "callback[]=x", "q=%00",
	"a[99999]=1", "a.b=1", "&&&", "a=1&&b=2",
}

func (m *Mutator) target() Mutation {
	r := m.rng
	at := r.Float64()
	switch k := r.IntN(10); k {
	case 0, 1, 2:
		tok := targetTokens[r.IntN(len(targetTokens))]
		return Mutation{fmt.Sprintf("target: insert %q", tok), func(c *Case) {
			i := pos(c.Target, at)
			c.Target = c.Target[:i] + tok + c.Target[i:]
		}}
	case 3:
		n := 1 + r.IntN(3)
		return Mutation{fmt.Sprintf("target: delete %d bytes", n), func(c *Case) {
			i := pos(c.Target, at)
			j := min(i+n, len(c.Target))
			c.Target = c.Target[:i] + c.Target[j:]
			if c.Target == "" {
				c.Target = "/"
			}
		}}
	case 4:
		return Mutation{"target: duplicate a segment", func(c *Case) {
			segs := strings.Split(c.Target, "/")
			i := int(at * float64(len(segs)))
			segs = append(segs[:i+1], segs[i:]...)
			c.Target = strings.Join(segs, "/")
		}}
	case 5:
		upper := r.IntN(2) == 0
		whole := r.IntN(2) == 0
		desc := "target: "
		if upper {
			desc += "upper-case"
		} else {
			desc += "lower-case"
		}
		if whole {
			desc += " the path"
		} else {
			desc += " one byte"
		}
		return Mutation{desc, func(c *Case) {
			f := strings.ToLower
			if upper {
				f = strings.ToUpper
			}
			path, q, hasQ := strings.Cut(c.Target, "?")
			if whole {
				path = asciiMap(path, f)
			} else if path != "" {
				i := pos(path, at)
				if i == len(path) {
					i--
				}
				path = path[:i] + asciiMap(path[i:i+1], f) + path[i+1:]
			}
			if hasQ {
				path += "?" + q
			}
			c.Target = path
		}}
	case 6:
		n := []int{64, 255, 1024, 4100, 9000}[r.IntN(5)]
		return Mutation{fmt.Sprintf("target: insert a %d-byte segment", n), func(c *Case) {
			i := pos(c.Target, at)
			c.Target = c.Target[:i] + "/" + strings.Repeat("a", n) + c.Target[i:]
		}}
	case 7, 8:
		q := queries[r.IntN(len(queries))]
		return Mutation{fmt.Sprintf("target: query %q", q), func(c *Case) {
			if strings.Contains(c.Target, "?") {
				c.Target += "&" + q
			} else {
				c.Target += "?" + q
			}
		}}
	default:
		forms := []string{"*", "http://example.com", "http://example.com:3000", "HTTP://EXAMPLE.COM"}
		f := forms[r.IntN(len(forms))]
		return Mutation{fmt.Sprintf("target: %s form", f), func(c *Case) {
			switch f {
			case "*":
				c.Target = "*"
			default:
				if strings.HasPrefix(c.Target, "/") {
					c.Target = f + c.Target
				}
			}
		}}
	}
}

// pos turns a fraction into a byte index of s, kept off the middle of a
// percent-escape's hex digits and of a UTF-8 sequence (mutations insert
// their own broken escapes).
func pos(s string, at float64) int {
	i := int(at * float64(len(s)+1))
	if i > len(s) {
		i = len(s)
	}
	for i > 0 && i < len(s) && s[i]&0xC0 == 0x80 {
		i--
	}
	return i
}

func asciiMap(s string, f func(string) string) string {
	b := []byte(s)
	for i, c := range b {
		if c < 0x80 {
			b[i] = f(string(rune(c)))[0]
		}
	}
	return string(b)
}

// headerValues are the headers added, with odd values.
var headerValues = []struct {
	name   string
	values []string
}{
	{"Accept", []string{"", "*/*", "text/html", "application/json", "text/*;q=0.5, application/json;q=0.9", "application/json;q=0", "image/webp,*/*;q=0.8", "text/html;level=1", "*/*;q=abc", ",,,", "TEXT/HTML", "text/plain, text/html", "application/*"}},
	{"Accept-Encoding", []string{"", "gzip", "identity;q=0", "*;q=0", "br, gzip;q=0.5", "gzip;q=1.0, identity; q=0.5, *;q=0", "GZIP"}},
	{"Accept-Language", []string{"", "en", "en-US,en;q=0.9", "fr;q=0", "*", "x-pig-latin", "EN-us", "\xc3\xa9"}},
	{"Accept-Charset", []string{"utf-8", "iso-8859-1;q=0.5, *;q=0", ""}},
	{"If-None-Match", []string{"", " ", "*", `"abc"`, `W/"abc"`, `W/"x", "y"`, ",", " , ", "W/", `"unterminated`, `W/"*"`}},
	{"If-Match", []string{"*", `"x"`, ""}},
	{"If-Modified-Since", []string{"Tue, 02 Jan 2024 03:04:05 GMT", "Tue, 02 Jan 2024 03:04:04 GMT", "Tue, 02 Jan 2024 03:04:06 GMT", "Fri, 01 Jan 2100 00:00:00 GMT", "garbage", "", "Tuesday, 02-Jan-24 03:04:05 GMT", "Tue Jan  2 03:04:05 2024", "0"}},
	{"If-Unmodified-Since", []string{"Tue, 02 Jan 2024 03:04:05 GMT", "Mon, 01 Jan 2024 00:00:00 GMT", "garbage"}},
	{"Range", []string{"bytes=0-0", "bytes=0-4", "bytes=-5", "bytes=5-", "bytes=0-1,3-4", "bytes=0-1,0-1", "bytes=10-5", "bytes=999999-", "bytes=abc", "items=0-5", "bytes=", "bytes=0-1,,2-3", "bytes=-0", "bytes= 0-1", "BYTES=0-1", "bytes=0-1, 2-3, 4-5"}},
	{"If-Range", []string{`"x"`, "Tue, 02 Jan 2024 03:04:05 GMT", `W/"x"`}},
	{"Content-Type", []string{"text/plain", "text/plain; charset=utf-8", `text/plain; charset="UTF-8"`, "application/json; charset=latin1", "application/json; charset=utf-16", "application/x-www-form-urlencoded; charset=iso-8859-1", "application/json;foo=bar", "APPLICATION/JSON", "application/*+json", "multipart/form-data; boundary=x", "", "text/plain; charset", "invalid", "application/vnd.api+json", "application/octet-stream"}},
	{"X-Forwarded-For", []string{"1.2.3.4", "1.2.3.4, 5.6.7.8", "", "::1", "unknown", "999.1.1.1", "10.0.0.1,10.0.0.2"}},
	{"X-Forwarded-Proto", []string{"https", "http", "https, http", "HTTPS", "", "ftp"}},
	{"X-Forwarded-Host", []string{"evil.com", "evil.com:8080", "a.example.com, b.example.com", "", "[::1]:80"}},
	{"Cookie", []string{"a=b", "a=b; a=c", "foo=bar; bar=baz", "name=\"quoted\"", "=x", "a", `j=j:{"x":1}`, "s=s:abc.def", "%zz=1", "a=%E9", "a=b;;c=d", ""}},
	{"X-Requested-With", []string{"XMLHttpRequest", "xmlhttprequest", ""}},
	{"Authorization", []string{"Basic dG9iaTpmZXJyZXQ=", "Basic", "Bearer x"}},
	{"Origin", []string{"http://evil.com", "null"}},
}

// hosts are Host values.
var hosts = []string{
	"EXAMPLE.COM", "example.com:8080", "example.com.", "[::1]:3000", "[::1]", "tobi.ferrets.example.com",
	"127.0.0.1", "", "example.com:notaport", "localhost:65536", "ex_ample.com", "example.com:", "a..b",
	"xn--caf-dma.example", "localhost",
}

// isFraming: framing headers are neither dropped nor duplicated: the message would
// lose its length, and the fuzz run only finds timeouts.
func isFraming(name string) bool {
	n := strings.ToLower(name)
	return n == "content-length" || n == "transfer-encoding"
}

func (m *Mutator) header() Mutation {
	r := m.rng
	at := r.Float64()
	switch k := r.IntN(10); k {
	case 0:
		return Mutation{"headers: drop one", func(c *Case) {
			idx := pick(c.Headers, at)
			if idx >= 0 {
				c.Headers = append(c.Headers[:idx:idx], c.Headers[idx+1:]...)
			}
		}}
	case 1:
		return Mutation{"headers: duplicate one", func(c *Case) {
			idx := pick(c.Headers, at)
			if idx >= 0 {
				h := c.Headers[idx]
				c.Headers = append(c.Headers[:idx+1:idx+1], append([][2]string{h}, c.Headers[idx+1:]...)...)
			}
		}}
	case 2:
		upper := r.IntN(2) == 0
		return Mutation{"headers: change a name's case", func(c *Case) {
			idx := pick(c.Headers, at)
			if idx >= 0 {
				if upper {
					c.Headers[idx][0] = strings.ToUpper(c.Headers[idx][0])
				} else {
					c.Headers[idx][0] = strings.ToLower(c.Headers[idx][0])
				}
			}
		}}
	case 3:
		h := hosts[r.IntN(len(hosts))]
		return Mutation{fmt.Sprintf("headers: Host %q", h), func(c *Case) { setHeader(c, "Host", h) }}
	case 4:
		if r.IntN(4) == 0 {
			return Mutation{"headers: no Host", func(c *Case) {
				c.NoHost = true
				c.Headers = without(c.Headers, "host")
			}}
		}
		fallthrough
	default:
		hv := headerValues[r.IntN(len(headerValues))]
		v := hv.values[r.IntN(len(hv.values))]
		replace := r.IntN(2) == 0
		verb := "add"
		if replace {
			verb = "set"
		}
		return Mutation{fmt.Sprintf("headers: %s %s: %q", verb, hv.name, v), func(c *Case) {
			if replace {
				setHeader(c, hv.name, v)
			} else {
				c.Headers = append(c.Headers, [2]string{hv.name, v})
			}
		}}
	}
}

// pick returns the index of a header that is not a framing header, chosen
// by at, or -1.
func pick(hs [][2]string, at float64) int {
	var idx []int
	for i, h := range hs {
		if !isFraming(h[0]) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return -1
	}
	return idx[min(int(at*float64(len(idx))), len(idx)-1)]
}

// setHeader replaces every line of name by one with value (at the first
// one's place), or appends it.
func setHeader(c *Case, name, value string) {
	for i, h := range c.Headers {
		if strings.EqualFold(h[0], name) {
			rest := without(c.Headers[i+1:], strings.ToLower(name))
			c.Headers = append(append(c.Headers[:i:i], [2]string{h[0], value}), rest...)
			return
		}
	}
	c.Headers = append(c.Headers, [2]string{name, value})
	if strings.EqualFold(name, "host") {
		c.NoHost = false
	}
}

func without(hs [][2]string, lower string) [][2]string {
	var out [][2]string
	for _, h := range hs {
		if strings.ToLower(h[0]) != lower {
			out = append(out, h)
		}
	}
	return out
}

// methods are the methods a mutation sets.
var methods = []string{"GET", "HEAD", "POST", "OPTIONS", "PUT", "DELETE", "PATCH", "FOO", "PROPFIND", "get"}

func (m *Mutator) method() Mutation {
	meth := methods[m.rng.IntN(len(methods))]
	return Mutation{"method: " + strconv.Quote(meth), func(c *Case) { c.Method = meth }}
}

// Pick returns a random index below n (n > 0), from the mutator's stream:
// the fuzz run picks each request's parent case and env with it.
func (m *Mutator) Pick(n int) int { return m.rng.IntN(n) }
