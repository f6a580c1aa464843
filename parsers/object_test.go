package parsers

import (
	"slices"
	"strconv"
	"testing"
)

func TestObjectOrder(t *testing.T) {
	t.Parallel()
	var o Object
	for _, k := range []string{"b", "4294967295", "4294967294", "10", "2", "01", "-1", "1.5", "a", "0", "9007199254740993", "4294967296"} {
		o.Set(k, k)
	}
	want := []string{"0", "2", "10", "4294967294", "b", "4294967295", "01", "-1", "1.5", "a", "9007199254740993", "4294967296"}
	if got := o.Keys(); !slices.Equal(got, want) {
		t.Fatalf("Keys() = %q; want V8's order %q", got, want)
	}
	o.Set("b", "again") // keeps its place
	if v, _ := o.Get("b"); v != "again" || o.Keys()[4] != "b" {
		t.Errorf("Set on an existing key moved it or lost the value: %q", o.Keys())
	}
	if !o.Delete("b") || o.Delete("b") || o.Has("b") {
		t.Error("Delete did not remove b exactly once")
	}
	o.Set("b", 1.0) // goes to the end
	if k := o.Keys(); k[len(k)-1] != "b" {
		t.Errorf("re-added key not last: %q", k)
	}
	if o.Len() != len(want) {
		t.Errorf("Len() = %d; want %d", o.Len(), len(want))
	}
}

func TestObjectManyKeys(t *testing.T) {
	t.Parallel()
	var o Object
	for i := range 1000 {
		o.Set("k"+strconv.Itoa(i), i)
		o.Set(strconv.Itoa(999-i), i)
	}
	for i := range 1000 {
		if v, ok := o.Get("k" + strconv.Itoa(i)); !ok || v != i {
			t.Fatalf("Get(k%d) = %v, %v", i, v, ok)
		}
	}
	for i := 0; i < 1000; i += 2 {
		o.Delete("k" + strconv.Itoa(i))
	}
	if v, ok := o.Get("k999"); !ok || v != 999 {
		t.Fatalf("Get(k999) after deletes = %v, %v", v, ok)
	}
	keys := o.Keys()
	if keys[0] != "0" || keys[999] != "999" || keys[1000] != "k1" || o.Len() != 1500 {
		t.Errorf("unexpected order or size: %q... len %d", keys[:3], o.Len())
	}
}

func TestObjectNil(t *testing.T) {
	t.Parallel()
	var o *Object
	if o.Len() != 0 || o.Has("a") || o.Delete("a") {
		t.Error("nil *Object is not empty")
	}
	for range o.All() {
		t.Error("nil *Object yields")
	}
	if b, _ := o.MarshalJSON(); string(b) != "null" {
		t.Errorf("MarshalJSON of nil = %s", b)
	}
}

func TestObjectUnmarshalJSON(t *testing.T) {
	t.Parallel()
	var o Object
	if err := o.UnmarshalJSON([]byte(`{"b":1,"0":[true],"a":{"x":null}}`)); err != nil {
		t.Fatal(err)
	}
	if got := js(&o); got != `{"0":[true],"b":1,"a":{"x":null}}` {
		t.Errorf("round trip = %s", got)
	}
	if err := o.UnmarshalJSON([]byte(`[1]`)); err == nil {
		t.Error("UnmarshalJSON of an array: no error")
	}
	if err := o.UnmarshalJSON([]byte(`{`)); err == nil {
		t.Error("UnmarshalJSON of bad JSON: no error")
	}
}
