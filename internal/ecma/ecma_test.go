package ecma

import (
	"math"
	"testing"
)

// The expected values are what Node 20 prints for the same expressions.
func TestParseFloat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want float64
	}{
		{"1", 1}, {" 0.5", 0.5}, {"\xa0\t.5x", 0.5}, {"1e3", 1000}, {"1e", 1}, {"1e+", 1},
		{"-2.5e-1;", -0.25}, {"+.5", 0.5}, {"Infinity", math.Inf(1)}, {"-Infinityx", math.Inf(-1)},
		{"1e999", math.Inf(1)}, {"0x10", 0}, {".", math.NaN()}, {"", math.NaN()}, {"q", math.NaN()},
		{"+", math.NaN()}, {"infinity", math.NaN()},
	}
	for _, tt := range tests {
		got := ParseFloat(tt.in)
		if got != tt.want && !(math.IsNaN(got) && math.IsNaN(tt.want)) {
			t.Errorf("ParseFloat(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseInt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want float64
	}{
		{"12", 12}, {" 12px", 12}, {"\u3000-7", -7}, {"+3.9", 3}, {"1e3", 1}, {"0x1f", 0},
		{"", math.NaN()}, {"-", math.NaN()}, {"a1", math.NaN()},
		{"99999999999999999999", 1e20},
	}
	for _, tt := range tests {
		got := ParseInt(tt.in)
		if got != tt.want && !(math.IsNaN(got) && math.IsNaN(tt.want)) {
			t.Errorf("ParseInt(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestIsNumber(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want bool
	}{
		{"", true}, {" ", true}, {"12", true}, {" 12 ", true}, {"1e3", true}, {"0x1f", true},
		{"0o17", true}, {"0b101", true}, {"-Infinity", true}, {".5", true}, {"5.", true},
		{"0x", false}, {"0b2", false}, {"1e", false}, {"12a", false}, {"--1", false}, {"-0x1", false},
		{"\xa012\xa0", true},
	}
	for _, tt := range tests {
		if got := IsNumber(tt.in); got != tt.want {
			t.Errorf("IsNumber(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestSpace(t *testing.T) {
	t.Parallel()
	if got := Trim("\t\xa0 a b\r\n"); got != "a b" {
		t.Errorf("Trim = %q", got)
	}
	for _, r := range []rune{' ', '\v', 0xA0, 0x1680, 0x2000, 0x200A, 0x2028, 0x202F, 0x3000, 0xFEFF} {
		if !IsSpaceRune(r) {
			t.Errorf("IsSpaceRune(%U) = false", r)
		}
	}
	for _, r := range []rune{'a', 0x85, 0x200B, 0x180E} {
		if IsSpaceRune(r) {
			t.Errorf("IsSpaceRune(%U) = true", r)
		}
	}
	if IsSpace(0x85) || !IsSpace(0xA0) {
		t.Error("IsSpace: 0x85 is not white space to JavaScript, 0xA0 is")
	}
}
