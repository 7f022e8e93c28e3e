package output

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// RunInfo is how a run was made: recorded in the manifest under "run" for
// the latest run, and under each game's "run" for the run that computed
// that game's files (after a partial rerun, a game not rerun keeps the
// entry of the run that made its files, bounds included).
type RunInfo struct {
	// Started and Finished are UTC times in RFC 3339 form; Finished is
	// empty while the run is going.
	Started  string `json:"started"`
	Finished string `json:"finished,omitempty"`
	// Command is the command line, program name first.
	Command []string `json:"command"`
	// Version is tabulate's version; Revision the VCS commit it was built
	// from and Modified whether the checkout had uncommitted changes (both
	// empty when the binary does not record them).
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	// Binary is the sha256 of the binary that ran (buildinfo.Executable):
	// the build's identity where Version says only "devel". Empty when
	// the binary could not be read.
	Binary string `json:"binary_sha256,omitempty"`
	// Go is the toolchain that built the binary; OS, Arch and CPUs the
	// machine it ran on (runtime.GOOS, GOARCH, NumCPU); Workers the pool.
	Go      string `json:"go"`
	OS      string `json:"os"`
	Arch    string `json:"arch"`
	CPUs    int    `json:"cpus"`
	Workers int    `json:"workers"`
}

// TimeText formats t as the manifest records times.
func TimeText(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// SetRun records how the run is made, in the manifest and for every game
// whose bounds are set after it (the games this run computes; the entries
// kept from earlier runs keep theirs). Call it before SetBounds.
func (w *ManifestWriter) SetRun(info *RunInfo) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.m.Run = info
}

// SafeIntegerLimit is 2^53, beyond which JavaScript numbers (and jq, which
// uses doubles) no longer hold every integer.
const SafeIntegerLimit = 1 << 53

// SafeIntegers rewrites the JSON document data so that every integer member
// beyond ±2^53 is readable exactly by JavaScript and jq: beside the member
// "k": 4611686018427387904 it puts "k_string": "4611686018427387904" (the
// number is kept for readers with 64-bit integers). Existing "k_string"
// members are replaced, so the rewrite is idempotent. Integers inside arrays
// are left as they are. Member order is kept; the result is indented with
// two spaces.
func SafeIntegers(data []byte) ([]byte, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	v, err := parseOrdered(d)
	if err != nil {
		return nil, err
	}
	var compact bytes.Buffer
	if err := writeOrdered(&compact, v); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, compact.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// object is a JSON object with its member order.
type object struct {
	keys []string
	vals []any
}

func parseOrdered(d *json.Decoder) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &object{}
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				v, err := parseOrdered(d)
				if err != nil {
					return nil, err
				}
				o.set(k.(string), v)
			}
			_, err := d.Token()
			return o.safe(), err
		case '[':
			var a []any
			for d.More() {
				v, err := parseOrdered(d)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := d.Token()
			return a, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	}
	return tok, nil
}

// set puts the member k, replacing one of the same key.
func (o *object) set(k string, v any) {
	for i, key := range o.keys {
		if key == k {
			o.vals[i] = v
			return
		}
	}
	o.keys, o.vals = append(o.keys, k), append(o.vals, v)
}

// safe adds the string twin of every integer member beyond 2^53.
func (o *object) safe() *object {
	out := &object{}
	twins := map[string]string{}
	for i, k := range o.keys {
		if n, ok := o.vals[i].(json.Number); ok {
			if v, err := strconv.ParseInt(string(n), 10, 64); err == nil && (v > SafeIntegerLimit || v < -SafeIntegerLimit) {
				twins[k+"_string"] = string(n)
			} else if u, err := strconv.ParseUint(string(n), 10, 64); err == nil && u > SafeIntegerLimit {
				twins[k+"_string"] = string(n)
			}
		}
	}
	for i, k := range o.keys {
		if _, ok := twins[k]; ok {
			continue // recomputed beside its number
		}
		out.keys, out.vals = append(out.keys, k), append(out.vals, o.vals[i])
		if s, ok := twins[k+"_string"]; ok {
			out.keys, out.vals = append(out.keys, k+"_string"), append(out.vals, s)
		}
	}
	return out
}

func writeOrdered(w *bytes.Buffer, v any) error {
	switch t := v.(type) {
	case *object:
		w.WriteByte('{')
		for i, k := range t.keys {
			if i > 0 {
				w.WriteByte(',')
			}
			kb, _ := json.Marshal(k)
			w.Write(kb)
			w.WriteByte(':')
			if err := writeOrdered(w, t.vals[i]); err != nil {
				return err
			}
		}
		w.WriteByte('}')
	case []any:
		w.WriteByte('[')
		for i, e := range t {
			if i > 0 {
				w.WriteByte(',')
			}
			if err := writeOrdered(w, e); err != nil {
				return err
			}
		}
		w.WriteByte(']')
	case json.Number:
		w.WriteString(string(t))
	default:
		b, err := json.Marshal(t)
		if err != nil {
			return err
		}
		w.Write(b)
	}
	return nil
}

// SetGameRun records the run that computed game's files, such as the shard
// run whose files a merge takes over.
func (w *ManifestWriter) SetGameRun(game string, info *RunInfo) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if e := w.m.Games[game]; e != nil {
		e.Run = info
	}
}
