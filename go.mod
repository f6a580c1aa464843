module github.com/fwgo/fw

go 1.26

require (
	github.com/HdrHistogram/hdrhistogram-go v1.4.0
	github.com/klauspost/compress v1.20.0
	github.com/valyala/fasthttp v1.74.0
	golang.org/x/sys v0.47.0
	golang.org/x/text v0.41.0
)

require (
	github.com/molecule-man/go-brrr v1.0.1 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
)
