package sysmem

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestTotalLinux compares Total with MemTotal in /proc/meminfo, which the
// kernel fills from the same counter as sysinfo(2) (proc(5)) but which is read
// here as text, sharing no code with Total.
func TestTotalLinux(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc/meminfo is Linux's")
	}
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var want uint64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == "MemTotal:" && fields[2] == "kB" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			want = kb * 1024
		}
	}
	if want == 0 {
		t.Skip("no MemTotal line in /proc/meminfo")
	}
	if got := Total(); got != want {
		t.Errorf("Total() = %d bytes, /proc/meminfo MemTotal = %d bytes", got, want)
	}
}

// TestTotalKnown checks that every platform with a detector reports
// something plausible: at least 64 MiB, and no more than 2^50 bytes.
func TestTotalKnown(t *testing.T) {
	switch runtime.GOOS {
	case "linux", "darwin", "freebsd", "windows":
	default:
		if got := Total(); got != 0 {
			t.Errorf("Total() = %d on %s, which has no detector; want 0", got, runtime.GOOS)
		}
		return
	}
	if got := Total(); got < 64<<20 || got > 1<<50 {
		t.Errorf("Total() = %d bytes on %s, not a plausible amount of RAM", got, runtime.GOOS)
	}
}

// TestFormat checks the units against byte counts written out by hand.
func TestFormat(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 300 << 20: "300.0 MiB", 3 << 29: "1.5 GiB", 1 << 62: "4.0 EiB"} {
		if got := Format(n); got != want {
			t.Errorf("Format(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestAutoLimit: the automatic limit is AutoShare of the memory Total
// reports (within a byte), or 4 GiB where Total knows none, and says so.
func TestAutoLimit(t *testing.T) {
	l, why := AutoLimit()
	phys := Total()
	switch {
	case phys == 0:
		if l != 4<<30 || why != "auto: RAM unknown, 4 GiB" {
			t.Errorf("RAM unknown: %d, %q", l, why)
		}
	case float64(l) < 0.6*float64(phys)-1 || float64(l) > 0.6*float64(phys)+1 || !strings.HasPrefix(why, "auto: 60% of "):
		t.Errorf("RAM %d: limit %d, %q; want 60%% of it", phys, l, why)
	}
}
