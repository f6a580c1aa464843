package main

import "sync"

// pet and user are the records of the faux database.
type pet struct {
	Name string
	ID   int
}

type user struct {
	Name string
	Pets []*pet
	ID   int
}

// db is the faux database, one per app; mu guards everything in it.
type db struct {
	mu    sync.Mutex
	pets  []*pet
	users []*user
}

func newDB() *db {
	d := &db{}
	for i, name := range []string{"Tobi", "Loki", "Jane", "Raul"} {
		d.pets = append(d.pets, &pet{Name: name, ID: i})
	}
	d.users = []*user{
		{Name: "TJ", Pets: []*pet{d.pets[0], d.pets[1], d.pets[2]}, ID: 0},
		{Name: "Guillermo", Pets: []*pet{d.pets[3]}, ID: 1},
		{Name: "Nathan", Pets: []*pet{}, ID: 2},
	}
	return d
}

// index returns the element of list at the decimal index s, as
// list[s] does in JavaScript, or nil.
func index[T any](list []*T, s string) *T {
	n := 0
	if s == "" || len(s) > 1 && s[0] == '0' {
		return nil
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return nil
		}
		n = n*10 + int(c-'0')
		if n >= len(list) {
			return nil
		}
	}
	return list[n]
}
