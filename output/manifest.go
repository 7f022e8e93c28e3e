package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// ManifestName is the manifest's file name in the output folder.
const ManifestName = "manifest.json"

// ManifestLimit is the largest manifest read, in bytes; a folder of 100,000
// files has a manifest of about 40 MB.
const ManifestLimit = 256 << 20

// SaveInterval is the least time between two saves of a running manifest:
// files are listed in batches, so the manifest work of a run is linear in its
// files (a save after every file made it quadratic).
const SaveInterval = time.Second

// Run states recorded in a manifest.
const (
	StatusRunning     = "running"     // the run was still going when this was written
	StatusComplete    = "complete"    // every job finished
	StatusFailed      = "failed"      // a job failed; the files listed are whole
	StatusInterrupted = "interrupted" // stopped by a signal; the files listed are whole
)

// Manifest is OUT/manifest.json: every file of the folder that a run wrote,
// the configuration of each game, and each game's findings. It lists only
// files that are complete and present, at every instant (see the package
// documentation for how).
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
	// Replacing, in a running manifest only, holds the earlier entries of
	// the games being rerun: not listed in Files, because the run may
	// replace them at any moment, but kept so that the next run, should
	// this one be killed, finds and lists again those still intact.
	Replacing []File `json:"replacing,omitempty"`
	// Run is how the latest run was made (see RunInfo).
	Run *RunInfo `json:"run,omitempty"`
	// Report is OUT/index.html, the report of the files listed (its path,
	// size and sha256), once a complete command has written it (SetReport).
	// A command that may change the files unlists it when it opens the
	// folder, so the page never stays listed while it describes other
	// files.
	Report *ReportEntry `json:"report,omitempty"`
}

// ReportEntry is the manifest's entry for the report page.
type ReportEntry struct {
	Path   string `json:"path"` // relative to OUT: index.html
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// GameEntry is one game's part of the manifest.
type GameEntry struct {
	Bounds   any            `json:"bounds"`
	Findings map[string]any `json:"findings,omitempty"`
	// Run is the run that computed the game's files, with these bounds.
	Run *RunInfo `json:"run,omitempty"`
}

// ManifestError is an earlier manifest that cannot be used: not a regular
// file (a FIFO, a device, a link to one) or too large. The run is refused
// before anything is written.
type ManifestError struct {
	Path string
	Err  error
}

// Error says what the manifest is and what is expected.
func (e *ManifestError) Error() string {
	return fmt.Sprintf("earlier manifest %v; a manifest must be a regular file of at most %d MiB: move it away or choose another --out", e.Err, ManifestLimit>>20)
}

// Unwrap returns the cause.
func (e *ManifestError) Unwrap() error { return e.Err }

// CheckManifest checks the manifest of dir, if there is one, without
// changing anything: it returns a *ManifestError for a manifest that is not
// a regular file of bounded size, or that is a symbolic link (never
// followed under OUT, see OpenIn). A manifest that is merely corrupt is not
// an error here; the run sets it aside (see OpenManifest).
func CheckManifest(dir string) error {
	f, info, err := openIn(dir, ManifestName, os.O_RDONLY, 0)
	var ue *UnsafeError
	switch {
	case errors.As(err, &ue):
		return &ManifestError{Path: ue.Path, Err: err}
	case err != nil:
		return nil // absent or unreadable: handled when the run opens it
	}
	f.Close()
	if info.Size() > ManifestLimit {
		p := filepath.Join(dir, ManifestName)
		return &ManifestError{Path: p, Err: fmt.Errorf("%s %w (%d bytes)", p, ErrTooLarge, info.Size())}
	}
	return nil
}

// ReadManifest reads a manifest file. It refuses anything but a regular file
// of at most ManifestLimit bytes. The manifest of an output folder is read
// with ReadManifestIn, which also refuses a symbolic link.
func ReadManifest(path string) (*Manifest, error) {
	data, err := ReadRegular(path, ManifestLimit)
	if err != nil {
		if errors.Is(err, ErrNotRegular) || errors.Is(err, ErrTooLarge) {
			return nil, &ManifestError{Path: path, Err: err}
		}
		return nil, err
	}
	return parseManifest(path, data)
}

// ReadManifestIn reads OUT/manifest.json of the output folder dir by the
// rule of OpenIn: a symbolic link, a FIFO, a device or a file over
// ManifestLimit bytes is a *ManifestError; a missing one fs.ErrNotExist.
func ReadManifestIn(dir string) (*Manifest, error) {
	data, err := ReadIn(dir, ManifestName, ManifestLimit)
	var ue *UnsafeError
	if errors.As(err, &ue) {
		return nil, &ManifestError{Path: ue.Path, Err: err}
	}
	if err != nil {
		return nil, err
	}
	return parseManifest(filepath.Join(dir, ManifestName), data)
}

// parseManifest decodes the manifest read from path.
func parseManifest(path string, data []byte) (*Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fileError("read", path, err)
	}
	return &m, nil
}

// ManifestWriter keeps the manifest of a run. It is safe for concurrent use.
type ManifestWriter struct {
	mu  sync.Mutex
	dir string
	m   Manifest
	// replaced holds the earlier entries of the games being rerun: unlisted
	// while the run may replace them, listed again by Finish if the run did
	// not (and they are intact), removed by a complete run that no longer
	// writes them.
	replaced []File
	oldGames map[string]*GameEntry // earlier entries of the games being rerun
	rerun    []string              // the games this command computes: their folders are its own
	written  map[string]bool       // paths this run put in place
	clock    clock                 // time.Now and time.AfterFunc but in tests
	lastSave time.Time
	pending  stopper // a save scheduled for files added since lastSave
	closed   bool
	saves    int // how many times the manifest was written, for tests
	// Earlier is the manifest found in the folder when it was opened, as
	// it was (nil if there was none or it was unreadable).
	Earlier *Manifest
	// Notices holds what the user should know about the earlier manifest,
	// such as that it was unreadable and where it was set aside.
	Notices []string
}

// OpenManifest starts the manifest of a run into dir, before the run writes
// anything. From an earlier manifest in dir it keeps the files of the games
// this run does not touch that are still on disk with their checksum, and it
// unlists the files of the games in rerun, which the run may replace. It
// saves that manifest (status running) and returns an error if it cannot:
// no file may be replaced while an earlier manifest still lists it.
//
// An earlier manifest that cannot be parsed is renamed to
// manifest.json.unreadable-<time> and reported in Notices. One that is not a
// regular file is a *ManifestError.
func OpenManifest(dir, tool, version string, config any, rerun []string) (*ManifestWriter, error) {
	return openManifest(dir, tool, version, config, rerun, realClock)
}

// clock is when a ManifestWriter saves: realClock in a run, a clock that
// moves only when told in the tests of the save schedule, which then wait
// on events rather than on time (a loaded machine delays a real timer
// without bound).
type clock struct {
	now       func() time.Time
	afterFunc func(time.Duration, func()) stopper
}

// stopper is a scheduled call that can be cancelled, such as a *time.Timer.
type stopper interface{ Stop() bool }

var realClock = clock{
	now:       time.Now,
	afterFunc: func(d time.Duration, f func()) stopper { return time.AfterFunc(d, f) },
}

// openManifest is OpenManifest on the clock clk.
func openManifest(dir, tool, version string, config any, rerun []string, clk clock) (*ManifestWriter, error) {
	return openManifestSpec(dir, FolderSpec{Tool: tool, Version: version, Config: config, Rerun: rerun}, clk)
}

// openManifestSpec is OpenManifest with a FolderSpec on the clock clk;
// spec.KeepHeader keeps the earlier manifest's tool, version,
// configuration and run.
func openManifestSpec(dir string, spec FolderSpec, clk clock) (*ManifestWriter, error) {
	w := &ManifestWriter{dir: dir, clock: clk, oldGames: map[string]*GameEntry{}, written: map[string]bool{}, rerun: spec.Rerun,
		m: Manifest{Tool: spec.Tool, Version: spec.Version, Status: StatusRunning, Config: spec.Config, Games: map[string]*GameEntry{}}}
	p := filepath.Join(dir, ManifestName)
	old, err := ReadManifestIn(dir)
	var me *ManifestError
	switch {
	case errors.As(err, &me):
		return nil, err
	case errors.Is(err, fs.ErrNotExist):
		old = nil
	case err != nil:
		aside := fmt.Sprintf("%s.unreadable-%s", p, time.Now().UTC().Format("20060102T150405Z"))
		if rerr := os.Rename(p, aside); rerr != nil {
			return nil, fmt.Errorf("earlier manifest %s is unreadable (%v) and cannot be set aside: %w", p, err, rerr)
		}
		w.Notices = append(w.Notices, fmt.Sprintf("the earlier manifest was unreadable (%v); it is kept as %s and its files are no longer listed", err, aside))
		old = nil
	}
	if old != nil {
		w.Earlier = old.clone()
		if spec.KeepHeader {
			w.m.Tool, w.m.Version, w.m.Config, w.m.Run = old.Tool, old.Version, old.Config, old.Run
			w.m.Report = old.Report // the page is not rewritten, and stays as it is
		}
		w.adopt(old, spec.Rerun)
	}
	w.m.Replacing = w.replaced
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.saveLocked(); err != nil {
		return nil, err
	}
	return w, nil
}

// clone copies m deep enough that adopt's changes to the copy leave m as
// it was.
func (m *Manifest) clone() *Manifest {
	c := *m
	c.Files = slices.Clone(m.Files)
	c.Replacing = slices.Clone(m.Replacing)
	return &c
}

// WithReplacing returns a copy of m that also lists the files a killed run
// left under "replacing" (unless it had listed a newer file at the same
// path): files that were whole when that run started, each still to be
// checked against its sha256 before use (VerifyFile). A caller holding the
// folder's lock, such as tabulate plot, reads them so.
func (m *Manifest) WithReplacing() *Manifest {
	c := m.clone()
	for _, f := range m.Replacing {
		if _, listed := m.Entry(f.Path); !listed {
			c.Files = append(c.Files, f)
		}
	}
	c.Replacing = nil
	return c
}

// adopt takes from an earlier manifest what stays true: the intact files of
// games not rerun, listed at once, and those of rerun games, held back.
func (w *ManifestWriter) adopt(old *Manifest, rerun []string) {
	listed := map[string]bool{}
	for _, f := range old.Files {
		listed[f.Path] = true
	}
	// A killed run's Replacing entries, unless it had put a newer file in
	// place under the same path (then listed in its Files).
	for _, f := range old.Replacing {
		if !listed[f.Path] {
			old.Files = append(old.Files, f)
			listed[f.Path] = true
		}
	}
	for _, f := range old.Files {
		if !safeEntry(f) {
			continue // never touch, nor list, a path outside the layout
		}
		if f.Bounds == nil {
			if e := old.Games[f.Game]; e != nil {
				f.Bounds, _ = json.Marshal(e.Bounds) // manifests before per-file bounds
			}
		}
		if slices.Contains(rerun, f.Game) {
			w.replaced = append(w.replaced, f)
			continue
		}
		if w.intact(f) {
			w.m.Files = append(w.m.Files, f)
		}
	}
	for game, entry := range old.Games {
		if entry == nil {
			continue
		}
		if slices.Contains(rerun, game) {
			w.oldGames[game] = entry
			continue
		}
		if slices.ContainsFunc(w.m.Files, func(f File) bool { return f.Game == game }) {
			w.m.Games[game] = entry
		}
	}
}

// InLayout reports whether a manifest entry names a file by the known
// layout, <game>/<name>.<ext> with the entry's own game and an extension
// this package writes; tabulate merge refuses a shard whose manifest lists
// anything else.
func InLayout(f File) bool { return safeEntry(f) }

// safeEntry reports whether a manifest entry names a file by the known
// layout, <game>/<name>.<ext> inside the output folder: a clean relative
// path of two parts, the first the entry's game, with an extension this
// package writes. Anything else (../victim.txt, /etc/passwd, a/../../b) is
// ignored: never hashed, listed or removed.
func safeEntry(f File) bool {
	p := f.Path
	if p == "" || strings.Contains(p, `\`) || strings.Contains(p, ":") || path.IsAbs(p) || path.Clean(p) != p {
		return false
	}
	game, name, ok := strings.Cut(p, "/")
	if !ok || strings.Contains(name, "/") || game != f.Game || game == "" || name == "" ||
		strings.HasPrefix(game, ".") || strings.HasPrefix(name, ".") {
		return false
	}
	for _, ext := range extensions() {
		if strings.HasSuffix(name, ext) && len(name) > len(ext) {
			return true
		}
	}
	return false
}

// intact reports whether an earlier entry's file is on disk, as a regular
// file inside OUT (opened by the rule of OpenIn), with the recorded
// checksum.
func (w *ManifestWriter) intact(f File) bool {
	_, sum, err := HashIn(w.dir, f.Path)
	return err == nil && sum == f.SHA256
}

// SetBounds records the bounds a game's files are computed to, and forgets
// its findings of any earlier run.
func (w *ManifestWriter) SetBounds(game string, bounds any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.m.Games[game] = &GameEntry{Bounds: bounds, Run: w.m.Run}
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

// Add lists files the run has put in place (replacing entries with the same
// path). The manifest is saved at most once per SaveInterval; Finish saves
// the rest. After Finish, Add does nothing.
func (w *ManifestWriter) Add(files ...File) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil
	}
	for _, f := range files {
		w.written[f.Path] = true
		if i := slices.IndexFunc(w.m.Files, func(g File) bool { return g.Path == f.Path }); i >= 0 {
			w.m.Files[i] = f
		} else {
			w.m.Files = append(w.m.Files, f)
		}
	}
	if wait := SaveInterval - w.clock.now().Sub(w.lastSave); wait > 0 {
		// Saved a moment ago: save these with whatever comes next, within
		// SaveInterval, so that a long job after them does not keep them
		// unlisted.
		if w.pending == nil {
			w.pending = w.clock.afterFunc(wait, w.scheduledSave)
		}
		return nil
	}
	return w.saveLocked()
}

// scheduledSave is the save Add put off.
func (w *ManifestWriter) scheduledSave() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.pending = nil
	if w.closed {
		return
	}
	// A failed save leaves the previous manifest, which is still true;
	// Finish saves again and reports its own error.
	w.saveLocked()
}

// Finish records the run's final status and saves.
//
// After a failed or interrupted run, the earlier files of the rerun games
// that this run did not replace are listed again (each with the bounds it
// was computed with) once their checksum is confirmed, so a failed rerun
// forgets no good file. After a complete run the tables among them are
// removed instead (a format no longer asked for), by the known layout
// only, so that the folder holds what the manifest lists; a figure (a file
// of no table) is never removed by a run that did not replace it: it stays
// listed, with the bounds it was drawn with (tabulate run --plots none
// keeps the figures of the earlier run, and tabulate plot is the way to
// draw them again), if it is intact. And so is removed any other file of
// the known layout in the folder of a game a complete run computed that it
// does not list (a figure or table a killed run put in place in its last
// second, before its manifest listed it; a listed file changed on disk
// since): a complete run leaves no unlisted file in the folders it owns.
func (w *ManifestWriter) Finish(status string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil
	}
	w.closed = true
	if w.pending != nil {
		w.pending.Stop()
	}
	w.m.Status = status
	if w.m.Run != nil && w.m.Run.Finished == "" {
		w.m.Run.Finished = TimeText(time.Now())
	}
	w.m.Replacing = nil
	for _, old := range w.replaced {
		if w.written[old.Path] {
			continue
		}
		if status == StatusComplete && old.Table != "" {
			// A table it no longer writes: removed, after the save,
			// with every file of its games' folders it does not list
			// (unlisted).
			continue
		}
		if w.intact(old) {
			w.m.Files = append(w.m.Files, old)
		}
	}
	if status != StatusComplete {
		// A rerun game that put no new file in place keeps its earlier
		// entry: its bounds and findings describe the files listed.
		for game, entry := range w.oldGames {
			if !slices.ContainsFunc(w.m.Files, func(f File) bool { return f.Game == game && w.written[f.Path] }) {
				w.m.Games[game] = entry
			}
		}
	}
	if err := w.saveLocked(); err != nil {
		return err
	}
	var stale []string // files to remove after the save
	if status == StatusComplete {
		stale = w.unlisted()
	}
	for _, full := range stale {
		if err := os.Remove(full); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove superseded %s: %w", full, err)
		}
	}
	return nil
}

// unlisted returns the files of the known layout (safeEntry) in the folder
// of each game this command computed, real folders inside OUT only, that
// the manifest does not list: left by a run killed after it put them in
// place and before its manifest listed them. Temporary files (whose names
// start with a dot) are RemoveTemps's.
func (w *ManifestWriter) unlisted() []string {
	listed := map[string]bool{}
	for _, f := range w.m.Files {
		listed[f.Path] = true
	}
	var out []string
	for _, game := range w.rerun {
		if !safeEntry(File{Path: game + "/x.csv", Game: game}) || checkParents(w.dir, game+"/x") != nil {
			continue // not a plain folder name, or a link: never looked into
		}
		entries, err := os.ReadDir(filepath.Join(w.dir, game))
		if err != nil {
			continue
		}
		for _, e := range entries {
			rel := game + "/" + e.Name()
			if !e.Type().IsRegular() || listed[rel] || !safeEntry(File{Path: rel, Game: game}) {
				continue
			}
			out = append(out, filepath.Join(w.dir, game, e.Name()))
		}
	}
	return out
}

func sortFiles(files []File) {
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
}

// saveLocked writes the manifest atomically and makes the rename durable.
func (w *ManifestWriter) saveLocked() error {
	sortFiles(w.m.Files)
	data, err := json.Marshal(&w.m)
	if err == nil {
		data, err = SafeIntegers(data)
	}
	if err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	data = append(data, '\n')
	if _, _, err := WriteFileAtomic(filepath.Join(w.dir, ManifestName), data); err != nil {
		return err
	}
	syncDir(w.dir)
	w.lastSave = w.clock.now()
	w.saves++
	return nil
}

// syncDir flushes a folder's entries (the manifest's rename) to disk where
// the platform allows it; it is best effort, as Windows cannot open a folder
// for syncing.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// SetReport lists the file rel of the output folder dir (OUT/index.html)
// under "report" in its manifest, with its size and sha256 (hashed by the
// rule of HashIn), or unlists it when rel is "". The caller holds the
// folder's lock and the manifest's last save is done (a command's
// Folder.Close has run Finish, or tabulate report, which writes no table).
// Every other member of the manifest is kept byte for byte (numbers
// beyond 2^53 included). Unlist before rewriting the page, list after: the
// manifest never lists a page that is not the one on disk.
func SetReport(dir, rel string) error {
	data, err := ReadIn(dir, ManifestName, ManifestLimit)
	if err != nil {
		return err
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	v, err := parseOrdered(d)
	if err != nil {
		return fileError("read", filepath.Join(dir, ManifestName), err)
	}
	o, ok := v.(*object)
	if !ok {
		return fileError("read", filepath.Join(dir, ManifestName), errors.New("not a JSON object"))
	}
	if i := slices.Index(o.keys, "report"); i >= 0 {
		o.keys, o.vals = slices.Delete(o.keys, i, i+1), slices.Delete(o.vals, i, i+1)
	}
	if rel != "" {
		size, sum, err := HashIn(dir, rel)
		if err != nil {
			return err
		}
		o.set("report", &ReportEntry{Path: rel, Bytes: size, SHA256: sum})
	}
	var compact bytes.Buffer
	if err := writeOrdered(&compact, o); err != nil {
		return err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, compact.Bytes(), "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	if _, _, err := WriteFileAtomic(filepath.Join(dir, ManifestName), out.Bytes()); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}
