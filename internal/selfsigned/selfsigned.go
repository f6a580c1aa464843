// Package selfsigned makes a throwaway TLS certificate for localhost, for
// tests, examples and benchmarks that serve HTTPS and HTTP/2 without files
// on disk.
package selfsigned

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"sync"
	"time"
)

// Cert is a self-signed certificate and a pool that trusts it.
type Cert struct {
	// TLS is the certificate with its private key, for tls.Config.Certificates.
	TLS tls.Certificate
	// Pool trusts the certificate, for a client's tls.Config.RootCAs.
	Pool *x509.CertPool
}

// New makes a self-signed ECDSA P-256 certificate valid for a day for
// "localhost", 127.0.0.1 and ::1.
func New() (*Cert, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{Organization: []string{"fw self-signed"}},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return &Cert{TLS: tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, Pool: pool}, nil
}

var (
	shared    *Cert
	sharedErr error
	once      sync.Once
)

// Shared returns one certificate made on first use and shared by every
// caller in the process; it is safe for concurrent use.
func Shared() (*Cert, error) {
	once.Do(func() { shared, sharedErr = New() })
	return shared, sharedErr
}

// ServerConfig returns a TLS configuration serving the certificate, with
// HTTP/2 and HTTP/1.1 offered by ALPN.
func (c *Cert) ServerConfig() *tls.Config {
	return &tls.Config{Certificates: []tls.Certificate{c.TLS}, NextProtos: []string{"h2", "http/1.1"}}
}

// ClientConfig returns a TLS configuration trusting the certificate.
func (c *Cert) ClientConfig() *tls.Config {
	return &tls.Config{RootCAs: c.Pool, ServerName: "localhost"}
}
