package longtest

import "testing"

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
