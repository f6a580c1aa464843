package fast

import (
	"math"
	"slices"
	"testing"
	"time"
)

// TestSetAnyCoercion checks SetAny's String(value) against Express 4.22 on
// Node 20 (/work/ref/probes/resp_set_coerce.js): res.set('X-A', [[1, 2,
// null], 3, 1.5e21, NaN, true, null, undefined]) sends the lines "1,2,",
// "3", "1.5e+21", "NaN", "true", "null", "undefined"; res.set({'X-B': 0.1,
// 'X-C': null, 'X-D': {a: 1}, 'X-E': -0}) sends "0.1", "null",
// "[object Object]", "0".
func TestSetAnyCoercion(t *testing.T) {
	t.Parallel()
	type named string
	tests := []struct {
		name  string
		value any
		want  []string
	}{
		{"array of mixed values", []any{[]any{1, 2, nil}, 3, 1.5e21, math.NaN(), true, nil, Undefined},
			[]string{"1,2,", "3", "1.5e+21", "NaN", "true", "null", "undefined"}},
		{"float", 0.1, []string{"0.1"}},
		{"null", nil, []string{"null"}},
		{"object", map[string]int{"a": 1}, []string{"[object Object]"}},
		{"negative zero", math.Copysign(0, -1), []string{"0"}},
		{"string slice", []string{"a", "b"}, []string{"a", "b"}},
		{"int slice", []int{123, 456}, []string{"123", "456"}},
		{"named string", named("x"), []string{"x"}},
		{"unsigned and small ints", []any{uint8(7), int16(-3), float32(0.5)}, []string{"7", "-3", "0.5"}},
		{"Stringer is toString", 90 * time.Second, []string{"1m30s"}},
		{"nil map is null", map[string]int(nil), []string{"null"}},
		{"struct", struct{ A int }{1}, []string{"[object Object]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := coerceValues(tt.value); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestSetMapCoerces sends Express's res.set(object) of the probe above.
func TestSetMapCoerces(t *testing.T) {
	t.Parallel()
	app := use(func(req *Request, res *Response, next Next) {
		res.SetMap(map[string]any{"X-B": 0.1, "X-C": nil, "X-D": map[string]any{"a": 1}, "X-E": math.Copysign(0, -1), "X-F": []any{1, "two"}})
		res.End()
	})
	r := serveTest(t, app).do("GET", "/")
	r.expectHeader(t, "X-B", "0.1")
	r.expectHeader(t, "X-C", "null")
	r.expectHeader(t, "X-D", "[object Object]")
	r.expectHeader(t, "X-E", "0")
	r.expectJoined(t, "X-F", "1, two")
}
