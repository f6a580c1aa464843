package parsers

import (
	"math"
	"strconv"
)

// AppendNumber appends f formatted as JavaScript's Number.prototype.toString
// does (and so as JSON.stringify writes numbers): the shortest digits that
// round-trip, in fixed notation from 1e-7 up to 1e21 and exponential notation
// ("1e+21", "1.5e-7") outside it. NaN and the infinities are written as
// JavaScript spells them; JSON callers must write null for them instead.
func AppendNumber(dst []byte, f float64) []byte {
	switch {
	case f == 0:
		return append(dst, '0') // -0 prints as 0
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	case math.IsInf(f, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1):
		return append(dst, "-Infinity"...)
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.AppendInt(dst, int64(f), 10)
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	neg := false
	if e[0] == '-' {
		neg = true
		e = e[1:]
	}
	// e is d[.ddd]e±XX: collect the digits and the decimal exponent.
	var digits [24]byte
	k := 0
	i := 0
	for ; i < len(e) && e[i] != 'e'; i++ {
		if e[i] != '.' {
			digits[k] = e[i]
			k++
		}
	}
	exp := 0
	sign := e[i+1]
	for j := i + 2; j < len(e); j++ {
		exp = exp*10 + int(e[j]-'0')
	}
	if sign == '-' {
		exp = -exp
	}
	n := exp + 1 // the value is 0.d1d2...dk × 10^n
	if neg {
		dst = append(dst, '-')
	}
	ds := digits[:k]
	switch {
	case k <= n && n <= 21:
		dst = append(dst, ds...)
		for j := 0; j < n-k; j++ {
			dst = append(dst, '0')
		}
	case 0 < n && n <= 21:
		dst = append(dst, ds[:n]...)
		dst = append(dst, '.')
		dst = append(dst, ds[n:]...)
	case -6 < n && n <= 0:
		dst = append(dst, '0', '.')
		for j := 0; j < -n; j++ {
			dst = append(dst, '0')
		}
		dst = append(dst, ds...)
	default:
		dst = append(dst, ds[0])
		if k > 1 {
			dst = append(dst, '.')
			dst = append(dst, ds[1:]...)
		}
		dst = append(dst, 'e')
		if n-1 >= 0 {
			dst = append(dst, '+')
		}
		dst = strconv.AppendInt(dst, int64(n-1), 10)
	}
	return dst
}
