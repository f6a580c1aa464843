package fast

import (
	"cmp"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/fwgo/fw/parsers"
)

// jsonField is one member a struct type encodes, with its key written out
// in advance.
type jsonField struct {
	// The encoding loop's fields first.
	enc      encoderFunc
	kind     plainKind // a basic type written inline, or plainNone
	simple   bool      // a direct field (one index) without omit options
	index0   int       // index[0]
	key      []byte    // "name":
	keyComma []byte    // ,"name":

	name      string
	index     []int // path through embedded structs
	typ       reflect.Type
	tagged    bool
	omitEmpty bool
	omitZero  bool
	quoted    bool                     // the ",string" option
	keyQuoted []byte                   // "name"
	zero      func(reflect.Value) bool // the omitzero test
}

// fieldsOf returns the encoded fields of struct type t with encoding/json's
// rules: exported fields, json tag names, embedded structs promoted, the
// shallowest field of a name winning, a tagged one among equals, and
// ambiguous names dropped. The result is in field order.
func fieldsOf(t reflect.Type) []jsonField {
	type level struct {
		typ   reflect.Type
		index []int
	}
	var fields []jsonField
	current := []level{}
	next := []level{{typ: t}}
	visited := map[reflect.Type]bool{}
	count := map[reflect.Type]int{}
	nextCount := map[reflect.Type]int{}
	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, lv := range current {
			if visited[lv.typ] {
				continue
			}
			visited[lv.typ] = true
			for i := 0; i < lv.typ.NumField(); i++ {
				sf := lv.typ.Field(i)
				if sf.Anonymous {
					ft := sf.Type
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					if !sf.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !validTagName(name) {
					name = ""
				}
				index := append(slices.Clip(lv.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					f := jsonField{
						name:      name,
						index:     index,
						typ:       sf.Type,
						tagged:    name != "",
						omitEmpty: hasOption(opts, "omitempty"),
						omitZero:  hasOption(opts, "omitzero"),
					}
					if f.name == "" {
						f.name = sf.Name
					}
					if hasOption(opts, "string") {
						switch sf.Type.Kind() {
						case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
							reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
							reflect.Float32, reflect.Float64, reflect.String:
							f.quoted = true
						}
					}
					fields = append(fields, f)
					if count[lv.typ] > 1 {
						// Two embedded copies of the type at this depth:
						// the name is ambiguous; a second entry cancels it.
						fields = append(fields, fields[len(fields)-1])
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, level{typ: ft, index: index})
				}
			}
		}
	}
	// Keep the dominant field of each name.
	slices.SortStableFunc(fields, func(a, b jsonField) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		if f, ok := dominant(fields[i:j]); ok {
			out = append(out, f)
		}
		i = j
	}
	slices.SortFunc(out, func(a, b jsonField) int { return slices.Compare(a.index, b.index) })
	return out
}

// dominant picks the field that wins among fields of one name, sorted by
// depth then tag: the only shallowest one, or the only tagged shallowest.
func dominant(fs []jsonField) (jsonField, bool) {
	if len(fs) > 1 && len(fs[0].index) == len(fs[1].index) && fs[0].tagged == fs[1].tagged {
		return jsonField{}, false
	}
	return fs[0], true
}

func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}

// validTagName is encoding/json's rule for a json tag name.
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

func newStructEncoder(t reflect.Type) encoderFunc {
	fields := fieldsOf(t)
	for i := range fields {
		f := &fields[i]
		f.keyQuoted = parsers.AppendQuote(nil, f.name)
		f.key = append(slices.Clip(f.keyQuoted), ':')
		f.keyComma = append(append([]byte{','}, f.keyQuoted...), ':')
		f.enc = typeEncoder(f.typ)
		if f.quoted {
			f.enc = quotedEncoder(f.enc)
		}
		if f.omitZero {
			f.zero = zeroTest(f.typ)
		}
		f.index0 = f.index[0]
		f.simple = len(f.index) == 1 && !f.omitEmpty && !f.omitZero
		if !f.quoted {
			f.kind = plainKindOf(f.typ)
		}
	}
	return func(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
		return e.encodeStruct(dst, v, fields)
	}
}

func (e *jsonEncoder) encodeStruct(dst []byte, v reflect.Value, fields []jsonField) []byte {
	dst = append(dst, '{')
	e.depth++
	first := true
	indent := e.opts.indent != ""
	for i := range fields {
		f := &fields[i]
		var fv reflect.Value
		if f.simple {
			fv = v.Field(f.index0)
		} else {
			var ok bool
			fv, ok = fieldByIndex(v, f.index)
			if !ok || f.omitEmpty && isEmptyValue(fv) || f.omitZero && f.zero(fv) {
				continue
			}
		}
		mark := len(dst)
		switch {
		case indent:
			if !first {
				dst = append(dst, ',')
			}
			dst = e.newline(dst)
			dst = append(dst, f.keyQuoted...)
			dst = append(dst, ':', ' ')
		case first:
			dst = append(dst, f.key...)
		default:
			dst = append(dst, f.keyComma...)
		}
		switch f.kind {
		case plainString:
			dst = appendString(dst, fv.String())
		case plainInt:
			dst = strconv.AppendInt(dst, fv.Int(), 10)
		case plainUint:
			dst = strconv.AppendUint(dst, fv.Uint(), 10)
		case plainBool:
			dst = appendBool(dst, fv.Bool())
		case plainFloat64:
			dst = appendFloat(dst, fv.Float())
		default:
			dst = f.enc(e, dst, fv)
			if e.undef {
				e.undef = false
				dst = dst[:mark]
				continue
			}
		}
		first = false
	}
	e.depth--
	if !first && indent {
		dst = e.newline(dst)
	}
	return append(dst, '}')
}

// plainKind names the basic types the struct loop writes inline.
type plainKind uint8

const (
	plainNone plainKind = iota
	plainString
	plainInt
	plainUint
	plainBool
	plainFloat64
)

// plainKindOf returns the inline kind of t: a basic kind with no methods on
// t or *t (so no marshaler, even one on an addressable value), or plainNone.
func plainKindOf(t reflect.Type) plainKind {
	if reflect.PointerTo(t).NumMethod() != 0 {
		return plainNone
	}
	switch t.Kind() {
	case reflect.String:
		return plainString
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return plainInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return plainUint
	case reflect.Bool:
		return plainBool
	case reflect.Float64:
		return plainFloat64
	}
	return plainNone
}

// fieldByIndex follows an index path; ok is false when it crosses a nil
// embedded pointer.
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	if len(index) == 1 {
		return v.Field(index[0]), true
	}
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, true
}

// isEmptyValue is encoding/json's omitempty test.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// zeroTest is the omitzero test of type t: its IsZero method when it has
// one, else the zero value.
func zeroTest(t reflect.Type) func(reflect.Value) bool {
	type isZeroer interface{ IsZero() bool }
	iz := reflect.TypeFor[isZeroer]()
	switch {
	case t.Kind() == reflect.Pointer && t.Implements(iz):
		return func(v reflect.Value) bool { return v.IsNil() || v.Interface().(isZeroer).IsZero() }
	case t.Implements(iz):
		return func(v reflect.Value) bool { return v.Interface().(isZeroer).IsZero() }
	case reflect.PointerTo(t).Implements(iz):
		return func(v reflect.Value) bool {
			if !v.CanAddr() {
				c := reflect.New(t).Elem()
				c.Set(v)
				v = c
			}
			return v.Addr().Interface().(isZeroer).IsZero()
		}
	}
	return reflect.Value.IsZero
}

// quotedEncoder is the ",string" option: the value's JSON inside a JSON
// string.
func quotedEncoder(enc encoderFunc) encoderFunc {
	return func(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
		var buf [64]byte
		inner := enc(e, buf[:0], v)
		return parsers.AppendQuote(dst, string(inner))
	}
}

// mapEntry is one member of a map being encoded.
type mapEntry struct {
	key string
	val reflect.Value
}

func newMapEncoder(t reflect.Type) encoderFunc {
	keyOf := mapKeyFunc(t.Key())
	if keyOf == nil {
		return unsupportedEncoder
	}
	elem := typeEncoder(t.Elem())
	return func(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
		if v.IsNil() {
			return append(dst, "null"...)
		}
		if !e.enter(v) {
			return dst
		}
		entries, err := mapEntries(v, keyOf)
		if err != nil {
			e.fail(err)
			e.leave(v)
			return dst
		}
		dst = append(dst, '{')
		e.depth++
		first := true
		for _, me := range entries {
			mark := len(dst)
			dst = e.appendKey(dst, me.key, first)
			dst = elem(e, dst, me.val)
			if e.undef {
				e.undef = false
				dst = dst[:mark]
				continue
			}
			first = false
		}
		e.depth--
		if !first && e.opts.indent != "" {
			dst = e.newline(dst)
		}
		e.leave(v)
		return append(dst, '}')
	}
}

// mapEntries lists a map's members with string keys in V8's order for a
// fresh object built in sorted key order.
func mapEntries(v reflect.Value, keyOf func(reflect.Value) (string, error)) ([]mapEntry, error) {
	entries := make([]mapEntry, 0, v.Len())
	it := v.MapRange()
	for it.Next() {
		k, err := keyOf(it.Key())
		if err != nil {
			return nil, err
		}
		entries = append(entries, mapEntry{k, it.Value()})
	}
	slices.SortFunc(entries, func(a, b mapEntry) int { return compareObjectKeys(a.key, b.key) })
	return entries, nil
}

// mapKeyFunc returns how keys of type t become strings, or nil when t
// cannot be a key (encoding/json's rule: strings, integers,
// TextMarshalers).
func mapKeyFunc(t reflect.Type) func(reflect.Value) (string, error) {
	if t.Kind() == reflect.String {
		return func(k reflect.Value) (string, error) { return k.String(), nil }
	}
	if t.Implements(textMarshalerType) {
		return func(k reflect.Value) (string, error) {
			if k.Kind() == reflect.Pointer && k.IsNil() {
				return "", nil
			}
			b, err := k.Interface().(interface{ MarshalText() ([]byte, error) }).MarshalText()
			if err != nil {
				return "", &HTTPError{Name: "Error", Message: "json: error calling MarshalText for type " + k.Type().String() + ": " + err.Error(), Err: err}
			}
			return string(b), nil
		}
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(k reflect.Value) (string, error) { return strconv.FormatInt(k.Int(), 10), nil }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(k reflect.Value) (string, error) { return strconv.FormatUint(k.Uint(), 10), nil }
	}
	return nil
}

// compareObjectKeys orders keys as V8 orders a fresh object's: array
// indices (0 to 2^32-2, canonical decimal) ascending first, then the other
// keys, here sorted.
func compareObjectKeys(a, b string) int {
	na, ia := arrayIndexKey(a)
	nb, ib := arrayIndexKey(b)
	switch {
	case ia && ib:
		return cmp.Compare(na, nb)
	case ia:
		return -1
	case ib:
		return 1
	}
	return strings.Compare(a, b)
}

func arrayIndexKey(s string) (uint64, bool) {
	if s == "" || len(s) > 10 || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, n <= 1<<32-2
}
