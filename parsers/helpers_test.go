package parsers

// js returns v as JSON.stringify writes it, or "ERR: ..." when AppendJSON
// fails.
func js(v any) string {
	b, err := AppendJSON(nil, v)
	if err != nil {
		return "ERR: " + err.Error()
	}
	return string(b)
}
