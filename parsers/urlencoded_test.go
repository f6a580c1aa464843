package parsers

import "testing"

func TestURLEncodedConfigErrors(t *testing.T) {
	t.Parallel()
	bad := []URLEncodedConfig{
		{ParameterLimit: -1},
		{Depth: -2},
		{Depth: MaxDepth + 1},
		{Limit: "lots"},
		{Type: []string{""}},
	}
	for _, c := range bad {
		if _, err := NewURLEncoded(c); err == nil {
			t.Errorf("NewURLEncoded(%+v): no error", c)
		}
	}
	good := []URLEncodedConfig{{}, {ParameterLimit: Unlimited}, {Depth: NoNesting}, {Depth: MaxDepth}, {Limit: "0"}}
	for _, c := range good {
		if _, err := NewURLEncoded(c); err != nil {
			t.Errorf("NewURLEncoded(%+v): %v", c, err)
		}
	}
}

func TestURLEncodedOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cfg  URLEncodedConfig
		body string
		want string
	}{
		{URLEncodedConfig{Depth: NoNesting}, "a[b]=1&c[]=2", `{"a[b]":"1","c[]":"2"}`},
		{URLEncodedConfig{Depth: 1}, "a[b]=1", `{"a":{"b":"1"}}`},
		{URLEncodedConfig{Extended: Off}, "a[b]=1&a[b]=2", `{"a[b]":["1","2"]}`},
		{URLEncodedConfig{}, "", `{}`},
		// arrayLimit is max(100, parameter count): index 150 of one parameter is past it
		{URLEncodedConfig{}, "a[150]=x", `{"a":{"150":"x"}}`},
	}
	for _, tt := range tests {
		p, err := NewURLEncoded(tt.cfg)
		if err != nil {
			t.Fatal(err)
		}
		o, err := p.Parse(&Input{ContentType: "application/x-www-form-urlencoded", ContentLength: int64(len(tt.body)), Body: []byte(tt.body)})
		if err != nil || js(o) != tt.want {
			t.Errorf("%+v %q: %s, %v; want %s", tt.cfg, tt.body, js(o), err, tt.want)
		}
	}
	p, _ := NewURLEncoded(URLEncodedConfig{Depth: 1})
	_, err := p.Parse(&Input{ContentType: "application/x-www-form-urlencoded", ContentLength: 9, Body: []byte("a[b][c]=1")})
	if e, ok := err.(*Error); !ok || e.Status != 400 || e.Body != "a[b][c]=1" {
		t.Errorf("depth 1, a[b][c]: %v; want 400 with the body", err)
	}
}
