package parsers

import (
	"strconv"
	"strings"
)

// json1KiB is a 1 KiB JSON body of the usual shape: an object with strings,
// numbers, booleans, null, an array of strings and an array of objects.
var json1KiB = func() []byte {
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

// form20 is a urlencoded body of 20 fields.
var form20 = func() []byte {
	var b strings.Builder
	for i := range 20 {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString("field" + strconv.Itoa(i) + "=value+" + strconv.Itoa(i) + "%21")
	}
	return []byte(b.String())
}()

type benchItem struct {
	SKU   string  `json:"sku"`
	Qty   int     `json:"qty"`
	Price float64 `json:"price"`
}

type benchUser struct {
	ID      int               `json:"id"`
	Name    string            `json:"name"`
	Email   string            `json:"email"`
	Active  bool              `json:"active"`
	Score   float64           `json:"score"`
	Manager *string           `json:"manager"`
	Tags    []string          `json:"tags"`
	Address map[string]string `json:"address"`
	Items   []benchItem       `json:"items"`
}

func jsonInput() *Input {
	return &Input{ContentType: "application/json", ContentLength: int64(len(json1KiB)), Body: json1KiB}
}

func formInput() *Input {
	return &Input{ContentType: "application/x-www-form-urlencoded", ContentLength: int64(len(form20)), Body: form20}
}
