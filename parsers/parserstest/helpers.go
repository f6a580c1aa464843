package parserstest

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/fwgo/fw/parsers"
)

// All returns every case, in the order of the four test files.
func All() []Case {
	var all []Case
	all = append(all, JSONCases()...)
	all = append(all, RawCases()...)
	all = append(all, TextCases()...)
	all = append(all, URLEncodedCases()...)
	return all
}

func hdr(kv ...string) [][2]string {
	h := make([][2]string, 0, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		h = append(h, [2]string{kv[i], kv[i+1]})
	}
	return h
}

func hexb(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func dots(n int) string { return strings.Repeat(".", n) }

// rejectFirst is the tests' verify function "if (buf[0] === b) throw new
// Error(msg)", optionally with err.status or err.type set.
func rejectFirst(b byte, msg string, status int, typ string) parsers.VerifyFunc {
	return func(_ *parsers.Input, body []byte, _ string) error {
		if len(body) == 0 || body[0] != b {
			return nil
		}
		if status == 0 && typ == "" {
			return errors.New(msg)
		}
		return &parsers.Error{Status: status, Type: typ, Message: msg}
	}
}

// neverCalled is the tests' verify function that throws "unexpected verify
// call".
func neverCalled(*parsers.Input, []byte, string) error {
	return errors.New("unexpected verify call")
}

// typeEquals is "return req.headers['content-type'] === t".
func typeEquals(t string) parsers.TypeFunc {
	return func(in *parsers.Input) bool { return in.ContentType == t }
}

func acceptAll(*parsers.Input) bool { return true }

// typeThrows is "throw new Error('oops!')": the tests check it is not
// called for a request without a body.
func typeThrows(*parsers.Input) bool {
	panic("parserstest: type function called for a request without a body")
}

// parseErrorMessage is the message JSON.parse gives on Node 20 for the
// inputs the tests pass to their parseError helper.
var parseErrorMessage = map[string]string{
	" ":         "Unexpected end of JSON input",
	"{:":        "Expected property name or '}' in JSON at position 1",
	"{\"user\"": "Expected ':' after property name in JSON at position 7",
	// parseError('#rue').replace(/#/g, 't')
	"#rue": "Unexpected token 't', \"true\" is not valid JSON",
	// parseError('    #rue').replace(/#/g, 't')
	"    #rue": "Unexpected token 't', \"    true\" is not valid JSON",
}

func parseError(s string) string {
	m, ok := parseErrorMessage[s]
	if !ok {
		panic(fmt.Sprintf("parserstest: no recorded JSON.parse message for %q", s))
	}
	return m
}

func bool2(b bool) parsers.Switch {
	if b {
		return parsers.On
	}
	return parsers.Off
}

// manyParams is the tests' createManyParams(count).
func manyParams(count int) string {
	if count == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("0=0")
	for i := 1; i < count; i++ {
		n := fmt.Sprintf("%s", base36(i))
		b.WriteString("&" + n + "=" + n)
	}
	return b.String()
}

func base36(i int) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	if i == 0 {
		return "0"
	}
	var out []byte
	for i > 0 {
		out = append([]byte{digits[i%36]}, out...)
		i /= 36
	}
	return string(out)
}
