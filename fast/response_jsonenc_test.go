package fast

import (
	"encoding/json"
	"errors"
	"math"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/fwgo/fw/parsers"
)

// The expected outputs below are JSON.stringify's on Node 20 for the
// JavaScript values the Go values stand for (see the comments).

type textKey struct{ a, b string }

func (k textKey) MarshalText() ([]byte, error) { return []byte(k.a + "-" + k.b), nil }

type celsius float64

func (c celsius) MarshalJSON() ([]byte, error) { return []byte(`{"c" : 1.50, "unit":"C"}`), nil }

type ptrMarshaler struct{ n int }

func (p *ptrMarshaler) MarshalJSON() ([]byte, error) { return []byte(`"ptr"`), nil }

// ptrString has its marshaler on the pointer: an addressable field or
// array element of this string type is not written as a plain string.
type ptrString string

func (p *ptrString) MarshalJSON() ([]byte, error) { return []byte(`"p:` + string(*p) + `"`), nil }

type failMarshaler struct{}

func (failMarshaler) MarshalJSON() ([]byte, error) { return nil, errors.New("nope") }

type badMarshaler struct{}

func (badMarshaler) MarshalJSON() ([]byte, error) { return []byte(`{bad`), nil }

type untaggedN struct{ N int }

type taggedN struct {
	N int `json:"N"`
}

type inner struct {
	X int `json:"x"`
	Y int
}

type Embedded struct {
	E string `json:"e"`
	X int    `json:"x"` // as deep as inner's x and tagged too: both are dropped
}

type outer struct {
	inner
	*Embedded
	Name       string          `json:"name"`
	Skip       string          `json:"-"`
	Dash       string          `json:"-,"`
	Empty      string          `json:"empty,omitempty"`
	Zero       time.Time       `json:"zero,omitzero"`
	Num        int             `json:"num,string"`
	Str        string          `json:"str,string"`
	Fn         func()          `json:"fn"`
	Iface      any             `json:"iface"`
	Bytes      []byte          `json:"bytes"`
	NilSlice   []int           `json:"nilSlice"`
	NilMap     map[string]int  `json:"nilMap"`
	Arr        [2]bool         `json:"arr"`
	F32        float32         `json:"f32"`
	U          uint64          `json:"u"`
	I64        int64           `json:"i64"`
	Map        map[int]string  `json:"map"`
	TextMap    map[textKey]int `json:"textMap"`
	Marsh      celsius         `json:"marsh"`
	PtrM       ptrMarshaler    `json:"ptrM"`
	When       time.Time       `json:"when"`
	IP         net.IP          `json:"ip"`
	Number     json.Number     `json:"number"`
	Raw        json.RawMessage `json:"raw"`
	Obj        *parsers.Object `json:"obj"`
	unexported int
}

func TestAppendJSON(t *testing.T) {
	t.Parallel()
	obj := &parsers.Object{}
	obj.Set("z", 1.0)
	obj.Set("1", "one")
	obj.Set("a", []any{true, nil})
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"numbers", []any{0.0, math.Copysign(0, -1), 1, -1, 1.5, 0.1, 1e21, 1e20, 123456789012345680000.0, 1e-6, 1e-7, 1.5e-7,
			5e-324, 1.7976931348623157e308, nan, inf, -inf, float64(1<<53 + 2), 0.000001234, 100.0, 1e15, 123e-20},
			"[0,0,1,-1,1.5,0.1,1e+21,100000000000000000000,123456789012345680000,0.000001,1e-7,1.5e-7,5e-324,1.7976931348623157e+308,null,null,null,9007199254740994,0.000001234,100,1000000000000000,1.23e-18]"},
		{"strings", []string{"", `a"b\c`, "\b\f\n\r\t", "\x00\x01\x1f\x7f", "<>&'", "\u2028\u2029", "é日本🎉", "\xed\xa0\x80", "a/b"},
			"[\"\",\"a\\\"b\\\\c\",\"\\b\\f\\n\\r\\t\",\"\\u0000\\u0001\\u001f\x7f\",\"<>&'\",\"\u2028\u2029\",\"é日本🎉\",\"\\ud800\",\"a/b\"]"},
		{"nested", map[string]any{"a": []any{1, map[string]any{"b": []int{}, "c": struct{}{}}, []string{}}, "d": map[string]int{}, "e": nil, "f": true},
			`{"a":[1,{"b":[],"c":{}},[]],"d":{},"e":null,"f":true}`},
		{"date", time.Date(2024, 1, 2, 3, 4, 5, 678999999, time.UTC), `"2024-01-02T03:04:05.678Z"`},
		{"date in another zone", time.Date(2024, 1, 2, 4, 4, 5, 678e6, time.FixedZone("CET", 3600)), `"2024-01-02T03:04:05.678Z"`},
		{"date before year 0", time.Date(-5, 1, 1, 0, 0, 0, 0, time.UTC), `"-000005-01-01T00:00:00.000Z"`},
		{"date after 9999", time.Date(20000, 1, 1, 0, 0, 0, 0, time.UTC), `"+020000-01-01T00:00:00.000Z"`},
		{"date beyond the Date range", time.Date(300000, 1, 1, 0, 0, 0, 0, time.UTC), `null`},
		// {"b":1,"10":2,"2":3,"a":4,"01":5,"4294967294":6,"4294967295":7,"-1":8} built in sorted key order
		{"map keys", map[string]int{"b": 1, "10": 2, "2": 3, "a": 4, "01": 5, "4294967294": 6, "4294967295": 7, "-1": 8},
			`{"2":3,"10":2,"4294967294":6,"-1":8,"01":5,"4294967295":7,"a":4,"b":1}`},
		{"undefined in an array", []any{1, Undefined, func() {}}, "[1,null,null]"},
		{"undefined in an object", map[string]any{"a": Undefined, "b": 1, "c": func() {}}, `{"b":1}`},
		{"undefined", Undefined, ""},
		{"func", func() {}, ""},
		{"parsers.Object keeps its order", obj, `{"1":"one","z":1,"a":[true,null]}`},
		{"nil", nil, "null"},
		{"nil pointer", (*inner)(nil), "null"},
		{"pointer to pointer", func() any { i := &inner{X: 1}; return &i }(), `{"x":1,"Y":0}`},
		{"struct", outer{
			inner: inner{X: 1, Y: 2}, Embedded: &Embedded{E: "e", X: 9}, Name: "tobi", Skip: "s", Dash: "d",
			Num: 5, Str: "q", Fn: func() {}, Iface: []any{1.5, "x"}, Bytes: []byte("hi"), Arr: [2]bool{true, false},
			F32: 0.1, U: math.MaxUint64, I64: math.MinInt64, Map: map[int]string{10: "ten", 2: "two", -1: "neg"},
			TextMap: map[textKey]int{{"b", "1"}: 1, {"a", "2"}: 2}, Marsh: 3, When: time.Unix(0, 0),
			IP: net.IPv4(127, 0, 0, 1), Number: "1.50e2", Raw: json.RawMessage(` [1, 2.0] `), Obj: obj, unexported: 7,
		}, `{"Y":2,"e":"e","name":"tobi","-":"d","num":"5","str":"\"q\"","iface":[1.5,"x"],"bytes":"aGk=",` +
			`"nilSlice":null,"nilMap":null,"arr":[true,false],"f32":0.1,"u":18446744073709551615,"i64":-9223372036854775808,` +
			`"map":{"2":"two","10":"ten","-1":"neg"},"textMap":{"a-2":2,"b-1":1},"marsh":{"c":1.5,"unit":"C"},"ptrM":{},` +
			`"when":"1970-01-01T00:00:00.000Z","ip":"127.0.0.1","number":150,"raw":[1,2],"obj":{"1":"one","z":1,"a":[true,null]}}`},
		{"shallower field wins", struct {
			inner
			X string `json:"x"`
		}{inner{1, 2}, "top"}, `{"Y":2,"x":"top"}`},
		{"tagged field wins at equal depth", struct {
			untaggedN
			taggedN
		}{untaggedN{1}, taggedN{2}}, `{"N":2}`},
		{"nil embedded pointer", struct {
			*Embedded
			Z int
		}{}, `{"Z":0}`},
		{"addressable pointer-receiver marshaler", &struct{ P ptrMarshaler }{}, `{"P":"ptr"}`},
		{"addressable pointer-receiver marshaler on a string type", &struct {
			S ptrString
			A [2]ptrString
		}{"a", [2]ptrString{"b", "c"}}, `{"S":"p:a","A":["p:b","p:c"]}`},
		{"unaddressable pointer-receiver marshaler on a string type", struct{ S ptrString }{"a"}, `{"S":"a"}`},
		{"plain kinds inline", &struct {
			S  string
			I  int8
			U  uint16
			B  bool
			F  float64
			AS [2]string
			AI [2]int
			AF [2]float64
		}{"x\n", -3, 7, true, math.NaN(), [2]string{"a", `"`}, [2]int{1, -2}, [2]float64{0.5, math.Inf(1)}},
			`{"S":"x\n","I":-3,"U":7,"B":true,"F":null,"AS":["a","\""],"AI":[1,-2],"AF":[0.5,null]}`},
		{"float32", []float32{0.1, 1e-7, 16777216, float32(math.Inf(-1))}, "[0.1,1e-7,16777216,null]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := AppendJSON(nil, tt.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestAppendJSONErrors(t *testing.T) {
	t.Parallel()
	type node struct {
		Next *node
	}
	cyc := &node{}
	cyc.Next = cyc
	m := map[string]any{}
	m["self"] = m
	s := []any{nil}
	s[0] = s
	o := &parsers.Object{}
	o.Set("o", o)
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"pointer cycle", cyc, "Converting circular structure to JSON"},
		{"map cycle", m, "Converting circular structure to JSON"},
		{"slice cycle", s, "Converting circular structure to JSON"},
		{"object cycle", o, "Converting circular structure to JSON"},
		{"channel", make(chan int), "Do not know how to serialize a chan int"},
		{"complex", complex(1, 2), "Do not know how to serialize a complex128"},
		{"map with struct keys", map[inner]int{{}: 1}, "Do not know how to serialize a map[fast.inner]int"},
		{"MarshalJSON error", failMarshaler{}, "nope"},
		{"MarshalJSON output invalid", badMarshaler{}, "Expected property name"},
		{"invalid json.Number", json.Number("1x"), `invalid number literal "1x"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := AppendJSON([]byte("keep"), tt.v)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
			if string(got) != "keep" {
				t.Errorf("dst changed to %q", got)
			}
		})
	}
}

// TestJSONSettings runs res.json with the "json spaces" and "json
// replacer" settings against Node's JSON.stringify outputs.
func TestJSONSettings(t *testing.T) {
	t.Parallel()
	nested := map[string]any{"a": []any{1, map[string]any{"b": []int{}, "c": map[string]int{}}, []any{}}, "d": struct{}{}, "e": nil, "f": true}
	ab := func() *parsers.Object {
		o := &parsers.Object{}
		o.Set("a", []any{1.0, 2.0})
		o.Set("b", &parsers.Object{})
		return o
	}
	list := func() *parsers.Object {
		o := &parsers.Object{}
		o.Set("a", 1.0)
		o.Set("b", 2.0)
		c := &parsers.Object{}
		c.Set("a", 3.0)
		c.Set("b", 4.0)
		c.Set("d", 5.0)
		o.Set("c", c)
		e := &parsers.Object{}
		e.Set("a", 1.0)
		e.Set("c", 2.0)
		o.Set("arr", []any{e})
		return o
	}
	tests := []struct {
		name     string
		spaces   any
		replacer any
		v        any
		want     string
	}{
		{"spaces 2", 2, nil, nested, "{\n  \"a\": [\n    1,\n    {\n      \"b\": [],\n      \"c\": {}\n    },\n    []\n  ],\n  \"d\": {},\n  \"e\": null,\n  \"f\": true\n}"},
		{"spaces tab", "\t", nil, ab(), "{\n\t\"a\": [\n\t\t1,\n\t\t2\n\t],\n\t\"b\": {}\n}"},
		{"spaces 20", 20, nil, map[string][]int{"a": {1}}, "{\n          \"a\": [\n                    1\n          ]\n}"},
		{"spaces long string", "abcdefghijklmn", nil, map[string][]int{"a": {1}}, "{\nabcdefghij\"a\": [\nabcdefghijabcdefghij1\nabcdefghij]\n}"},
		{"spaces 0", 0, nil, map[string][]int{"a": {1}}, `{"a":[1]}`},
		{"spaces -3", -3, nil, map[string][]int{"a": {1}}, `{"a":[1]}`},
		{"spaces 2.7", 2.7, nil, map[string][]int{"a": {1}}, "{\n  \"a\": [\n    1\n  ]\n}"},
		{"spaces true", true, nil, map[string][]int{"a": {1}}, `{"a":[1]}`},
		{"property list", nil, []string{"c", "a", "a", "arr"}, list(), `{"c":{"a":3},"a":1,"arr":[{"c":2,"a":1}]}`},
		{"property list on a struct and a map", nil, []string{"name", "x"}, map[string]any{"x": outer{Name: "n"}, "name": 1},
			`{"name":1,"x":{"name":"n"}}`},
		{"replacer doubling numbers", nil, func(k string, v any) any {
			switch n := v.(type) {
			case int:
				return n * 10
			case float64:
				return n * 10
			}
			return v
		}, map[string]any{"a": 1, "b": "x", "c": []int{1, 2}}, `{"a":10,"b":"x","c":[10,20]}`},
		{"replacer sees keys and its own results", nil, func(k string, v any) any {
			if k == "" {
				return v
			}
			switch x := v.(type) {
			case []any:
				return x
			case map[string]any:
				o := &parsers.Object{}
				o.Set("k", k)
				for kk, vv := range x {
					o.Set(kk, vv)
				}
				return o
			}
			return toString(v) + ":" + k
		}, map[string]any{"a": []any{map[string]any{"b": 1}}}, `{"a":[{"k":"0:k","b":"1:b"}]}`},
		{"replacer making the top undefined", nil, func(k string, v any) any {
			if k == "" {
				return Undefined
			}
			return v
		}, map[string]int{"a": 1}, ""},
		{"replacer with spaces", 2, func(k string, v any) any { return v }, map[string]any{"a": 1, "b": []int{1, 2}},
			"{\n  \"a\": 1,\n  \"b\": [\n    1,\n    2\n  ]\n}"},
		{"replacer sees toJSON results", nil, func(k string, v any) any {
			if k == "when" {
				return v.(string) + "!"
			}
			return v
		}, map[string]any{"when": time.UnixMilli(0)}, `{"when":"1970-01-01T00:00:00.000Z!"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Set("json spaces", tt.spaces)
			app.Set("json replacer", tt.replacer)
			app.Use(func(req *Request, res *Response, next Next) { res.JSON(tt.v) })
			serveTest(t, app).do("GET", "/").expect(t, 200, tt.want)
		})
	}
}

func toString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return itoa(x)
	case float64:
		return string(parsers.AppendNumber(nil, x))
	}
	return "?"
}

func TestJSONReplacerSettingIsChecked(t *testing.T) {
	t.Parallel()
	expectPanic(t, func() { New().Set("json replacer", func(k string, v any) (any, error) { return v, nil }) }, "json replacer")
	expectPanic(t, func() { New().Set("json replacer", true) }, "json replacer")
	New().Set("json replacer", false)
	New().Set("json replacer", nil)
}

// TestAppendFloatMatchesJavaScript checks the fixed-notation fast path of
// appendFloat against parsers.AppendNumber (JavaScript's Number#toString)
// over random doubles of every magnitude, and the range boundaries.
func TestAppendFloatMatchesJavaScript(t *testing.T) {
	t.Parallel()
	check := func(f float64) {
		want := string(parsers.AppendNumber(nil, f))
		if got := string(appendFloat(nil, f)); got != want {
			t.Errorf("appendFloat(%v) = %s, want %s", f, got, want)
		}
	}
	for _, f := range []float64{1e-6, math.Nextafter(1e-6, 0), math.Nextafter(1e-6, 1), 1e21, math.Nextafter(1e21, 0),
		1e15, math.Nextafter(1e15, 0), -1e-6, -9.5, 0.1, 123456789.123, 2e-6, 9007199254740993} {
		check(f)
	}
	seed := uint64(1)
	for i := 0; i < 200000; i++ {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		f := math.Float64frombits(seed)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		check(f)
		check(float64(int64(seed>>20)) / 1000)
	}
}

// TestPlainWord checks the word-at-a-time test of appendString against the
// byte table, for every byte in every position.
func TestPlainWord(t *testing.T) {
	t.Parallel()
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 8; pos++ {
			w := []byte("abcdefgh")
			w[pos] = byte(c)
			x := uint64(0)
			for i := 7; i >= 0; i-- {
				x = x<<8 | uint64(w[i])
			}
			if got, want := plainWord(x), plainJSONByte[c]; got != want {
				t.Errorf("byte %#x at %d: plainWord %v, want %v", c, pos, got, want)
			}
		}
	}
}
