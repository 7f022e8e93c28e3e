package longtest

import (
	"flag"
	"testing"
)

func TestEnabled(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  bool
	}{
		{"", false},
		{"0", false},
		{"true", false},
		{"1", true},
	} {
		t.Run("value="+tc.value, func(t *testing.T) {
			t.Setenv(Var, tc.value)
			if got := Enabled(); got != tc.want {
				t.Errorf("%s=%q: Enabled() = %v, want %v", Var, tc.value, got, tc.want)
			}
		})
	}
}

func TestSkip(t *testing.T) {
	for _, tc := range []struct {
		value       string
		wantSkipped bool
	}{
		{"", true},
		{"1", false},
	} {
		t.Run("value="+tc.value, func(t *testing.T) {
			t.Setenv(Var, tc.value)
			reached := false
			t.Run("inner", func(t *testing.T) {
				Skip(t, "a long test")
				reached = true
			})
			if reached == tc.wantSkipped {
				t.Errorf("%s=%q: test body reached %v, want %v", Var, tc.value, reached, !tc.wantSkipped)
			}
		})
	}
}

// shortReporter is a testing.M stand-in whose Run reports testing.Short().
type shortReporter struct{ short bool }

func (r *shortReporter) Run() int {
	r.short = testing.Short()
	return 7
}

func TestMainSetsShort(t *testing.T) {
	was := flag.Lookup("test.short").Value.String()
	t.Cleanup(func() { flag.Set("test.short", was) })
	for _, tc := range []struct {
		value     string
		wantShort bool
	}{
		{"", true},
		{"1", false},
	} {
		flag.Set("test.short", "false")
		t.Setenv(Var, tc.value)
		var r shortReporter
		if code := run(&r); code != 7 || r.short != tc.wantShort {
			t.Errorf("%s=%q: run returned %d with testing.Short() %v, want 7 and %v", Var, tc.value, code, r.short, tc.wantShort)
		}
	}
}
