package serialshare

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Spec reads a measure's $env, "A1,...,Ak[,W]" with k = args (usage names
// them, as "code,n[,W]"), and returns the k fields and W (default 16, at
// least 2); the test is skipped without it. It then runs the rest of the
// test under GOMAXPROCS = 1 on the thread it locks, the clock being that
// thread's CPU time (Thread); both are restored at the test's end.
func Spec(t testing.TB, env, usage string, args int) (fields []string, w int) {
	t.Helper()
	spec := os.Getenv(env)
	if spec == "" {
		t.Skipf("set %s=%s to measure the in-order share", env, usage)
	}
	f := strings.Split(spec, ",")
	if len(f) < args || len(f) > args+1 {
		t.Fatalf("%s=%q: want %s", env, spec, usage)
	}
	w = 16
	if len(f) == args+1 {
		var err error
		if w, err = strconv.Atoi(f[args]); err != nil || w < 2 {
			t.Fatalf("%s=%q: W must be an integer >= 2", env, spec)
		}
	}
	old := runtime.GOMAXPROCS(1)
	runtime.LockOSThread()
	t.Cleanup(func() {
		runtime.UnlockOSThread()
		runtime.GOMAXPROCS(old)
	})
	return f[:args], w
}
