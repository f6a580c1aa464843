package fast

import "github.com/fwgo/fw/parsers"

// Object is a JavaScript object as Express's parsers build it (req.query,
// and req.body of the JSON and urlencoded parsers): string keys in V8's
// order with values of the parsers package's value model (string, float64,
// bool, nil, []any, *Object). Its MarshalJSON writes what JSON.stringify
// writes. See parsers.Object.
type Object = parsers.Object
