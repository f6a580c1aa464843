package parsers

import (
	"net/netip"
	"reflect"
	"testing"
	"time"
)

type bindAddress struct {
	City string `form:"city"`
	Zip  int    `form:"zip"`
}

type bindBase struct {
	ID int64 `form:"id"`
}

type bindTarget struct {
	bindBase
	Name     string            `form:"name"`
	Age      uint8             `form:"age"`
	Score    float64           `form:"score"`
	Admin    bool              `form:"admin"`
	Tags     []string          `form:"tags"`
	Nums     []int             `form:"nums"`
	One      []string          `form:"one"`
	First    string            `form:"first"`
	Addr     bindAddress       `form:"addr"`
	PAddr    *bindAddress      `form:"paddr"`
	Meta     map[string]string `form:"meta"`
	When     time.Time         `form:"when"`
	IP       netip.Addr        `form:"ip"`
	Any      any               `form:"any"`
	Skip     string            `form:"-"`
	Untagged string
	Empty    int `form:"empty"`
	private  string
}

func TestBindForm(t *testing.T) {
	t.Parallel()
	q := "id=7&name=Tobi&age=3&score=9.5&admin=on&tags[]=a&tags[]=b&nums[0]=1&nums[1]=2&one=x" +
		"&first=p&first=q&addr[city]=Paris&addr[zip]=75001&paddr[city]=Nice&meta[k]=v&meta[l]=w" +
		"&when=2024-05-06T07:08:09Z&ip=127.0.0.1&any[x]=1&Skip=no&Untagged=u&empty=&private=p&extra=1"
	o := ParseQuery([]byte(q))
	var got bindTarget
	if err := Bind(o, &got); err != nil {
		t.Fatal(err)
	}
	anyObj := &Object{}
	anyObj.Set("x", "1")
	want := bindTarget{
		bindBase: bindBase{ID: 7}, Name: "Tobi", Age: 3, Score: 9.5, Admin: true,
		Tags: []string{"a", "b"}, Nums: []int{1, 2}, One: []string{"x"}, First: "p",
		Addr: bindAddress{City: "Paris", Zip: 75001}, PAddr: &bindAddress{City: "Nice"},
		Meta: map[string]string{"k": "v", "l": "w"}, When: time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC),
		IP: netip.MustParseAddr("127.0.0.1"), Any: anyObj, Untagged: "u",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Bind =\n%+v\nwant\n%+v", got, want)
	}
}

func TestBindJSONValues(t *testing.T) {
	t.Parallel()
	v, err := ParseJSON([]byte(`{"id":7,"age":3,"score":1.5,"admin":true,"nums":[1,2],"name":12}`))
	if err != nil {
		t.Fatal(err)
	}
	var got bindTarget
	if err := Bind(v.(*Object), &got); err != nil {
		t.Fatal(err)
	}
	if got.ID != 7 || got.Age != 3 || got.Score != 1.5 || !got.Admin || len(got.Nums) != 2 || got.Name != "12" {
		t.Errorf("Bind = %+v", got)
	}
}

func TestBindErrors(t *testing.T) {
	t.Parallel()
	tests := []string{"age=300", "age=-1", "admin=maybe", "score=abc", "addr=x", "when=yesterday", "meta=x", "zip[a]=1&addr[zip]=x"}
	for _, q := range tests {
		var got bindTarget
		err := Bind(ParseQuery([]byte(q)), &got)
		e, ok := err.(*Error)
		if !ok || e.Status != 400 || e.Type != "entity.parse.failed" {
			t.Errorf("Bind(%q) err = %v; want a 400 entity.parse.failed", q, err)
		}
	}
	if err := Bind(&Object{}, bindTarget{}); err == nil {
		t.Error("Bind into a non-pointer: no error")
	}
}

func TestURLEncodedDecode(t *testing.T) {
	t.Parallel()
	p, _ := NewURLEncoded(URLEncodedConfig{})
	var got struct {
		User struct {
			Name string `form:"name"`
		} `form:"user"`
		N int `form:"n"`
	}
	in := &Input{ContentType: "application/x-www-form-urlencoded", ContentLength: 21, Body: []byte("user[name]=tobi&n=-42")}
	if err := p.Decode(in, &got); err != nil {
		t.Fatal(err)
	}
	if got.User.Name != "tobi" || got.N != -42 {
		t.Errorf("Decode = %+v", got)
	}
}
