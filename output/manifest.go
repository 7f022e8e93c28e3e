package output

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// ManifestName is the manifest's file name in the output folder.
const ManifestName = "manifest.json"

// Run states recorded in a manifest.
const (
	StatusRunning     = "running"     // the run was still going when this was written
	StatusComplete    = "complete"    // every job finished
	StatusFailed      = "failed"      // a job failed; the files listed are whole
	StatusInterrupted = "interrupted" // stopped by a signal; the files listed are whole
)

// Manifest is OUT/manifest.json: every file of the folder that a run wrote,
// the configuration of each game, and each game's findings. It lists only
// files that are complete and present.
type Manifest struct {
	Tool    string `json:"tool"`
	Version string `json:"version"`
	Status  string `json:"status"`
	// Config is the effective configuration of the latest run.
	Config any `json:"config"`
	// Games holds, per game, the bounds its files were computed to and what
	// was found. A game not run by the latest run keeps its earlier entry as
	// long as its files are unchanged on disk.
	Games map[string]*GameEntry `json:"games"`
	Files []File                `json:"files"`
}

// GameEntry is one game's part of the manifest.
type GameEntry struct {
	Bounds   any            `json:"bounds"`
	Findings map[string]any `json:"findings,omitempty"`
}

// ManifestWriter keeps a manifest and rewrites it atomically as files are
// added, so that at any moment the manifest on disk lists only whole files.
// It is safe for concurrent use.
type ManifestWriter struct {
	mu  sync.Mutex
	dir string
	m   Manifest
	// superseded lists files of the games being rerun, as the earlier
	// manifest had them; those the run does not write again are removed when
	// it completes.
	superseded []File
}

// NewManifestWriter starts the manifest of a run into dir. Entries of an
// earlier manifest in dir are kept for games this run does not touch, when
// their files are still on disk with the recorded checksum; everything of the
// games in rerun is dropped, to be replaced as the run writes.
func NewManifestWriter(dir, tool, version string, config any, rerun []string) *ManifestWriter {
	w := &ManifestWriter{dir: dir, m: Manifest{
		Tool: tool, Version: version, Status: StatusRunning, Config: config,
		Games: map[string]*GameEntry{},
	}}
	old, err := ReadManifest(filepath.Join(dir, ManifestName))
	if err != nil {
		return w
	}
	for _, f := range old.Files {
		if slices.Contains(rerun, f.Game) {
			w.superseded = append(w.superseded, f)
		}
	}
	for game, entry := range old.Games {
		if slices.Contains(rerun, game) {
			continue
		}
		var files []File
		intact := true
		for _, f := range old.Files {
			if f.Game != game {
				continue
			}
			_, sum, err := FileSHA256(filepath.Join(dir, filepath.FromSlash(f.Path)))
			if err != nil || sum != f.SHA256 {
				intact = false
				break
			}
			files = append(files, f)
		}
		if intact && entry != nil {
			w.m.Games[game] = entry
			w.m.Files = append(w.m.Files, files...)
		}
	}
	return w
}

// ReadManifest reads a manifest file.
func ReadManifest(path string) (*Manifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return &m, nil
}

// SetBounds records the bounds a game's files are computed to, and forgets
// its findings of any earlier run.
func (w *ManifestWriter) SetBounds(game string, bounds any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.m.Games[game] = &GameEntry{Bounds: bounds}
}

// SetFinding records one finding of a game under key.
func (w *ManifestWriter) SetFinding(game, key string, value any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	e := w.m.Games[game]
	if e == nil {
		e = &GameEntry{}
		w.m.Games[game] = e
	}
	if e.Findings == nil {
		e.Findings = map[string]any{}
	}
	e.Findings[key] = value
}

// Findings returns a copy of the findings recorded for game.
func (w *ManifestWriter) Findings(game string) map[string]any {
	w.mu.Lock()
	defer w.mu.Unlock()
	e := w.m.Games[game]
	if e == nil {
		return nil
	}
	out := make(map[string]any, len(e.Findings))
	for k, v := range e.Findings {
		out[k] = v
	}
	return out
}

// Add records files (replacing entries with the same path) and saves.
func (w *ManifestWriter) Add(files ...File) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, f := range files {
		w.m.Files = slices.DeleteFunc(w.m.Files, func(g File) bool { return g.Path == f.Path })
		w.m.Files = append(w.m.Files, f)
	}
	return w.saveLocked()
}

// Finish records the run's final status and saves. When the run is
// complete, files of the rerun games that an earlier run wrote and this one
// did not (a format or figure no longer asked for) are removed, so that the
// folder holds what the manifest lists; after a failure they are left alone.
func (w *ManifestWriter) Finish(status string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.m.Status = status
	if err := w.saveLocked(); err != nil {
		return err
	}
	if status != StatusComplete {
		return nil
	}
	for _, old := range w.superseded {
		if slices.ContainsFunc(w.m.Files, func(f File) bool { return f.Path == old.Path }) {
			continue
		}
		path := filepath.Join(w.dir, filepath.FromSlash(old.Path))
		if _, sum, err := FileSHA256(path); err == nil && sum == old.SHA256 {
			if err := os.Remove(path); err != nil {
				return fmt.Errorf("remove superseded %s: %w", path, err)
			}
		}
	}
	return nil
}

func sortFiles(files []File) {
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
}

func (w *ManifestWriter) saveLocked() error {
	sortFiles(w.m.Files)
	data, err := json.MarshalIndent(&w.m, "", "  ")
	if err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	data = append(data, '\n')
	if _, _, err := WriteFileAtomic(filepath.Join(w.dir, ManifestName), data); err != nil {
		return err
	}
	return nil
}
