package fast

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/fwgo/fw/parsers"
)

// The replacer path: JSON.stringify with a replacer function or a property
// list walks the value dynamically, handing each member to the replacer as
// an any. It allocates for every member; the compiled encoders serve the
// calls without a replacer.

// maxReplacerDepth bounds the nesting the replacer path follows; deeper
// values are taken for cycles (JavaScript would overflow its stack first).
const maxReplacerDepth = 10000

// property is JSON.stringify's SerializeJSONProperty for v held under key:
// toJSON (Marshalers, times), then the replacer function, then the value.
func (e *jsonEncoder) property(dst []byte, key string, v any) []byte {
	v = e.toJSON(v)
	if e.opts.replacer != nil && e.err == nil {
		v = e.toJSON(e.opts.replacer(key, v))
	}
	if e.err != nil {
		return dst
	}
	return e.serialize(dst, v)
}

// toJSON turns the values JSON.stringify would call toJSON on into what it
// returns, and looks through pointers, which JavaScript does not have.
func (e *jsonEncoder) toJSON(v any) any {
	for {
		switch x := v.(type) {
		case nil, string, float64, bool, int, undefined, *parsers.Object, []any, map[string]any:
			return v
		case time.Time:
			return isoString(x)
		case json.Number:
			f, err := strconv.ParseFloat(string(x), 64)
			if err != nil && !isRangeErr(err) || !validJSONNumber(string(x)) {
				e.fail(jsTypeError("invalid number literal " + strconv.Quote(string(x))))
				return Undefined
			}
			return f
		case []byte:
			if x == nil {
				return nil
			}
			return base64.StdEncoding.EncodeToString(x)
		}
		rv := reflect.ValueOf(v)
		t := rv.Type()
		if rv.Kind() == reflect.Pointer && rv.IsNil() {
			return nil
		}
		if t.Implements(marshalerType) {
			return e.unmarshal(v.(json.Marshaler), t)
		}
		if t.Implements(textMarshalerType) {
			b, err := v.(encoding.TextMarshaler).MarshalText()
			if err != nil {
				e.fail(&HTTPError{Name: "Error", Message: "json: error calling MarshalText for type " + t.String() + ": " + err.Error(), Err: err})
				return Undefined
			}
			return string(b)
		}
		if rv.Kind() != reflect.Pointer {
			if rv.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 && !rv.IsNil() &&
				bytesEncoderApplies(t) {
				return base64.StdEncoding.EncodeToString(rv.Bytes())
			}
			return v
		}
		v = rv.Elem().Interface()
	}
}

// bytesEncoderApplies reports whether a []byte-like slice type encodes as
// base64, as the compiled encoders decide.
func bytesEncoderApplies(t reflect.Type) bool {
	return !reflect.PointerTo(t.Elem()).Implements(marshalerType) &&
		!reflect.PointerTo(t.Elem()).Implements(textMarshalerType)
}

// isoString is Date.prototype.toJSON: the ISO string, or null beyond the
// Date range.
func isoString(t time.Time) any {
	var buf [32]byte
	b := appendISOTime(buf[:0], t)
	if b[0] != '"' {
		return nil
	}
	return string(b[1 : len(b)-1])
}

// serialize writes a value after toJSON and the replacer.
func (e *jsonEncoder) serialize(dst []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...)
	case undefined:
		e.undef = true
		return dst
	case string:
		return parsers.AppendQuote(dst, x)
	case float64:
		return appendFloat(dst, x)
	case bool:
		return appendBool(dst, x)
	case int:
		return strconv.AppendInt(dst, int64(x), 10)
	case *parsers.Object:
		if x == nil {
			return append(dst, "null"...)
		}
		return e.serializeComposite(dst, func(dst []byte) []byte { return e.serializeObject(dst, x) })
	case []any:
		if x == nil {
			return append(dst, "null"...)
		}
		rv := reflect.ValueOf(x)
		return e.serializeComposite(dst, func(dst []byte) []byte { return e.serializeList(dst, rv) })
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Func:
		e.undef = true
		return dst
	case reflect.Struct:
		return e.serializeComposite(dst, func(dst []byte) []byte { return e.serializeStruct(dst, rv) })
	case reflect.Map:
		if rv.IsNil() {
			return append(dst, "null"...)
		}
		return e.serializeComposite(dst, func(dst []byte) []byte { return e.serializeMap(dst, rv) })
	case reflect.Slice:
		if rv.IsNil() {
			return append(dst, "null"...)
		}
		return e.serializeComposite(dst, func(dst []byte) []byte { return e.serializeList(dst, rv) })
	case reflect.Array:
		return e.serializeComposite(dst, func(dst []byte) []byte { return e.serializeList(dst, rv) })
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return e.encoderFor(rv.Type())(e, dst, rv)
	}
	return unsupportedEncoder(e, dst, rv)
}

// serializeComposite runs an object or array serializer one level deeper.
func (e *jsonEncoder) serializeComposite(dst []byte, f func([]byte) []byte) []byte {
	e.ptrLevel++
	if e.ptrLevel > maxReplacerDepth {
		e.ptrLevel--
		e.fail(jsTypeError("Converting circular structure to JSON"))
		return dst
	}
	dst = f(dst)
	e.ptrLevel--
	return dst
}

// member writes one object member through property; it reports whether
// the member was written (it is left out when undefined).
func (e *jsonEncoder) member(dst []byte, key string, v any, first bool) ([]byte, bool) {
	mark := len(dst)
	dst = e.appendKey(dst, key, first)
	dst = e.property(dst, key, v)
	if e.undef {
		e.undef = false
		return dst[:mark], false
	}
	return dst, true
}

// closeObject ends an object of which some member was written or not.
func (e *jsonEncoder) closeObject(dst []byte, empty bool) []byte {
	e.depth--
	if !empty && e.opts.indent != "" {
		dst = e.newline(dst)
	}
	return append(dst, '}')
}

func (e *jsonEncoder) serializeObject(dst []byte, o *parsers.Object) []byte {
	dst = append(dst, '{')
	e.depth++
	first := true
	if e.opts.listed {
		for _, k := range e.opts.allow {
			if v, ok := o.Get(k); ok {
				var w bool
				if dst, w = e.member(dst, k, v, first); w {
					first = false
				}
			}
		}
		return e.closeObject(dst, first)
	}
	for k, v := range o.All() {
		var w bool
		if dst, w = e.member(dst, k, v, first); w {
			first = false
		}
		if e.err != nil {
			break
		}
	}
	return e.closeObject(dst, first)
}

func (e *jsonEncoder) serializeStruct(dst []byte, rv reflect.Value) []byte {
	fields := replacerFields(rv.Type())
	dst = append(dst, '{')
	e.depth++
	first := true
	write := func(f *jsonField) {
		fv, ok := fieldByIndex(rv, f.index)
		if !ok || f.omitEmpty && isEmptyValue(fv) || f.omitZero && f.zero(fv) {
			return
		}
		var v any
		if f.quoted {
			var buf [64]byte
			v = string(f.enc(e, buf[:0], fv))
		} else {
			v = fv.Interface()
		}
		var w bool
		if dst, w = e.member(dst, f.name, v, first); w {
			first = false
		}
	}
	if e.opts.listed {
		for _, k := range e.opts.allow {
			for i := range fields {
				if fields[i].name == k {
					write(&fields[i])
					break
				}
			}
		}
	} else {
		for i := range fields {
			write(&fields[i])
			if e.err != nil {
				break
			}
		}
	}
	return e.closeObject(dst, first)
}

func (e *jsonEncoder) serializeMap(dst []byte, rv reflect.Value) []byte {
	keyOf := mapKeyFunc(rv.Type().Key())
	if keyOf == nil {
		return unsupportedEncoder(e, dst, rv)
	}
	entries, err := mapEntries(rv, keyOf)
	if err != nil {
		e.fail(err)
		return dst
	}
	dst = append(dst, '{')
	e.depth++
	first := true
	write := func(me *mapEntry) {
		var w bool
		if dst, w = e.member(dst, me.key, me.val.Interface(), first); w {
			first = false
		}
	}
	if e.opts.listed {
		for _, k := range e.opts.allow {
			if i := slices.IndexFunc(entries, func(me mapEntry) bool { return me.key == k }); i >= 0 {
				write(&entries[i])
			}
		}
	} else {
		for i := range entries {
			write(&entries[i])
			if e.err != nil {
				break
			}
		}
	}
	return e.closeObject(dst, first)
}

func (e *jsonEncoder) serializeList(dst []byte, rv reflect.Value) []byte {
	dst = append(dst, '[')
	n := rv.Len()
	if n == 0 {
		return append(dst, ']')
	}
	e.depth++
	for i := 0; i < n && e.err == nil; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		if e.opts.indent != "" {
			dst = e.newline(dst)
		}
		key := ""
		if e.opts.replacer != nil {
			key = strconv.Itoa(i)
		}
		dst = e.property(dst, key, rv.Index(i).Interface())
		if e.undef {
			e.undef = false
			dst = append(dst, "null"...)
		}
	}
	e.depth--
	if e.opts.indent != "" {
		dst = e.newline(dst)
	}
	return append(dst, ']')
}

var replacerFieldCache sync.Map // reflect.Type → []jsonField

// replacerFields returns the fields of struct type t for the replacer
// path: names, paths and options, with the encoders of quoted fields.
func replacerFields(t reflect.Type) []jsonField {
	if f, ok := replacerFieldCache.Load(t); ok {
		return f.([]jsonField)
	}
	fields := fieldsOf(t)
	for i := range fields {
		f := &fields[i]
		if f.quoted {
			f.enc = typeEncoder(f.typ) // the inner JSON, quoted as a string member
		}
		if f.omitZero {
			f.zero = zeroTest(f.typ)
		}
	}
	replacerFieldCache.Store(t, fields)
	return fields
}
