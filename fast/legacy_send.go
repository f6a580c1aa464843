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
// of Express 3; see JSON. Express 3 reads res.json(201, 5), a number
// second, as res.json(obj, status) (5 is the status, which Node refuses);
// JSONStatus(201, 5) sends "5" with 201 (fast/doc.go).
func (r *Response) JSONStatus(status int, v any) error {
	return r.Status(status).JSON(v)
}

// JSONPStatus sets the status and sends v as JSONP, as res.jsonp(status,
// obj) of Express 3; see JSONP. As with JSONStatus, a number v is sent,
// where Express 3 would take it as the status.
func (r *Response) JSONPStatus(status int, v any) error {
	return r.Status(status).JSONP(v)
}

// SendBodyStatus sends body with status, as the body-first form
// res.send(body, status) of Express 3: the same answer as
// SendStatusBody(status, body). Express 3 reads res.send(body, status)
// so only when body is not a number; res.send(5, 201) takes 5 as the
// status and fails (Node refuses it), where SendBodyStatus(5, 201) sends
// "5" as JSON with 201 (fast/doc.go).
func (r *Response) SendBodyStatus(body any, status int) error {
	return r.SendStatusBody(status, body)
}

// JSONBodyStatus sends v as JSON with status, as res.json(obj, status) of
// Express 3 (deprecated there); the same answer as JSONStatus(status, v).
func (r *Response) JSONBodyStatus(v any, status int) error {
	return r.JSONStatus(status, v)
}

// JSONPBodyStatus sends v as JSONP with status, as res.jsonp(obj, status)
// of Express 3 (deprecated there); the same answer as JSONPStatus(status,
// v).
func (r *Response) JSONPBodyStatus(v any, status int) error {
	return r.JSONPStatus(status, v)
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
