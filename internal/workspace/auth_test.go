package workspace

import (
	"crypto/x509"
	"encoding/pem"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// The proxy's header counts only from a trusted address; without it a
// token is needed; a local server serves loopback only.
func TestIdentify(t *testing.T) {
	pub, priv := edKey(t)
	edTok, _ := jwt.NewWithClaims(jwt.SigningMethodEdDSA, jwt.MapClaims{"sub": "ada", "name": "Ada L", "exp": time.Now().Add(time.Hour).Unix()}).SignedString(priv)
	hsTok := token(t, "ada", time.Hour)
	proxy := Auth{Header: "X-User", TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}}
	for _, c := range []struct {
		name         string
		auth         Auth
		remote, user string
		bearer       string
		want         string // user id, or "" for refused
	}{
		{"header from the proxy", proxy, "10.1.2.3:5000", "ada", "", "ada"},
		{"header from elsewhere", proxy, "192.0.2.1:5000", "ada", "", ""},
		{"proxy without header", proxy, "10.1.2.3:5000", "", "", ""},
		{"Ed25519 token", Auth{Key: pub}, "192.0.2.1:5000", "", edTok, "ada"},
		{"HS256 token to an Ed25519 key", Auth{Key: pub}, "192.0.2.1:5000", "", hsTok, ""},
		{"HS256 token", Auth{Key: testSecret}, "192.0.2.1:5000", "", hsTok, "ada"},
		{"header not trusted, token good", Auth{Header: "X-User", Key: testSecret}, "192.0.2.1:5000", "mallory", hsTok, "ada"},
		{"local from loopback", Auth{}, "127.0.0.1:5000", "", "", "local"},
		{"local from IPv6 loopback", Auth{}, "[::1]:5000", "", "", "local"},
		{"local from elsewhere", Auth{}, "192.0.2.1:5000", "", "", ""},
	} {
		r := httptest.NewRequest("GET", "/api/workspace/me", nil)
		r.RemoteAddr, r.Host = c.remote, "localhost:8000"
		if c.user != "" {
			r.Header.Set("X-User", c.user)
		}
		if c.bearer != "" {
			r.Header.Set("Authorization", "Bearer "+c.bearer)
		}
		u, err := c.auth.Identify(r, "")
		if u.ID != c.want || (c.want == "") != (err != nil) {
			t.Errorf("%s: got %q, %v; want %q", c.name, u.ID, err, c.want)
		}
	}
}

func TestParseKey(t *testing.T) {
	pub, _ := edKey(t)
	der, _ := x509.MarshalPKIXPublicKey(pub)
	pemKey := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})
	if k, err := ParseKey(pemKey); err != nil || k == nil {
		t.Errorf("an Ed25519 PEM: %v", err)
	}
	if k, err := ParseKey(append(append([]byte{}, testSecret...), '\n')); err != nil || string(k.([]byte)) != string(testSecret) {
		t.Errorf("a secret: %v %v", k, err)
	}
	if _, err := ParseKey([]byte("short")); err == nil {
		t.Error("a 5-byte secret was taken")
	}
	if _, err := ParseKey(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: []byte{1}})); err == nil {
		t.Error("a private key was taken as the public key")
	}
}

func TestParseProxies(t *testing.T) {
	p, err := ParseProxies("10.0.0.0/8, 192.0.2.7")
	if err != nil || len(p) != 2 || !p[1].Contains(netip.MustParseAddr("192.0.2.7")) {
		t.Errorf("got %v %v", p, err)
	}
	if _, err := ParseProxies("10.0.0.0/33"); err == nil {
		t.Error("a bad CIDR was taken")
	}
}

// With --jwt-audience and --jwt-issuer a token must name both: one for
// another service, from another issuer, or without either is refused, and
// the refusal says which claim and what this server takes.
func TestIdentifyAudienceIssuer(t *testing.T) {
	signed := func(claims jwt.MapClaims) string {
		claims["sub"], claims["exp"] = "ada", time.Now().Add(time.Hour).Unix()
		s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(testSecret)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	both := Auth{Key: testSecret, Audience: "designer", Issuer: "https://portal.example"}
	for _, c := range []struct {
		name   string
		auth   Auth
		claims jwt.MapClaims
		want   string // "" for accepted, else a part of the refusal
	}{
		{"both right", both, jwt.MapClaims{"aud": "designer", "iss": "https://portal.example"}, ""},
		{"aud among several", both, jwt.MapClaims{"aud": []string{"wiki", "designer"}, "iss": "https://portal.example"}, ""},
		{"no aud", both, jwt.MapClaims{"iss": "https://portal.example"}, `it has no aud; this server takes tokens whose aud names "designer" (--jwt-audience)`},
		{"another aud", both, jwt.MapClaims{"aud": "wiki", "iss": "https://portal.example"}, `its aud "wiki" does not name "designer"`},
		{"no iss", both, jwt.MapClaims{"aud": "designer"}, `it has no iss; this server takes tokens issued by "https://portal.example" (--jwt-issuer)`},
		{"another iss", both, jwt.MapClaims{"aud": "designer", "iss": "https://evil.example"}, `its iss "https://evil.example" is not "https://portal.example"`},
		{"not checked without the flags", Auth{Key: testSecret}, jwt.MapClaims{"aud": "wiki", "iss": "https://evil.example"}, ""},
		{"audience only", Auth{Key: testSecret, Audience: "designer"}, jwt.MapClaims{"aud": "designer"}, ""},
	} {
		r := httptest.NewRequest("GET", "/api/workspace/me", nil)
		r.RemoteAddr = "192.0.2.1:5000"
		u, err := c.auth.Identify(r, signed(c.claims))
		switch {
		case c.want == "" && (err != nil || u.ID != "ada"):
			t.Errorf("%s: refused: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %q, %v; want a refusal saying %s", c.name, u.ID, err, c.want)
		}
	}
}
