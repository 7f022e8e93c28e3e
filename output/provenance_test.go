package output

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
)

func TestSafeIntegers(t *testing.T) {
	in := `{"b": 1, "a": {"count": 4611686018427387904, "small": 9007199254740992, "neg": -9007199254740993, "f": 1.5},
	"list": [4611686018427387904], "count_string": "stale", "count": 18446744073709551615}`
	out, err := SafeIntegers([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	// Read as JavaScript and jq do: every number a double.
	var doc map[string]any
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	a := doc["a"].(map[string]any)
	for key, want := range map[string]string{"count": "4611686018427387904", "neg": "-9007199254740993"} {
		got, ok := a[key+"_string"].(string)
		if !ok || got != want {
			t.Errorf("a.%s_string = %v, want %q", key, a[key+"_string"], want)
		}
		// The double loses the exact value; the string keeps it.
		f := new(big.Float).SetFloat64(a[key].(float64))
		exact, _ := new(big.Float).SetString(want)
		if key == "neg" && f.Cmp(exact) == 0 {
			t.Errorf("test premise: %s should not be exact as a double", want)
		}
	}
	if _, ok := a["small_string"]; ok {
		t.Errorf("2^53 itself is exact in a double and needs no string: %s", out)
	}
	if doc["count_string"] != "18446744073709551615" {
		t.Errorf("stale twin not replaced: %s", out)
	}
	// Member order is kept, the twin right after its number.
	s := string(out)
	if !(strings.Index(s, `"b"`) < strings.Index(s, `"a"`) && strings.Index(s, `"count": 46`) < strings.Index(s, `"count_string": "46`) &&
		strings.Index(s, `"count_string": "46`) < strings.Index(s, `"small"`)) {
		t.Errorf("order changed:\n%s", s)
	}
	again, err := SafeIntegers(out)
	if err != nil || string(again) != string(out) {
		t.Errorf("not idempotent:\n%s\n%s", out, again)
	}
	if _, err := SafeIntegers([]byte(`{"a": `)); err == nil {
		t.Error("truncated JSON accepted")
	}
}
