package parsers_test

import (
	"fmt"

	"github.com/fwgo/fw/parsers"
)

func ExampleJSON() {
	p, err := parsers.NewJSON(parsers.JSONConfig{Limit: "1kb"}) // express.json({limit: '1kb'})
	if err != nil {
		panic(err)
	}
	body := []byte(`{"user":"tobi","2":"two","1":"one"}`)
	in := &parsers.Input{ContentType: "application/json; charset=utf-8", ContentLength: int64(len(body)), Body: body}
	if p.Match(in) {
		v, err := p.Parse(in)
		out, _ := parsers.AppendJSON(nil, v) // res.json(req.body)
		fmt.Println(string(out), err)
	}

	bad := []byte(`{"user"`)
	_, err = p.Parse(&parsers.Input{ContentType: "application/json", ContentLength: int64(len(bad)), Body: bad})
	e := err.(*parsers.Error)
	fmt.Println(e.Status, e.String())
	// Output:
	// {"1":"one","2":"two","user":"tobi"} <nil>
	// 400 [entity.parse.failed] Expected ':' after property name in JSON at position 7
}

func ExampleURLEncoded_Decode() {
	p, _ := parsers.NewURLEncoded(parsers.URLEncodedConfig{})
	body := []byte("user[name]=tobi&user[tags][]=a&user[tags][]=b&age=3")
	in := &parsers.Input{ContentType: "application/x-www-form-urlencoded", ContentLength: int64(len(body)), Body: body}
	var form struct {
		User struct {
			Name string   `form:"name"`
			Tags []string `form:"tags"`
		} `form:"user"`
		Age int `form:"age"`
	}
	err := p.Decode(in, &form)
	fmt.Printf("%+v %v\n", form, err)
	// Output:
	// {User:{Name:tobi Tags:[a b]} Age:3} <nil>
}

func ExampleParseQuery() {
	q := parsers.ParseQuery([]byte("a[b][c]=1&a[]=x&list=1&list=2&__proto__[x]=y"))
	out, _ := parsers.AppendJSON(nil, q)
	fmt.Println(string(out))
	simple := parsers.ParseQuerySimple([]byte("a[b]=1&list=1&list=2"))
	out, _ = parsers.AppendJSON(nil, simple)
	fmt.Println(string(out))
	// Output:
	// {"a":{"0":"x","b":{"c":"1"}},"list":["1","2"]}
	// {"a[b]":"1","list":["1","2"]}
}

func ExampleObject() {
	var o parsers.Object
	o.Set("b", 1.0)
	o.Set("a", "x")
	o.Set("10", true)
	o.Set("2", nil)
	fmt.Println(o.Keys(), o.Len())
	out, _ := o.MarshalJSON()
	fmt.Println(string(out))
	// Output:
	// [2 10 b a] 4
	// {"2":null,"10":true,"b":1,"a":"x"}
}
