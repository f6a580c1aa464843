package scenarios

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/fwgo/fw/fast"
)

// H shortens the handler signature in scenario code.
type H = func(req *fast.Request, res *fast.Response, next fast.Next)

// E shortens the error-handler signature in scenario code.
type E = func(err error, req *fast.Request, res *fast.Response, next fast.Next)

// try runs a registration and swallows only fast's "invalid path" panic:
// paths the interim path compiler rejects stay unregistered, their cases
// answer 404 and sit on the pending list until the path-to-regexp
// compiler lands, when they start to pass without a change here.
func try(register func()) {
	defer func() {
		if r := recover(); r != nil {
			if s := fmt.Sprint(r); strings.HasPrefix(s, "fast: invalid path") {
				return
			}
			panic(r)
		}
	}()
	register()
}

// end is res.end(data).
func end(res *fast.Response, data string) { res.End(data) }

// setHeader sets a header as Node's res.setHeader does: the value as
// given (fast's Set is Express's res.set, which adds a charset to a
// Content-Type). fast has no raw setter, so this goes through fasthttp.
func setHeader(res *fast.Response, name, value string) {
	res.Req().Ctx().Response.Header.Set(name, value)
}

// jsonText returns JSON.stringify(v) for the values scenarios send:
// strings, numbers, booleans, slices, maps with sorted keys are not
// produced here (use ordered structs or [][2]string).
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// sendJSON is res.json of the value a JSON text stands for: the text is
// a json.RawMessage, which fast's encoder parses and writes again.
func sendJSON(res *fast.Response, text string) { res.JSON(json.RawMessage(text)) }

// sortedParams is [[key, value], ...] of req.params sorted by key, as the
// Express tests build it.
func sortedParams(req *fast.Request) string {
	var pairs [][2]string
	for k, v := range req.Params().All() {
		pairs = append(pairs, [2]string{k, v})
	}
	for i := 1; i < len(pairs); i++ {
		for j := i; j > 0 && pairs[j][0] < pairs[j-1][0]; j-- {
			pairs[j], pairs[j-1] = pairs[j-1], pairs[j]
		}
	}
	if pairs == nil {
		return "[]"
	}
	return jsonText(pairs)
}

// paramsJSON is JSON.stringify(req.params).
func paramsJSON(req *fast.Request) string {
	b, err := req.Params().MarshalJSON()
	if err != nil {
		panic(err)
	}
	return string(b)
}

// itoa is strconv.Itoa.
func itoa(n int) string { return strconv.Itoa(n) }

// str is JavaScript's String(v) of an optional parameter.
func str(v string, ok bool) string {
	if !ok {
		return "undefined"
	}
	return v
}
