package fast

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/fwgo/fw/parsers"
)

// SetAny sets a response header from a value of any type, as
// res.set(field, value) does when value is not a string: the value is
// coerced as JavaScript's String(value) coerces the value it stands for,
// and a slice or array gives one header line per element, each coerced
// (Express's value.map(String)). The coercion:
//
//   - a string (or a type whose kind is string) is itself;
//   - a bool is "true" or "false";
//   - an integer is its decimal digits; a float is written as JavaScript
//     writes a number ("1.5", "1e+21", "NaN", "Infinity");
//   - nil is "null" and Undefined is "undefined";
//   - a value with a String method (fmt.Stringer, the Go form of a custom
//     toString) is what that method returns;
//   - a slice or array inside an element is its elements joined with ","
//     (Array.prototype.toString), nil and Undefined elements empty;
//   - anything else (map, struct, pointer ...) is "[object Object]".
//
// Set, which takes strings, is the allocation-free form; SetAny allocates
// the strings it coerces. It chains and fails as Set does.
func (r *Response) SetAny(field string, value any) *Response {
	r.c.set(field, coerceValues(value))
	return r
}

// coerceValues is res.set's value: one string per element of a slice or
// array, or the one string of any other value.
func coerceValues(value any) []string {
	switch v := value.(type) {
	case string:
		return []string{v}
	case []string:
		return v
	case []byte: // a Buffer is an object too, but Go code means bytes
		return []string{string(v)}
	}
	if value != nil {
		rv := reflect.ValueOf(value)
		if k := rv.Kind(); (k == reflect.Slice || k == reflect.Array) && !rv.Type().Implements(stringerType) {
			out := make([]string, rv.Len())
			for i := range out {
				out[i] = stringOf(rv.Index(i).Interface())
			}
			return out
		}
	}
	return []string{stringOf(value)}
}

// stringOf returns String(value) for the JavaScript value a Go value stands
// for (see SetAny).
func stringOf(value any) string {
	if s, ok := jsPrimitive(value); ok {
		return s
	}
	if s, ok := value.(fmt.Stringer); ok {
		return s.String()
	}
	rv := reflect.ValueOf(value)
	if s, ok := kindString(rv); ok {
		return s
	}
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		var b strings.Builder
		for i := 0; i < rv.Len(); i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			switch e := rv.Index(i).Interface(); e.(type) {
			case nil, undefined: // Array.prototype.join writes them as ""
			default:
				b.WriteString(stringOf(e))
			}
		}
		return b.String()
	case reflect.Pointer, reflect.Interface, reflect.Map:
		if rv.IsNil() {
			return "null"
		}
	}
	return "[object Object]"
}

// jsPrimitive returns String(value) for a value standing for a JavaScript
// primitive (string, boolean, number, null, undefined): a predeclared type
// or a method-less type of that kind; ok is false for anything else.
func jsPrimitive(value any) (s string, ok bool) {
	switch v := value.(type) {
	case nil:
		return "null", true
	case string:
		return v, true
	case bool:
		return strconv.FormatBool(v), true
	case undefined:
		return "undefined", true
	case float64:
		return string(parsers.AppendNumber(nil, v)), true
	case int:
		return strconv.Itoa(v), true
	}
	rv := reflect.ValueOf(value)
	if rv.Type().NumMethod() != 0 {
		return "", false
	}
	return kindString(rv)
}

// kindString formats a value of a string, boolean or numeric kind as
// String does; ok is false for other kinds.
func kindString(rv reflect.Value) (string, bool) {
	switch rv.Kind() {
	case reflect.String:
		return rv.String(), true
	case reflect.Bool:
		return strconv.FormatBool(rv.Bool()), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(rv.Int(), 10), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(rv.Uint(), 10), true
	case reflect.Float32, reflect.Float64:
		return string(parsers.AppendNumber(nil, rv.Float())), true
	}
	return "", false
}

var stringerType = reflect.TypeFor[fmt.Stringer]()
