package methodoverride

import "github.com/fwgo/fw/fast"

// originalKey is the request user value holding req.originalMethod.
type originalKey struct{}

// OriginalMethod returns req.originalMethod: the request's method before
// the first method override, or its current method when no override
// middleware ran.
func OriginalMethod(req *fast.Request) string {
	if m, ok := req.Ctx().UserValue(originalKey{}).(string); ok {
		return m
	}
	return req.Method()
}

func setOriginal(req *fast.Request, m string) {
	if _, ok := req.Ctx().UserValue(originalKey{}).(string); !ok {
		req.Ctx().SetUserValue(originalKey{}, m)
	}
}
