package uri

import (
	"errors"
	"testing"
)

func TestPortNumber(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"http://h:80/", 80},
		{"//h:0", 0},
		{"//h:65535", 65535},
		{"//h:0080", 80},
		{"//[::1]:8080", 8080},
		{"//u:1@h:2", 2},
		{"//h:" + "0000000000000000000000443", 443},
	} {
		got, err := MustParseReference(tc.in).PortNumber()
		if err != nil || got != tc.want {
			t.Errorf("PortNumber of %q = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
}

func TestPortNumberNoPort(t *testing.T) {
	for _, in := range []string{"http://h/", "//h:", "s:80", "", "//[::1]"} {
		if _, err := MustParseReference(in).PortNumber(); err != ErrNoPort {
			t.Errorf("PortNumber of %q: %v, want ErrNoPort", in, err)
		}
	}
}

func TestPortNumberRange(t *testing.T) {
	for _, port := range []string{"65536", "99999", "4294967296", "18446744073709551617", "123456789012345678901234567890"} {
		u, err := ParseReference("//h:" + port + "/") // any number of digits is valid (§3.2.3)
		if err != nil {
			t.Fatalf("port %s: %v", port, err)
		}
		_, err = u.PortNumber()
		var re *PortRangeError
		if !errors.As(err, &re) || re.Port != port {
			t.Errorf("PortNumber of port %s: %v, want a *PortRangeError", port, err)
			continue
		}
		if want := "uri: port " + port + " is out of range 0-65535"; err.Error() != want {
			t.Errorf("message %q, want %q", err, want)
		}
	}
}

// TestPortNumberNines: port = *DIGIT (§3.2.3), and "9" is a digit like the
// others.
func TestPortNumberNines(t *testing.T) {
	for in, want := range map[string]int{"//h:9": 9, "//h:99": 99, "//h:0099": 99, "//h:65529": 65529, "//h:19/x": 19} {
		got, err := MustParseReference(in).PortNumber()
		if err != nil || got != want {
			t.Errorf("PortNumber of %q = %d, %v; want %d", in, got, err, want)
		}
	}
}
