// Package benchbody holds the request bodies every body-parsing benchmark
// and allocation test measures (parsers, fast and the peer comparison in
// bench/), and the Go types they decode into, so that all of them measure
// the same bytes. It has no dependencies inside the module, so the
// parsers package's own tests can use it.
package benchbody

import (
	"strconv"
	"strings"
)

// JSON1KiB is a 1 KiB JSON body of the usual shape: an object with
// strings, numbers, booleans, null, an array of strings and an array of
// objects. It decodes into User. Callers must not modify it.
var JSON1KiB = func() []byte {
	var b strings.Builder
	b.WriteString(`{"id":12345,"name":"Tobi Ferret","email":"tobi@example.com","active":true,"score":98.6,"manager":null,`)
	b.WriteString(`"tags":["admin","ops","on-call","beta"],"address":{"street":"1 Infinite Loop","city":"Cupertino","zip":"95014"},"items":[`)
	for i := 0; b.Len() < 1000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"sku":"SKU-` + strconv.Itoa(1000+i) + `","qty":` + strconv.Itoa(i+1) + `,"price":19.99}`)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}()

// Form20 is a URL-encoded body of 20 fields, field0=value+0%21 through
// field19=value+19%21. It decodes into Form. Callers must not modify it.
var Form20 = func() []byte {
	var b strings.Builder
	for i := range 20 {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString("field" + strconv.Itoa(i) + "=value+" + strconv.Itoa(i) + "%21")
	}
	return []byte(b.String())
}()

// Item is an element of User.Items.
type Item struct {
	SKU   string  `json:"sku"`
	Qty   int     `json:"qty"`
	Price float64 `json:"price"`
}

// User is what JSON1KiB decodes into.
type User struct {
	ID      int               `json:"id"`
	Name    string            `json:"name"`
	Email   string            `json:"email"`
	Active  bool              `json:"active"`
	Score   float64           `json:"score"`
	Manager *string           `json:"manager"`
	Tags    []string          `json:"tags"`
	Address map[string]string `json:"address"`
	Items   []Item            `json:"items"`
}

// Form is what Form20 decodes into.
type Form struct {
	Field0  string `form:"field0"`
	Field1  string `form:"field1"`
	Field2  string `form:"field2"`
	Field3  string `form:"field3"`
	Field4  string `form:"field4"`
	Field5  string `form:"field5"`
	Field6  string `form:"field6"`
	Field7  string `form:"field7"`
	Field8  string `form:"field8"`
	Field9  string `form:"field9"`
	Field10 string `form:"field10"`
	Field11 string `form:"field11"`
	Field12 string `form:"field12"`
	Field13 string `form:"field13"`
	Field14 string `form:"field14"`
	Field15 string `form:"field15"`
	Field16 string `form:"field16"`
	Field17 string `form:"field17"`
	Field18 string `form:"field18"`
	Field19 string `form:"field19"`
}
