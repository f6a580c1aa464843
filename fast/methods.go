package fast

// methodNames are the methods Node's HTTP parser accepts (http.METHODS of
// Node 20), in its order. Express defines app.METHOD for each; any other
// method is answered 400 by Node before Express sees it, and so by fast.
var methodNames = [...]string{
	"ACL", "BIND", "CHECKOUT", "CONNECT", "COPY", "DELETE", "GET", "HEAD", "LINK", "LOCK",
	"M-SEARCH", "MERGE", "MKACTIVITY", "MKCALENDAR", "MKCOL", "MOVE", "NOTIFY", "OPTIONS",
	"PATCH", "POST", "PROPFIND", "PROPPATCH", "PURGE", "PUT", "QUERY", "REBIND", "REPORT",
	"SEARCH", "SOURCE", "SUBSCRIBE", "TRACE", "UNBIND", "UNLINK", "UNLOCK", "UNSUBSCRIBE",
}

const (
	methodGet     = 6
	methodHead    = 7
	methodOptions = 17
	methodQuery   = 24
	// methodAllBit marks a route with .all handlers in a method set.
	methodAllBit = uint64(1) << 63
)

// Methods returns the HTTP methods fast routes, upper-case, in Node's order.
func Methods() []string {
	out := make([]string, len(methodNames))
	copy(out, methodNames[:])
	return out
}

// methodIndex returns the index of m in methodNames, or -1. m is matched
// case-sensitively, as Node's parser does. It does not allocate.
func methodIndex(m []byte) int {
	switch string(m) {
	case "GET":
		return methodGet
	case "HEAD":
		return methodHead
	case "POST":
		return 19
	case "PUT":
		return 23
	case "DELETE":
		return 5
	case "OPTIONS":
		return methodOptions
	case "PATCH":
		return 18
	}
	for i := range len(methodNames) { // not a copy of the array
		if methodNames[i] == string(m) {
			return i
		}
	}
	return -1
}

// methodIndexFold returns the index of a method name given in any case, as
// app.method() and Route accept them, or -1.
func methodIndexFold(m string) int {
	for i, name := range methodNames {
		if len(name) == len(m) && equalFoldASCII(name, m) {
			return i
		}
	}
	return -1
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
