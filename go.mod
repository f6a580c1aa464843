module github.com/fwgo/fw

go 1.26
