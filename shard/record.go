package shard

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/tabulate-games/tabulate/output"
)

// RecordName is the record of a shard in its folder OUT/shards/K-of-N/: it
// is written last, once the shard's files are in place, and lists each with
// its sha256. tabulate merge trusts nothing else.
const RecordName = "shard.json"

// RecordLimit is the largest shard record read, in bytes: a shard of
// 100,000 files has a record of about 15 MB.
const RecordLimit = 64 << 20

// Record is the content of shard.json.
type Record struct {
	Tool    string `json:"tool"`
	Version string `json:"version"`
	// BinarySHA256 is the sha256 of the binary that ran the shard
	// (buildinfo.Executable): tabulate merge refuses shards of two
	// different builds, even when both say version "devel".
	BinarySHA256 string `json:"binary_sha256,omitempty"`
	Shard        string `json:"shard"` // K/N
	Index        int    `json:"index"`
	Count        int    `json:"count"`
	Status       string `json:"status"` // output.StatusComplete, StatusFailed, StatusInterrupted
	// ConfigSHA256 identifies the effective configuration (with out left
	// empty, as the nodes may mount OUT at different paths); Config is it.
	ConfigSHA256 string          `json:"config_sha256"`
	Config       json.RawMessage `json:"config"`
	// ConfigName and ConfigText are the configuration file as the shard read
	// it ("" and the built-in default when there was none), and Flags the
	// flags that overrode it: tabulate merge rebuilds the configuration from
	// them.
	ConfigName  string   `json:"config_name"`
	ConfigText  string   `json:"config_text"`
	Flags       []string `json:"flags"`
	Jobs        []string `json:"jobs"`         // game/table of the plan's jobs this shard ran
	CensusGames []string `json:"census_games"` // the census games this shard computed
	Files       []File   `json:"files"`
}

// File is one file of a shard folder.
type File struct {
	Path   string `json:"path"` // relative, with forward slashes
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// ReadRecord reads the record rel (such as "shards/0-of-2/shard.json")
// under the output folder out by the rule of every file under OUT
// (output.ReadIn): a symbolic link, a FIFO, a device or a record over
// RecordLimit is an *output.UnsafeError; a missing record says so.
func ReadRecord(out, rel string) (*Record, error) {
	p := filepath.Join(out, filepath.FromSlash(rel))
	data, err := output.ReadIn(out, rel, RecordLimit)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("no %s", p)
		}
		return nil, err
	}
	var rec Record
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, fmt.Errorf("%s is unreadable: %w", p, err)
	}
	return &rec, nil
}

// WriteRecord lists every regular file of the shard folder dir with its
// sha256 (no link followed, see output.HashIn) and writes rec as
// dir/shard.json, holding the folder's lock.
func WriteRecord(dir string, rec *Record) error {
	lock, err := output.LockDir(dir)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	rec.Files = []File{}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		base := d.Name()
		if !d.Type().IsRegular() || base == RecordName || base == output.LockName || strings.HasPrefix(base, output.TempPrefix) {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		size, sum, err := output.HashIn(dir, filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		rec.Files = append(rec.Files, File{Path: filepath.ToSlash(rel), Bytes: size, SHA256: sum})
		return nil
	})
	if err != nil {
		return fmt.Errorf("shard %s: list its files: %w", rec.Shard, err)
	}
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	_, _, err = output.WriteFileAtomic(filepath.Join(dir, RecordName), append(b, '\n'))
	return err
}
