package fast

import "reflect"

// SendStatusBody sets the status and sends body, as res.send(status, body)
// of Express 3 (deprecated in 4.x): Status(status) then Send(body), except
// that a number body is sent as JSON (res.send(201, 5) answers 201 with
// "5"), where Send takes an int alone as a status. It returns what Send
// returns.
func (r *Response) SendStatusBody(status int, body any) error {
	r.Status(status)
	if isNumber(body) {
		return r.JSON(body)
	}
	return r.Send(body)
}

// JSONStatus sets the status and sends v as JSON, as res.json(status, obj)
// of Express 3; see JSON.
func (r *Response) JSONStatus(status int, v any) error {
	return r.Status(status).JSON(v)
}

// JSONPStatus sets the status and sends v as JSONP, as res.jsonp(status,
// obj) of Express 3; see JSONP.
func (r *Response) JSONPStatus(status int, v any) error {
	return r.Status(status).JSONP(v)
}

// isNumber reports whether v is a Go number, which JavaScript would see as
// a number.
func isNumber(v any) bool {
	switch v.(type) {
	case nil, string, []byte, bool:
		return false
	case int, int64, float64:
		return true
	}
	switch reflect.ValueOf(v).Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}
