package fast

import (
	"encoding"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/parsers"
)

// AppendJSON appends v encoded as JavaScript's JSON.stringify(v) encodes
// the JavaScript value v stands for, the encoder behind res.JSON, res.Send
// of non-text values and JSON cookies. When v is undefined for
// JSON.stringify (Undefined, a func) nothing is appended.
//
//   - Strings are escaped as V8 escapes them: '"', '\\' and control
//     characters only; '<', '>', '&', U+2028 and U+2029 are written as
//     they are. Bytes that are not UTF-8 are written as \ufffd.
//   - Numbers are written as JavaScript prints them (1e21, 1.5e-7, 100
//     for 100.0); NaN and the infinities as null. A float32 is written with
//     its shortest float32 digits; integers are exact, also beyond 2^53.
//   - Structs are objects with the fields and rules of encoding/json: json
//     tags (name, "-", omitempty, omitzero, string), embedded structs
//     promoted, unexported fields skipped.
//   - Maps are objects whose keys (strings, integers or TextMarshalers)
//     are in V8's order for an object built in sorted key order: array
//     indices ascending, then the other keys sorted.
//   - *parsers.Object keeps its own key order; []any, map[string]any and
//     the other parsers value-model types are written directly.
//   - A nil pointer, interface, map or slice is null; []byte is a base64
//     string, as encoding/json writes it.
//   - time.Time is written as Date.prototype.toJSON writes a date:
//     "2006-01-02T15:04:05.000Z" in UTC.
//   - A json.Marshaler's output is parsed and written again, as
//     JSON.stringify writes what a toJSON method returns; a
//     encoding.TextMarshaler's text is a string; json.Number is a number.
//   - A func is undefined: left out of objects, null in arrays.
//   - Channels, complex numbers and unsafe pointers are errors (a
//     TypeError, as JSON.stringify throws for a BigInt), and so are cycles
//     ("Converting circular structure to JSON").
//
// On error dst is returned unchanged. It is safe for concurrent use.
func AppendJSON(dst []byte, v any) ([]byte, error) {
	e := encoderPool.Get().(*jsonEncoder)
	out, _, err := e.stringify(dst, v, jsonOptions{})
	e.release()
	encoderPool.Put(e)
	return out, err
}

var encoderPool = sync.Pool{New: func() any { return new(jsonEncoder) }}

// jsonOptions are JSON.stringify's replacer and space arguments and
// Express's "json escape".
type jsonOptions struct {
	indent   string                          // the gap: at most 10 characters
	replacer func(key string, value any) any // a replacer function
	allow    []string                        // a replacer array (property list)
	listed   bool                            // allow is in use (it may be empty)
}

// jsonEncoder is the state of one JSON.stringify call. A Response keeps
// one for its requests.
//
// NOTE: every field referring to the encoded value must be cleared in
// release.
type jsonEncoder struct {
	opts     jsonOptions
	depth    int  // nesting, for indentation
	undef    bool // the value just encoded is undefined
	err      error
	ptrLevel int
	ptrSeen  map[any]struct{}
	lastType reflect.Type // one-entry cache in front of encoderCache
	lastEnc  encoderFunc
	keys     []string // map keys being sorted, a stack for nested maps
	used     bool     // stringify ran since the last release
}

// stringify runs JSON.stringify(v, replacer, space) into dst. defined is
// false when the result is undefined.
func (e *jsonEncoder) stringify(dst []byte, v any, opts jsonOptions) (out []byte, defined bool, err error) {
	e.opts, e.used = opts, true
	e.depth, e.undef, e.err, e.ptrLevel = 0, false, nil, 0
	start := len(dst)
	if opts.replacer != nil || opts.listed {
		dst = e.property(dst, "", v)
	} else {
		dst = e.encodeAny(dst, v)
	}
	if e.err != nil {
		err = e.err
		e.err = nil
		return dst[:start], false, err
	}
	if e.undef {
		e.undef = false
		return dst[:start], false, nil
	}
	return dst, true, nil
}

// release drops what the encoder refers to after a call. Only stringify
// sets those fields, so an encoder it has not run on since the last release
// has nothing to drop: a Response's reset then costs one test.
func (e *jsonEncoder) release() {
	if e.used {
		e.drop()
	}
}

func (e *jsonEncoder) drop() {
	e.used = false
	e.opts = jsonOptions{}
	e.err = nil
	clear(e.keys)
	e.keys = e.keys[:0]
	if e.ptrSeen != nil {
		clear(e.ptrSeen)
	}
}

func (e *jsonEncoder) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

// newline writes a line break and the indentation of the current depth.
func (e *jsonEncoder) newline(dst []byte) []byte {
	dst = append(dst, '\n')
	for i := 0; i < e.depth; i++ {
		dst = append(dst, e.opts.indent...)
	}
	return dst
}

// encodeAny encodes a value without a replacer, taking the parsers value
// model and the common Go types without reflection.
func (e *jsonEncoder) encodeAny(dst []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...)
	case string:
		return appendString(dst, x)
	case float64:
		return appendFloat(dst, x)
	case bool:
		return appendBool(dst, x)
	case int:
		return strconv.AppendInt(dst, int64(x), 10)
	case int64:
		return strconv.AppendInt(dst, x, 10)
	case undefined:
		e.undef = true
		return dst
	case *parsers.Object:
		return e.encodeObject(dst, x)
	case []any:
		if x == nil {
			return append(dst, "null"...)
		}
		return e.encodeAnySlice(dst, x)
	case map[string]any:
		if x == nil {
			return append(dst, "null"...)
		}
		return e.encodeStringMap(dst, x)
	}
	t := reflect.TypeOf(v)
	return e.encoderFor(t)(e, dst, reflect.ValueOf(v))
}

// encoderFor returns the compiled encoder of t.
func (e *jsonEncoder) encoderFor(t reflect.Type) encoderFunc {
	if t == e.lastType {
		return e.lastEnc
	}
	f := typeEncoder(t)
	e.lastType, e.lastEnc = t, f
	return f
}

func (e *jsonEncoder) encodeAnySlice(dst []byte, x []any) []byte {
	if !e.enterSlice(x) {
		return dst
	}
	dst = append(dst, '[')
	if len(x) != 0 {
		e.depth++
		for i, v := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			if e.opts.indent != "" {
				dst = e.newline(dst)
			}
			dst = e.encodeAny(dst, v)
			if e.undef {
				e.undef = false
				dst = append(dst, "null"...)
			}
		}
		e.depth--
		if e.opts.indent != "" {
			dst = e.newline(dst)
		}
	}
	e.leaveSlice(x)
	return append(dst, ']')
}

// encodeStringMap writes a map[string]any with its keys in V8's order for
// a fresh object built in sorted key order, sorting them in the encoder's
// key buffer.
func (e *jsonEncoder) encodeStringMap(dst []byte, m map[string]any) []byte {
	e.ptrLevel++
	if e.ptrLevel > startDetectingCycles && !e.track(valueKey(reflect.ValueOf(m))) {
		return dst
	}
	start := len(e.keys)
	for k := range m {
		e.keys = append(e.keys, k)
	}
	slices.SortFunc(e.keys[start:], compareObjectKeys)
	dst = append(dst, '{')
	e.depth++
	first := true
	for i := start; i < start+len(m); i++ {
		k := e.keys[i] // e.keys may grow while the values are encoded
		mark := len(dst)
		dst = e.appendKey(dst, k, first)
		dst = e.encodeAny(dst, m[k])
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
	clear(e.keys[start:])
	e.keys = e.keys[:start]
	if e.ptrLevel > startDetectingCycles {
		delete(e.ptrSeen, valueKey(reflect.ValueOf(m)))
	}
	e.ptrLevel--
	return append(dst, '}')
}

func (e *jsonEncoder) encodeObject(dst []byte, o *parsers.Object) []byte {
	if o == nil {
		return append(dst, "null"...)
	}
	if !e.enterObject(o) {
		return dst
	}
	dst = append(dst, '{')
	e.depth++
	first := true
	for k, v := range o.All() {
		mark := len(dst)
		dst = e.appendKey(dst, k, first)
		dst = e.encodeAny(dst, v)
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
	e.leaveObject(o)
	return append(dst, '}')
}

// appendKey writes the separator, the indentation and "key": before a
// member.
func (e *jsonEncoder) appendKey(dst []byte, k string, first bool) []byte {
	if !first {
		dst = append(dst, ',')
	}
	if e.opts.indent != "" {
		dst = e.newline(dst)
		dst = appendString(dst, k)
		return append(dst, ':', ' ')
	}
	dst = appendString(dst, k)
	return append(dst, ':')
}

// startDetectingCycles is the nesting past which pointers are tracked to
// find cycles, as encoding/json does: shallow values pay nothing.
const startDetectingCycles = 1000

// enter is called when encoding a pointer-like value (pointer, map, slice,
// *parsers.Object); it reports false, with the cycle error recorded, when
// the value is already being encoded. Below startDetectingCycles levels it
// only counts. leave undoes it.
func (e *jsonEncoder) enter(v reflect.Value) bool {
	e.ptrLevel++
	return e.ptrLevel <= startDetectingCycles || e.track(valueKey(v))
}

func (e *jsonEncoder) leave(v reflect.Value) {
	if e.ptrLevel > startDetectingCycles {
		delete(e.ptrSeen, valueKey(v))
	}
	e.ptrLevel--
}

func (e *jsonEncoder) enterSlice(x []any) bool {
	e.ptrLevel++
	return e.ptrLevel <= startDetectingCycles || e.track(anySliceKey(x))
}

func (e *jsonEncoder) leaveSlice(x []any) {
	if e.ptrLevel > startDetectingCycles {
		delete(e.ptrSeen, anySliceKey(x))
	}
	e.ptrLevel--
}

func (e *jsonEncoder) enterObject(o *parsers.Object) bool {
	e.ptrLevel++
	return e.ptrLevel <= startDetectingCycles || e.track(o)
}

func (e *jsonEncoder) leaveObject(o *parsers.Object) {
	if e.ptrLevel > startDetectingCycles {
		delete(e.ptrSeen, o)
	}
	e.ptrLevel--
}

// track records k as being encoded; false, with the error recorded, when
// it already is.
func (e *jsonEncoder) track(k any) bool {
	if e.ptrSeen == nil {
		e.ptrSeen = make(map[any]struct{})
	}
	if _, ok := e.ptrSeen[k]; ok {
		e.ptrLevel--
		e.fail(jsTypeError("Converting circular structure to JSON"))
		return false
	}
	e.ptrSeen[k] = struct{}{}
	return true
}

// sliceKey identifies a slice by its array and length.
type sliceKey struct {
	p uintptr
	n int
}

// valueKey makes a comparable identity for a pointer, map or slice.
func valueKey(v reflect.Value) any {
	if v.Kind() == reflect.Slice {
		return sliceKey{v.Pointer(), v.Len()}
	}
	return v.Pointer()
}

func anySliceKey(x []any) any { return sliceKey{reflect.ValueOf(x).Pointer(), len(x)} }

// encoderFunc appends the JSON of v, a value of the type it was compiled
// for. It reports errors through e.fail and undefined through e.undef.
type encoderFunc func(e *jsonEncoder, dst []byte, v reflect.Value) []byte

var encoderCache sync.Map // reflect.Type → encoderFunc

// typeEncoder returns the encoder of t, compiling it once. A recursive
// type gets an indirect encoder while it is being compiled.
func typeEncoder(t reflect.Type) encoderFunc {
	if f, ok := encoderCache.Load(t); ok {
		return f.(encoderFunc)
	}
	var (
		wg sync.WaitGroup
		f  encoderFunc
	)
	wg.Add(1)
	fi, loaded := encoderCache.LoadOrStore(t, encoderFunc(func(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
		wg.Wait()
		return f(e, dst, v)
	}))
	if loaded {
		return fi.(encoderFunc)
	}
	f = newTypeEncoder(t, true)
	wg.Done()
	encoderCache.Store(t, f)
	return f
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	timeType          = reflect.TypeFor[time.Time]()
	numberType        = reflect.TypeFor[json.Number]()
	objectType        = reflect.TypeFor[*parsers.Object]()
	undefinedType     = reflect.TypeFor[undefined]()
)

// newTypeEncoder compiles the encoder of t. allowAddr lets a value whose
// pointer has the marshaling method use it when addressable.
func newTypeEncoder(t reflect.Type, allowAddr bool) encoderFunc {
	switch t {
	case timeType:
		return timeEncoder
	case numberType:
		return numberEncoder
	case objectType:
		return func(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
			return e.encodeObject(dst, v.Interface().(*parsers.Object))
		}
	case undefinedType:
		return undefinedEncoder
	}
	if t.Kind() != reflect.Pointer && allowAddr && reflect.PointerTo(t).Implements(marshalerType) {
		return condAddrEncoder(addrMarshalerEncoder, newTypeEncoder(t, false))
	}
	if t.Implements(marshalerType) {
		return marshalerEncoder
	}
	if t.Kind() != reflect.Pointer && allowAddr && reflect.PointerTo(t).Implements(textMarshalerType) {
		return condAddrEncoder(addrTextMarshalerEncoder, newTypeEncoder(t, false))
	}
	if t.Implements(textMarshalerType) {
		return textMarshalerEncoder
	}
	switch t.Kind() {
	case reflect.Bool:
		return boolEncoder
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intEncoder
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return uintEncoder
	case reflect.Float32:
		return float32Encoder
	case reflect.Float64:
		return float64Encoder
	case reflect.String:
		return stringEncoder
	case reflect.Interface:
		return interfaceEncoder
	case reflect.Struct:
		return newStructEncoder(t)
	case reflect.Map:
		return newMapEncoder(t)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !reflect.PointerTo(t.Elem()).Implements(marshalerType) &&
			!reflect.PointerTo(t.Elem()).Implements(textMarshalerType) {
			return bytesEncoder
		}
		return newSliceEncoder(t)
	case reflect.Array:
		return newArrayEncoder(t)
	case reflect.Pointer:
		return newPointerEncoder(t)
	case reflect.Func:
		return undefinedEncoder
	}
	return unsupportedEncoder
}

func undefinedEncoder(e *jsonEncoder, dst []byte, _ reflect.Value) []byte {
	e.undef = true
	return dst
}

func unsupportedEncoder(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
	e.fail(jsTypeError("Do not know how to serialize a " + v.Type().String()))
	return dst
}

func boolEncoder(_ *jsonEncoder, dst []byte, v reflect.Value) []byte {
	return appendBool(dst, v.Bool())
}

func intEncoder(_ *jsonEncoder, dst []byte, v reflect.Value) []byte {
	return strconv.AppendInt(dst, v.Int(), 10)
}

func uintEncoder(_ *jsonEncoder, dst []byte, v reflect.Value) []byte {
	return strconv.AppendUint(dst, v.Uint(), 10)
}

func float64Encoder(_ *jsonEncoder, dst []byte, v reflect.Value) []byte {
	return appendFloat(dst, v.Float())
}

func float32Encoder(_ *jsonEncoder, dst []byte, v reflect.Value) []byte {
	return appendFloat32(dst, float32(v.Float()))
}

func stringEncoder(_ *jsonEncoder, dst []byte, v reflect.Value) []byte {
	return appendString(dst, v.String())
}

func interfaceEncoder(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
	if v.IsNil() {
		return append(dst, "null"...)
	}
	elem := v.Elem()
	t := elem.Type()
	if t.NumMethod() == 0 {
		// Predeclared and method-less types: no marshaler to look for.
		switch elem.Kind() {
		case reflect.String:
			return appendString(dst, elem.String())
		case reflect.Float64:
			return appendFloat(dst, elem.Float())
		case reflect.Bool:
			return appendBool(dst, elem.Bool())
		case reflect.Int, reflect.Int64, reflect.Int32:
			return strconv.AppendInt(dst, elem.Int(), 10)
		}
	}
	return e.encoderFor(t)(e, dst, elem)
}

func appendBool(dst []byte, b bool) []byte {
	if b {
		return append(dst, "true"...)
	}
	return append(dst, "false"...)
}

// appendFloat writes f as JSON.stringify does: JavaScript's digits, null
// for NaN and the infinities.
func appendFloat(dst []byte, f float64) []byte {
	if a := math.Abs(f); a >= 1e-6 && a < 1e21 {
		// JavaScript writes this range in fixed notation with the
		// shortest digits that round-trip, as strconv's 'f' does.
		if a < 1e15 && f == float64(int64(f)) {
			return strconv.AppendInt(dst, int64(f), 10)
		}
		return strconv.AppendFloat(dst, f, 'f', -1, 64)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, "null"...)
	}
	return parsers.AppendNumber(dst, f)
}

// appendString writes s as JSON.stringify writes a string: the bytes of
// plain printable ASCII text are copied at once, anything else goes through
// parsers.AppendQuote.
func appendString(dst []byte, s string) []byte {
	i := 0
	if len(s) >= 8 {
		b := bytesconv.S2B(s)
		for ; i+8 <= len(s); i += 8 {
			if !plainWord(binary.LittleEndian.Uint64(b[i:])) {
				return parsers.AppendQuote(dst, s)
			}
		}
	}
	for ; i < len(s); i++ {
		if !plainJSONByte[s[i]] {
			return parsers.AppendQuote(dst, s)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// plainWord reports whether the eight bytes of x are all plain JSON string
// bytes: none below 0x20, none from 0x80, no '"' and no '\\'.
func plainWord(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	zero := func(v uint64) uint64 { return (v - ones) &^ v & highs }
	bad := (x-ones*0x20)&^x&highs | zero(x^(ones*'"')) | zero(x^(ones*'\\')) | x&highs
	return bad == 0
}

// plainJSONByte marks the bytes a JSON string holds as they are: printable
// ASCII but '"' and '\\'.
var plainJSONByte = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendFloat32 writes f with its shortest float32 digits, in JavaScript's
// notation: the number JavaScript would hold for the decimal a float32
// prints as.
func appendFloat32(dst []byte, f float32) []byte {
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		return append(dst, "null"...)
	}
	var buf [32]byte
	s := strconv.AppendFloat(buf[:0], float64(f), 'e', -1, 32)
	d, err := strconv.ParseFloat(string(s), 64)
	if err != nil {
		d = float64(f)
	}
	return parsers.AppendNumber(dst, d)
}

func bytesEncoder(_ *jsonEncoder, dst []byte, v reflect.Value) []byte {
	if v.IsNil() {
		return append(dst, "null"...)
	}
	b := v.Bytes()
	dst = append(dst, '"')
	dst = base64.StdEncoding.AppendEncode(dst, b)
	return append(dst, '"')
}

// timeEncoder writes a time.Time as Date.prototype.toJSON does:
// toISOString in UTC with milliseconds, a six-digit signed year outside
// 0000 to 9999, and null beyond JavaScript's date range.
func timeEncoder(_ *jsonEncoder, dst []byte, v reflect.Value) []byte {
	t := v.Interface().(time.Time)
	return appendISOTime(dst, t)
}

// maxDateMillis is the largest time value of a JavaScript Date.
const maxDateMillis = 8.64e15

func appendISOTime(dst []byte, t time.Time) []byte {
	ms := t.UnixMilli()
	if t.Unix() > maxDateMillis/1000+1 || t.Unix() < -maxDateMillis/1000-1 || ms > maxDateMillis || ms < -maxDateMillis {
		return append(dst, "null"...)
	}
	t = time.UnixMilli(ms).UTC()
	dst = append(dst, '"')
	y := t.Year()
	switch {
	case y >= 0 && y <= 9999:
		dst = appendDigits(dst, y, 4)
	case y < 0:
		dst = append(dst, '-')
		dst = appendDigits(dst, -y, 6)
	default:
		dst = append(dst, '+')
		dst = appendDigits(dst, y, 6)
	}
	dst = append(dst, '-')
	dst = appendDigits(dst, int(t.Month()), 2)
	dst = append(dst, '-')
	dst = appendDigits(dst, t.Day(), 2)
	dst = append(dst, 'T')
	dst = appendDigits(dst, t.Hour(), 2)
	dst = append(dst, ':')
	dst = appendDigits(dst, t.Minute(), 2)
	dst = append(dst, ':')
	dst = appendDigits(dst, t.Second(), 2)
	dst = append(dst, '.')
	dst = appendDigits(dst, t.Nanosecond()/1e6, 3)
	return append(dst, 'Z', '"')
}

func appendDigits(dst []byte, n, width int) []byte {
	var buf [12]byte
	i := len(buf)
	for n > 0 || width > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
		width--
	}
	return append(dst, buf[i:]...)
}

// numberEncoder writes a json.Number as the number it holds, in
// JavaScript's notation.
func numberEncoder(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
	s := v.String()
	if s == "" {
		s = "0" // encoding/json's reading of an empty Number
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !isRangeErr(err) || !validJSONNumber(s) {
		e.fail(jsTypeError("invalid number literal " + strconv.Quote(s)))
		return dst
	}
	return appendFloat(dst, f)
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// validJSONNumber reports whether s is a JSON number literal.
func validJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == j {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == j {
			return false
		}
	}
	return i == len(s)
}

// marshalerEncoder writes what MarshalJSON returns, parsed and written
// again as JSON.stringify writes the value a toJSON method returns.
func marshalerEncoder(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return append(dst, "null"...)
	}
	m, ok := v.Interface().(json.Marshaler)
	if !ok {
		return append(dst, "null"...)
	}
	return e.encodeAny(dst, e.unmarshal(m, v.Type()))
}

func addrMarshalerEncoder(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
	return marshalerEncoder(e, dst, v.Addr())
}

// unmarshal calls MarshalJSON and parses its output into the parsers
// value model; an error is recorded and gives Undefined.
func (e *jsonEncoder) unmarshal(m json.Marshaler, t reflect.Type) any {
	b, err := m.MarshalJSON()
	if err != nil {
		e.fail(&HTTPError{Name: "Error", Message: "json: error calling MarshalJSON for type " + t.String() + ": " + err.Error(), Err: err})
		return Undefined
	}
	val, err := parsers.ParseJSON(b)
	if err != nil {
		e.fail(&HTTPError{Name: "SyntaxError", Message: "json: error calling MarshalJSON for type " + t.String() + ": " + err.Error(), Err: err})
		return Undefined
	}
	return val
}

func textMarshalerEncoder(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return append(dst, "null"...)
	}
	m, ok := v.Interface().(encoding.TextMarshaler)
	if !ok {
		return append(dst, "null"...)
	}
	b, err := m.MarshalText()
	if err != nil {
		e.fail(&HTTPError{Name: "Error", Message: "json: error calling MarshalText for type " + v.Type().String() + ": " + err.Error(), Err: err})
		return dst
	}
	return parsers.AppendQuote(dst, string(b))
}

func addrTextMarshalerEncoder(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
	return textMarshalerEncoder(e, dst, v.Addr())
}

// condAddrEncoder uses addr for addressable values, whose pointer has the
// marshaling method, and plain for the others.
func condAddrEncoder(addr, plain encoderFunc) encoderFunc {
	return func(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
		if v.CanAddr() {
			return addr(e, dst, v)
		}
		return plain(e, dst, v)
	}
}

func newPointerEncoder(t reflect.Type) encoderFunc {
	elem := typeEncoder(t.Elem())
	return func(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
		if v.IsNil() {
			return append(dst, "null"...)
		}
		if !e.enter(v) {
			return dst
		}
		dst = elem(e, dst, v.Elem())
		e.leave(v)
		return dst
	}
}

func newSliceEncoder(t reflect.Type) encoderFunc {
	arr := newArrayEncoder(t)
	return func(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
		if v.IsNil() {
			return append(dst, "null"...)
		}
		if !e.enter(v) {
			return dst
		}
		dst = arr(e, dst, v)
		e.leave(v)
		return dst
	}
}

func newArrayEncoder(t reflect.Type) encoderFunc {
	elem := typeEncoder(t.Elem())
	kind := plainKindOf(t.Elem())
	return func(e *jsonEncoder, dst []byte, v reflect.Value) []byte {
		dst = append(dst, '[')
		n := v.Len()
		if n == 0 {
			return append(dst, ']')
		}
		e.depth++
		indent := e.opts.indent != ""
		for i := 0; i < n; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			if indent {
				dst = e.newline(dst)
			}
			switch kind {
			case plainString:
				dst = appendString(dst, v.Index(i).String())
			case plainInt:
				dst = strconv.AppendInt(dst, v.Index(i).Int(), 10)
			case plainFloat64:
				dst = appendFloat(dst, v.Index(i).Float())
			default:
				dst = elem(e, dst, v.Index(i))
				if e.undef {
					e.undef = false
					dst = append(dst, "null"...)
				}
			}
		}
		e.depth--
		if indent {
			dst = e.newline(dst)
		}
		return append(dst, ']')
	}
}
