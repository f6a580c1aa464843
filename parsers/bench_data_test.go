package parsers

import "github.com/fwgo/fw/internal/benchbody"

func jsonInput() *Input {
	return &Input{ContentType: "application/json", ContentLength: int64(len(benchbody.JSON1KiB)), Body: benchbody.JSON1KiB}
}

func formInput() *Input {
	return &Input{ContentType: "application/x-www-form-urlencoded", ContentLength: int64(len(benchbody.Form20)), Body: benchbody.Form20}
}
