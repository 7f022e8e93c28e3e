package octal

import "testing"

// TestTailMemory checks the memory the plan counts for a fresh tail run
// against figures worked by hand from the engine's allocations (tail.go):
// the full-array prefix, heaps 0..start, is still held while newTailState
// copies the first W+1 values and the ring of 2W values out of it, so the
// peak is the prefix and the tail's buffers together, not the larger of
// them.
//
//   - Grundy's game from 2^23 to 2^23 + 300,000 (t = 0, so W =
//     (2^23 - 1)/2 = 4,194,303): the prefix, 4 bytes for each of the
//     2^23 + 1 values and 1 MiB, is 34,603,012 bytes; the buffers, 3W+1 =
//     12,582,910 values of 2 bytes and 2 MiB of marks, are 27,262,972;
//     together 61,865,984 (59.0 MiB, about 7 bytes a heap of start; the
//     larger alone, 33.0 MiB, was counted before). Measured with
//     /usr/bin/time (tabulate run, one worker): 60.7 MiB resident to
//     heap 2^23 alone, 85.1 MiB with the tail, 24.4 MiB more.
//   - 0.6 from 2^20 to 2^21 (t = 1, W = (2^20 - 2)/2 = 524,287): the
//     prefix, 7 bytes for each of 2^20 + 1 values (4 the value, 2 the
//     period check's scratch, 1 the rare heaps) and 1 MiB, is 8,388,615;
//     the buffers, 1,572,862 values of 2 bytes and 2 MiB, 5,242,876;
//     together 13,631,491.
//   - A run that ends within its prefix (start >= max) holds no tail: the
//     prefix to max alone; start 0 is the default start, 2^20.
func TestTailMemory(t *testing.T) {
	c, err := Parse("0.6")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		got, want int64
	}{
		{"Grundy's game from 2^23", GrundysGameTailMemory(1<<23, 1<<23+300000), 61865984},
		{"Grundy's game to its start", GrundysGameTailMemory(1<<23, 1<<23), 34603012},
		{"Grundy's game past max", GrundysGameTailMemory(1<<24, 1<<23), 34603012},
		{"0.6 from 2^20", TailMemory(c, 1<<20, 1<<21), 13631491},
		{"0.6 from the default start", TailMemory(c, 0, 1<<21), 13631491},
		{"0.6 to its start", TailMemory(c, 1<<20, 1<<20), 8388615},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %d bytes, want %d", tc.name, tc.got, tc.want)
		}
	}
}
