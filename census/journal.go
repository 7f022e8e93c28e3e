package census

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/output"
)

// journalVersion changes when the meaning of a record changes, so that old
// journals are not reused.
const journalVersion = 5 // 5: arithmetic periods carry their proof (Arithmetic.Proven); 4: the sparse space is the engine's (octal.Stats); 3: records say which game's run computed them (ComputedAs)

// journal is one family's folder of finished games, one file per game:
// OUT/.census/<family>-<key>/<game>.json, where key is a hash of the
// family's configuration. A file is written to a temporary name, synced and
// renamed (output.WriteFileAtomic), so it is whole or absent; it also holds
// the SHA-256 of its record, and a file that fails the check is treated as
// absent (the game is computed again).
type journal struct {
	dir string
	key string // the SHA-256 of the configuration, hex; every record holds it
}

// journalFile is the content of one journal file.
type journalFile struct {
	Record *Record `json:"record"`
	SHA256 string  `json:"sha256"` // of the JSON of Record
	// Config is the SHA-256 of the configuration the record was computed
	// under (the journal's key, whole). The folder's name holds its first
	// 16 hex digits; a record copied into the journal of another
	// configuration (by hand, or a shard's journal merged into the wrong
	// folder) says which it belongs to and is not reused: records
	// computed to 8,192 values once gave the table of a census to 16,384.
	Config string `json:"config"`
}

// openJournal returns the journal of a family for the given
// configuration, its folder (OUT/.census/FAMILY-KEY) made by the run's
// Sink (games.StateFolder: the pipeline's, under the run's folder).
func openJournal(sf games.StateFolder, family string, config any) (*journal, error) {
	b, rel, key, err := journalOf(family, config)
	if err != nil {
		return nil, err
	}
	dir, err := sf.StateFolder(rel)
	if err != nil {
		return nil, fmt.Errorf("census: create journal: %w", err)
	}
	if err := output.RemoveTemps(dir); err != nil {
		return nil, fmt.Errorf("census: clean journal %s: %w", dir, err)
	}
	// The configuration beside the records, for a reader of the folder.
	if _, err := os.Stat(filepath.Join(dir, "config.json")); errors.Is(err, fs.ErrNotExist) {
		if _, _, err := output.WriteFileAtomic(filepath.Join(dir, "config.json"), append(b, '\n')); err != nil {
			return nil, fmt.Errorf("census: journal %s: %w", dir, err)
		}
	}
	return &journal{dir: dir, key: key}, nil
}

// journalOf returns the configuration record of a family's journal (its
// config.json), the journal's folder relative to OUT and its key (the
// SHA-256 of the record, hex).
func journalOf(family string, config any) (record []byte, rel, key string, err error) {
	b, err := json.Marshal(struct {
		Version int `json:"version"`
		Family  string
		Config  any
	}{journalVersion, family, config})
	if err != nil {
		return nil, "", "", err
	}
	sum := sha256.Sum256(b)
	key = hex.EncodeToString(sum[:])
	return b, ".census/" + family + "-" + key[:16], key, nil
}

func (j *journal) path(g Game) string { return filepath.Join(j.dir, g.fileKey()+".json") }

// recordLimit is the largest journal record read, in bytes: a record is a
// few hundred bytes, so a file of 16 MiB is anything but one.
const recordLimit = 16 << 20

// load returns the record of g, or nil if the journal has no whole record
// of it (or one that read refuses).
func (j *journal) load(g Game) *Record {
	r, _ := j.read(g)
	return r
}

// read returns the record of g, or nil if the journal has no whole record
// of it (or one of another configuration). The file is read by the rule of every file under OUT
// (output.ReadIn): a symbolic link, a FIFO, a device or an oversize file
// in the journal is an error naming it (*output.UnsafeError), never
// followed, waited on or read without end.
func (j *journal) read(g Game) (*Record, error) {
	data, err := output.ReadIn(j.dir, g.fileKey()+".json", recordLimit)
	var ue *output.UnsafeError
	if errors.As(err, &ue) {
		return nil, fmt.Errorf("census: journal record: %w", err)
	}
	if err != nil {
		return nil, nil
	}
	var f journalFile
	if err := json.Unmarshal(data, &f); err != nil || f.Record == nil || f.Record.Game != g.Name() || f.Config != j.key {
		return nil, nil
	}
	b, err := json.Marshal(f.Record)
	if err != nil {
		return nil, nil
	}
	if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != f.SHA256 {
		return nil, nil
	}
	return f.Record, nil
}

// done reports whether g has a whole record.
func (j *journal) done(g Game) bool { return j.load(g) != nil }

// commit writes the record of g atomically.
func (j *journal) commit(g Game, r *Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(b)
	data, err := json.Marshal(journalFile{Record: r, SHA256: hex.EncodeToString(sum[:]), Config: j.key})
	if err != nil {
		return err
	}
	if _, _, err := output.WriteFileAtomic(j.path(g), data); err != nil {
		return fmt.Errorf("census: journal %s: %w", g.Name(), err)
	}
	return nil
}
