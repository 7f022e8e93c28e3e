package analysis

import "testing"

func TestProveOctal(t *testing.T) {
	dk := dawsonKayles(1000)
	k := kayles(1000)
	tests := []struct {
		name      string
		seq       []int32
		maxRemove int
		want      Proof
	}{
		// Needed = 2*n0 + 2*p + t with the published n0 and p (see
		// TestFindPeriodPublished for the sources).
		{"Dawson's Kayles 0.07, t=2", dk, 2, Proof{Proven: true, Needed: 2*53 + 2*34 + 2, Have: 1001}},
		{"Dawson's chess 0.137, t=3", dk[1:], 3, Proof{Proven: true, Needed: 2*52 + 2*34 + 3, Have: 1000}},
		{"Kayles 0.77, t=2", k, 2, Proof{Proven: true, Needed: 2*71 + 2*12 + 2, Have: 1001}},
		// 176 values are exactly enough for 0.07; 175 are one short. FindPeriod
		// still confirms period 34 from 53 on 175 values (2*53+2*34 = 174).
		{"Dawson's Kayles, exactly enough", dk[:176], 2, Proof{Proven: true, Needed: 176, Have: 176}},
		{"Dawson's Kayles, one value short", dk[:175], 2, Proof{Needed: 176, Have: 175, Missing: 1}},
		{"Kayles, far too short", k[:100], 2, Proof{Have: 100}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ProveOctal(tt.seq, FindPeriod(tt.seq), tt.maxRemove)
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestProveOctalChecksTheWindow(t *testing.T) {
	dk := dawsonKayles(1000)
	tests := []struct {
		name string
		p    Period
		want Proof
	}{
		{"period from another sequence", found(12, 71, 1001), Proof{Needed: 2*71 + 2*12 + 2, Have: 1001}},
		{"preperiod too short", found(34, 40, 1001), Proof{Needed: 2*40 + 2*34 + 2, Have: 1001}},
		{"not found", none(1001), Proof{Have: 1001}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ProveOctal(dk, tt.p, 2); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestProveOctalPanicsOnBadRemove(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("got no panic for maxRemove 0, want one")
		}
	}()
	ProveOctal([]int32{0, 0}, found(1, 0, 2), 0)
}

// TestProveOctalPreperiodZero checks the case the plain statement gets
// wrong: 0.04 (remove two tokens from a heap, leaving two non-empty heaps)
// has g = 0, 0, 0, 0, 1, ... (g(4) = mex{g(1) XOR g(1)} = 1, by hand), so its
// first four values look periodic from 0 with period 1 but are not.
func TestProveOctalPreperiodZero(t *testing.T) {
	seq := []int32{0, 0, 0, 0}
	p := FindPeriod(seq)
	if pr := ProveOctal(seq, p, 2); pr.Proven {
		t.Errorf("0.04 on g(0..3) = 0: proven %+v, but g(4) = 1", pr)
	}
	if pr := ProveOctal(append(seq, 1), Period{Found: true, Period: 1, Preperiod: 0, LastException: -1, Checked: 5}, 2); pr.Proven {
		t.Errorf("0.04 on g(0..4): period 1 proven %+v", pr)
	}
}
