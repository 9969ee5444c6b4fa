package workspace

import (
	"crypto/ed25519"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// User is who a request or a connection comes from.
type User struct {
	// ID is the stable identity (a proxy header's value, a token's sub).
	ID string `json:"user"`
	// Name is what others see; the ID when the token gives none.
	Name string `json:"name"`
	// expires is when the token it came with expires (zero for none): a
	// live connection is closed then.
	expires time.Time
}

// Auth says who a request comes from. Its zero value has no way in: the
// server then serves one local user, and only to loopback addresses.
type Auth struct {
	// Header is the trusted reverse proxy's header naming the user
	// ("X-Forwarded-User"), honoured only from TrustedProxies.
	Header string
	// TrustedProxies are the networks the proxy connects from.
	TrustedProxies []netip.Prefix
	// Key verifies the portal's tokens: an ed25519.PublicKey (EdDSA) or a
	// []byte HS256 secret; each allows only its own algorithm.
	Key any
	// Audience, when set, is the aud a token must name (--jwt-audience),
	// and Issuer the iss it must have (--jwt-issuer): a token the portal
	// signed for another service, or that another issuer sharing the key
	// signed, is refused.
	Audience string
	Issuer   string
}

// Local reports whether neither a proxy header nor a token key is set: one
// local user, loopback only.
func (a Auth) Local() bool { return a.Header == "" && a.Key == nil }

// LocalUser is the one user of a server without --auth-header or --jwt-key.
var LocalUser = User{ID: "local", Name: "Local user"}

// Errors of identification; each answers 401 (HTTP) or closes the
// WebSocket with its reason.
var (
	errNoIdentity = errors.New("no identity: send the portal's token (Authorization: Bearer …) or come through the trusted proxy")
	errNotLocal   = errors.New("this server has one local user and serves only loopback addresses; start it with --auth-header or --jwt-key to serve others")
	errLocalHost  = errors.New("this server has one local user and answers only requests for localhost or a loopback address (the Host header)")
)

// Identify returns who r comes from, by the proxy's header (from a trusted
// address), else by a bearer token; token is the one the WebSocket's hello
// carries, if any.
func (a Auth) Identify(r *http.Request, token string) (User, error) {
	remote, err := remoteAddr(r)
	if err != nil {
		return User{}, err
	}
	if a.Local() {
		if !remote.IsLoopback() {
			return User{}, errNotLocal
		}
		// A hostile page whose name resolves to 127.0.0.1 (DNS rebinding)
		// comes from loopback and is same-origin with itself: its Host
		// names it, not localhost.
		if !loopbackHost(r.Host) {
			return User{}, errLocalHost
		}
		return LocalUser, nil
	}
	if a.Header != "" && a.trusted(remote) {
		if v := strings.TrimSpace(r.Header.Get(a.Header)); v != "" {
			if len(v) > maxNameLength*2 {
				return User{}, fmt.Errorf("the %s header is %d bytes; user names are limited to %d", a.Header, len(v), maxNameLength*2)
			}
			return User{ID: v, Name: v}, nil
		}
	}
	if a.Key == nil {
		return User{}, errNoIdentity
	}
	if token == "" {
		if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
			token = strings.TrimPrefix(h, "Bearer ")
		}
	}
	if token == "" {
		return User{}, errNoIdentity
	}
	return a.verify(token)
}

// loopbackHost reports whether a Host header names localhost or a loopback
// address, with or without a port.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") || strings.EqualFold(host, "localhost.") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.Unmap().IsLoopback()
}

func (a Auth) trusted(addr netip.Addr) bool {
	for _, p := range a.TrustedProxies {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

func remoteAddr(r *http.Request) (netip.Addr, error) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, fmt.Errorf("unreadable remote address %q", r.RemoteAddr)
	}
	// A zone (fe80::1%eth0) names the interface, not the host: the
	// proxies' CIDRs have none, and Prefix.Contains is false for any.
	return addr.Unmap().WithZone(""), nil
}

// claims are what a portal's token carries: sub is the user, name is
// optional, exp is required.
type claims struct {
	Name string `json:"name,omitempty"`
	jwt.RegisteredClaims
}

// verify checks a token's signature with the key's one algorithm, and that
// it has not expired; a token without exp or sub is refused.
func (a Auth) verify(token string) (User, error) {
	var method string
	switch a.Key.(type) {
	case ed25519.PublicKey:
		method = jwt.SigningMethodEdDSA.Alg()
	case []byte:
		method = jwt.SigningMethodHS256.Alg()
	default:
		return User{}, errors.New("no usable token key")
	}
	// The hello's token is bounded by DecodeClient; the Authorization
	// header only by the HTTP server's header limit (1 MB).
	if len(token) > maxTokenLength {
		return User{}, fmt.Errorf("the token is refused: %d bytes; tokens are limited to %d", len(token), maxTokenLength)
	}
	var c claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return a.Key, nil },
		jwt.WithValidMethods([]string{method}), jwt.WithExpirationRequired(), jwt.WithIssuedAt(), jwt.WithLeeway(30*time.Second))
	if err != nil {
		return User{}, fmt.Errorf("the token is refused: %v", err)
	}
	if err := a.checkParties(c); err != nil {
		return User{}, err
	}
	if c.Subject == "" || len(c.Subject) > maxNameLength*2 {
		return User{}, errors.New("the token is refused: its sub (the user) is missing or too long")
	}
	name := c.Name
	if name == "" || len(name) > maxNameLength {
		name = c.Subject
	}
	return User{ID: c.Subject, Name: name, expires: c.ExpiresAt.Time}, nil
}

// checkParties refuses a token whose aud does not name Audience or whose
// iss is not Issuer, when the server is told to check them.
func (a Auth) checkParties(c claims) error {
	if a.Audience != "" && !slices.Contains(c.Audience, a.Audience) {
		if len(c.Audience) == 0 {
			return fmt.Errorf("the token is refused: it has no aud; this server takes tokens whose aud names %q (--jwt-audience)", a.Audience)
		}
		return fmt.Errorf("the token is refused: its aud %q does not name %q, this server's audience (--jwt-audience)", strings.Join(c.Audience, ","), a.Audience)
	}
	if a.Issuer != "" && c.Issuer != a.Issuer {
		if c.Issuer == "" {
			return fmt.Errorf("the token is refused: it has no iss; this server takes tokens issued by %q (--jwt-issuer)", a.Issuer)
		}
		return fmt.Errorf("the token is refused: its iss %q is not %q, this server's issuer (--jwt-issuer)", c.Issuer, a.Issuer)
	}
	return nil
}

// ParseKey reads --jwt-key's file: an Ed25519 public key in PEM ("BEGIN
// PUBLIC KEY"), for tokens signed EdDSA, or else an HS256 shared secret of
// at least 32 bytes (the file's bytes, a final newline dropped).
func ParseKey(data []byte) (any, error) {
	if block, _ := pem.Decode(data); block != nil {
		if block.Type != "PUBLIC KEY" {
			return nil, fmt.Errorf("the PEM block is %q; want an Ed25519 \"PUBLIC KEY\" (the portal keeps the private key)", block.Type)
		}
		pub, err := x509.ParsePKIXPublicKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("the public key: %v", err)
		}
		key, ok := pub.(ed25519.PublicKey)
		if !ok {
			return nil, fmt.Errorf("the public key is a %T; want Ed25519", pub)
		}
		return key, nil
	}
	// A public key in another form is not a secret: taken as one, anyone
	// with the key (everyone) could sign HS256 tokens with its bytes.
	text := strings.TrimSpace(string(data))
	for _, public := range []string{"-----BEGIN", "ssh-", "ecdsa-sha2-", "sk-ssh-", "{"} {
		if strings.HasPrefix(text, public) || (public == "-----BEGIN" && strings.Contains(text, public)) {
			return nil, errors.New("the file looks like a public key but not a PEM \"PUBLIC KEY\" (OpenSSH's, a JWK, or a PEM cut short): give the Ed25519 key in PEM (openssl pkey -pubout), or a random HS256 secret")
		}
	}
	secret := []byte(strings.TrimRight(string(data), "\r\n"))
	if len(secret) < 32 {
		return nil, fmt.Errorf("the HS256 secret is %d bytes; use at least 32 random bytes (or an Ed25519 public key in PEM)", len(secret))
	}
	return secret, nil
}

// ParseProxies reads --trusted-proxy's "CIDR[,CIDR…]" (a bare address is
// one address).
func ParseProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			a, aerr := netip.ParseAddr(part)
			if aerr != nil {
				return nil, fmt.Errorf("%q is not a CIDR like 10.0.0.0/8 or an address", part)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		// Remote addresses are compared unmapped: so are the proxies.
		if p.Addr().Is4In6() {
			if p.Bits() < 96 {
				return nil, fmt.Errorf("%q spans more than the IPv4-mapped range; write the IPv4 CIDR", part)
			}
			p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}
