package endpoint

import "testing"

func TestInFlight(t *testing.T) {
	f := NewInFlight(2)
	// Two addresses of one IPv6 /64 are one client.
	if !f.Enter("2001:db8:1:2::1") || !f.Enter("2001:db8:1:2::2") {
		t.Fatal("the first two were refused")
	}
	if f.Enter("2001:db8:1:2::3") {
		t.Fatal("a third from the same /64 was admitted")
	}
	if !f.Enter("2001:db8:1:3::1") || !f.Enter("198.51.100.7") {
		t.Fatal("another client was refused")
	}
	f.Leave("2001:db8:1:2::1")
	if !f.Enter("2001:db8:1:2::3") {
		t.Fatal("refused after one left")
	}
}
