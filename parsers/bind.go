package parsers

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// Bind copies src, a parsed body or query (an *Object of the value model,
// as URLEncoded.Parse, ParseQuery or ParseJSON return), into the struct dst
// points to. A field takes the key named by its `form` tag (`form:"-"` skips
// it), else the key equal to its name; embedded structs' fields are
// promoted, as encoding/json does. Keys without a field are ignored.
//
// A string converts to strings, to numbers with strconv (base 10; an empty
// string is zero), to booleans ("true", "1", "on", "false", "0", "off" and
// the other spellings of strconv.ParseBool; empty is false), and through
// encoding.TextUnmarshaler (time.Time, netip.Addr, ...). A []any fills a
// slice or array, element by element; a single value fills a one-element
// slice, and a slice given to a scalar field gives its first element. An
// *Object fills a nested struct or a map with string keys. Numbers and
// booleans of a JSON value convert to numeric and boolean fields. An
// `any` field takes the value as it is.
//
// A value that does not convert is an *Error with status 400 and type
// "entity.parse.failed" naming the field.
func Bind(src *Object, dst any) error {
	rv := reflect.ValueOf(dst)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return errors.New("parsers: Bind needs a non-nil pointer to a struct")
	}
	return bindStruct(src, rv.Elem(), "")
}

// Decode reads and parses the body as Parse does, then binds it into the
// struct dst points to (see Bind).
func (p *URLEncoded) Decode(in *Input, dst any) error {
	o, err := p.Parse(in)
	if err != nil {
		return err
	}
	return Bind(o, dst)
}

type bindField struct {
	index []int
	name  string
}

var bindCache sync.Map // reflect.Type → []bindField

func bindFields(t reflect.Type) []bindField {
	if f, ok := bindCache.Load(t); ok {
		return f.([]bindField)
	}
	var fields []bindField
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous && f.Type.Kind() == reflect.Struct && f.Tag.Get("form") == "" {
			continue
		}
		name := f.Name
		if tag, ok := f.Tag.Lookup("form"); ok {
			tag, _, _ = strings.Cut(tag, ",")
			if tag == "-" {
				continue
			}
			if tag != "" {
				name = tag
			}
		}
		fields = append(fields, bindField{index: f.Index, name: name})
	}
	bindCache.Store(t, fields)
	return fields
}

func bindStruct(src *Object, dst reflect.Value, path string) error {
	for _, f := range bindFields(dst.Type()) {
		v, ok := src.Get(f.name)
		if !ok {
			continue
		}
		fv, err := dst.FieldByIndexErr(f.index)
		if err != nil { // a nil embedded pointer: allocate it
			fv = allocPath(dst, f.index)
		}
		if err := bindValue(v, fv, path+f.name); err != nil {
			return err
		}
	}
	return nil
}

func allocPath(v reflect.Value, index []int) reflect.Value {
	for _, i := range index {
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

func bindError(path string, v any, t reflect.Type, cause error) error {
	msg := fmt.Sprintf("cannot bind %q: %s into %s", path, describeValue(v), t)
	if cause != nil {
		msg += ": " + cause.Error()
	}
	e := newError(400, "entity.parse.failed", msg)
	e.Name = "TypeError"
	e.Err = cause
	return e
}

func describeValue(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case []any:
		return "an array"
	case *Object:
		return "an object"
	case nil:
		return "null"
	}
	return fmt.Sprint(v)
}

func bindValue(v any, dst reflect.Value, path string) error {
	if dst.Kind() == reflect.Pointer {
		if v == nil {
			dst.SetZero()
			return nil
		}
		if dst.IsNil() {
			dst.Set(reflect.New(dst.Type().Elem()))
		}
		return bindValue(v, dst.Elem(), path)
	}
	if dst.Kind() == reflect.Interface && dst.NumMethod() == 0 {
		if v == nil {
			dst.SetZero()
		} else {
			dst.Set(reflect.ValueOf(v))
		}
		return nil
	}
	if dst.CanAddr() && dst.Addr().Type().Implements(textUnmarshaler) {
		s, ok := scalar(v).(string)
		if !ok {
			return bindError(path, v, dst.Type(), nil)
		}
		if err := dst.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
			return bindError(path, v, dst.Type(), err)
		}
		return nil
	}
	switch dst.Kind() {
	case reflect.Slice:
		if dst.Type().Elem().Kind() == reflect.Uint8 {
			if s, ok := scalar(v).(string); ok {
				dst.SetBytes([]byte(s))
				return nil
			}
		}
		items, ok := v.([]any)
		if !ok {
			items = []any{v}
		}
		s := reflect.MakeSlice(dst.Type(), len(items), len(items))
		for i, it := range items {
			if err := bindValue(it, s.Index(i), path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
		dst.Set(s)
		return nil
	case reflect.Array:
		items, ok := v.([]any)
		if !ok {
			items = []any{v}
		}
		for i := 0; i < dst.Len() && i < len(items); i++ {
			if err := bindValue(items[i], dst.Index(i), path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
		return nil
	case reflect.Struct:
		o, ok := v.(*Object)
		if !ok {
			return bindError(path, v, dst.Type(), nil)
		}
		return bindStruct(o, dst, path+".")
	case reflect.Map:
		o, ok := v.(*Object)
		if !ok || dst.Type().Key().Kind() != reflect.String {
			return bindError(path, v, dst.Type(), nil)
		}
		if dst.IsNil() {
			dst.Set(reflect.MakeMapWithSize(dst.Type(), o.Len()))
		}
		for k, ev := range o.All() {
			e := reflect.New(dst.Type().Elem()).Elem()
			if err := bindValue(ev, e, path+"["+k+"]"); err != nil {
				return err
			}
			dst.SetMapIndex(reflect.ValueOf(k).Convert(dst.Type().Key()), e)
		}
		return nil
	}
	return bindScalar(scalar(v), dst, path)
}

// scalar returns v, or the first element of an array (a repeated form key
// bound to a single field).
func scalar(v any) any {
	if a, ok := v.([]any); ok {
		if len(a) == 0 {
			return nil
		}
		return a[0]
	}
	return v
}

func bindScalar(v any, dst reflect.Value, path string) error {
	switch x := v.(type) {
	case nil:
		dst.SetZero()
		return nil
	case string:
		return bindString(x, dst, path)
	case bool:
		if dst.Kind() == reflect.Bool {
			dst.SetBool(x)
			return nil
		}
	case float64:
		switch dst.Kind() {
		case reflect.Float32, reflect.Float64:
			dst.SetFloat(x)
			return nil
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			if x == float64(int64(x)) && !dst.OverflowInt(int64(x)) {
				dst.SetInt(int64(x))
				return nil
			}
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			if x >= 0 && x == float64(uint64(x)) && !dst.OverflowUint(uint64(x)) {
				dst.SetUint(uint64(x))
				return nil
			}
		case reflect.String:
			dst.SetString(string(AppendNumber(nil, x)))
			return nil
		}
	}
	return bindError(path, v, dst.Type(), nil)
}

func bindString(s string, dst reflect.Value, path string) error {
	var err error
	switch dst.Kind() {
	case reflect.String:
		dst.SetString(s)
		return nil
	case reflect.Bool:
		switch s {
		case "", "off":
			dst.SetBool(false)
			return nil
		case "on":
			dst.SetBool(true)
			return nil
		}
		var b bool
		if b, err = strconv.ParseBool(s); err == nil {
			dst.SetBool(b)
			return nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if s == "" {
			dst.SetInt(0)
			return nil
		}
		var n int64
		if n, err = strconv.ParseInt(s, 10, dst.Type().Bits()); err == nil {
			dst.SetInt(n)
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if s == "" {
			dst.SetUint(0)
			return nil
		}
		var n uint64
		if n, err = strconv.ParseUint(s, 10, dst.Type().Bits()); err == nil {
			dst.SetUint(n)
			return nil
		}
	case reflect.Float32, reflect.Float64:
		if s == "" {
			dst.SetFloat(0)
			return nil
		}
		var f float64
		if f, err = strconv.ParseFloat(s, dst.Type().Bits()); err == nil {
			dst.SetFloat(f)
			return nil
		}
	}
	return bindError(path, s, dst.Type(), err)
}
