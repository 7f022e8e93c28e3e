package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tabulate-games/tabulate/games/heapgame"
	"github.com/tabulate-games/tabulate/grundy/octal"
	"github.com/tabulate-games/tabulate/output"
)

const statusUsage = `Usage: tabulate status OUT [--json]

Prints what the output folder OUT of a tabulate run holds, whatever state
the run left it in (running, interrupted, complete, failed): the folder's
status, the lock file a run holds (or a killed run left), each game's state
and tables (path, rows, format), and for a game in tail mode the heap its
checkpoint reached and what the same command run again would do. With
--json the same is printed as one JSON object. It writes nothing, takes no
lock and follows no symbolic link under OUT; a missing folder, a folder
without a manifest, or a manifest or folder that is a link or not a regular
file is refused with exit status 2.

Flags:
`

// folderStatus is what tabulate status prints (its --json form).
type folderStatus struct {
	Folder string `json:"folder"`
	// Status is the manifest's: running, complete, failed or interrupted.
	Status  string `json:"status"`
	Meaning string `json:"meaning"`
	// Lock is the lock file, when present.
	Lock  *lockStatus  `json:"lock"`
	Games []gameStatus `json:"games"`
	// Command is the command line of the latest run.
	Command []string `json:"command"`
	// Resume says what running Command again would do.
	Resume string `json:"resume"`
}

// lockStatus is the lock file of a folder: the PID and command its holder
// wrote.
type lockStatus struct {
	PID    string `json:"pid"`
	Holder string `json:"holder"`
}

// gameStatus is one game of the folder.
type gameStatus struct {
	Name       string            `json:"name"`
	State      string            `json:"state"`
	Bounds     any               `json:"bounds"`
	Tables     []tableStatus     `json:"tables"`
	Checkpoint *checkpointStatus `json:"checkpoint"`
}

// tableStatus is one file of a game as the manifest lists it.
type tableStatus struct {
	Path   string `json:"path"`
	Table  string `json:"table"`
	Format string `json:"format"`
	Rows   int64  `json:"rows"`
	Bytes  int64  `json:"bytes"`
	// Replacing: an earlier run's file, kept while a rerun may replace it.
	Replacing bool `json:"replacing,omitempty"`
}

// checkpointStatus is a tail checkpoint: the heap it reached, or why it
// cannot be resumed.
type checkpointStatus struct {
	Path     string `json:"path"`
	Game     string `json:"game,omitempty"`
	Start    int64  `json:"start,omitempty"`
	Heap     int64  `json:"heap,omitempty"` // the next heap to compute
	Max      int64  `json:"max,omitempty"`
	Finished bool   `json:"finished"`
	Damaged  string `json:"damaged,omitempty"`
}

// statusMeanings explains each manifest status.
var statusMeanings = map[string]string{
	output.StatusRunning:     "a run was going when the manifest was last saved (or it was killed); the files listed are whole",
	output.StatusComplete:    "every job finished",
	output.StatusFailed:      "a job failed; the files listed are whole",
	output.StatusInterrupted: "stopped by a signal; the files listed are whole",
}

// statusCommand implements tabulate status: it reads OUT and writes
// nothing.
func statusCommand(_ context.Context, args []string, stdout, _ io.Writer) error {
	var out string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		out, args = args[0], args[1:] // tabulate status OUT --json
	}
	fs := newFlags("status")
	asJSON := fs.Bool("json", false, "print the status as one JSON object")
	if err := parseFlags(fs, args, statusUsage, "see tabulate status --help", stdout); err != nil {
		return err
	}
	if out == "" && fs.NArg() == 1 {
		out = fs.Arg(0)
	} else if out == "" || fs.NArg() > 0 {
		return &UsageError{Msg: "tabulate status takes one output folder", Hint: "tabulate status OUT [--json]"}
	}
	st, err := readStatus(out)
	if err != nil {
		return err
	}
	if *asJSON {
		b, err := json.MarshalIndent(st, "", "  ")
		if err != nil {
			return fmt.Errorf("encode the status of %s: %w", out, err)
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	printStatus(stdout, st)
	return nil
}

// readStatus reads the status of the output folder out.
func readStatus(out string) (*folderStatus, error) {
	info, err := os.Lstat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, &UsageError{Msg: fmt.Sprintf("%s does not exist: give the output folder of a tabulate run", out)}
	case err != nil:
		return nil, &UsageError{Msg: fmt.Sprintf("cannot read %s: %v", out, errors.Unwrap(err))}
	case info.Mode()&fs.ModeSymlink != 0:
		return nil, &UsageError{Msg: fmt.Sprintf("%s is a symbolic link: give the folder it leads to", out)}
	case !info.IsDir():
		return nil, &UsageError{Msg: fmt.Sprintf("%s is not a folder (it is %s): give the output folder of a tabulate run", out, output.FileKind(info.Mode()))}
	}
	m, err := output.ReadManifestIn(out)
	var me *output.ManifestError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, &UsageError{Msg: fmt.Sprintf("%s has no %s: it is not the output folder of a tabulate run", out, output.ManifestName)}
	case errors.As(err, &me):
		return nil, &UsageError{Msg: fmt.Sprintf("%s/%s cannot be read as a manifest: %v", out, output.ManifestName, errors.Unwrap(me))}
	case err != nil:
		return nil, &UsageError{Msg: fmt.Sprintf("%s/%s is not a tabulate manifest: %v", out, output.ManifestName, err)}
	}
	st := &folderStatus{Folder: out, Status: m.Status, Meaning: statusMeanings[m.Status], Games: []gameStatus{}}
	if st.Meaning == "" {
		st.Meaning = "not a status tabulate writes"
	}
	if m.Run != nil {
		st.Command = m.Run.Command
	}
	if st.Lock, err = readLock(out); err != nil {
		return nil, err
	}
	byName := map[string]*gameStatus{}
	game := func(name string) *gameStatus {
		if g := byName[name]; g != nil {
			return g
		}
		byName[name] = &gameStatus{Name: name, Tables: []tableStatus{}}
		return byName[name]
	}
	for name, e := range m.Games {
		game(name).Bounds = e.Bounds
	}
	for _, f := range m.Files {
		game(f.Game).Tables = append(game(f.Game).Tables, tableStatus{Path: f.Path, Table: f.Table, Format: f.Format, Rows: f.Rows, Bytes: f.Bytes})
	}
	for _, f := range m.Replacing {
		game(f.Game).Tables = append(game(f.Game).Tables, tableStatus{Path: f.Path, Table: f.Table, Format: f.Format, Rows: f.Rows, Bytes: f.Bytes, Replacing: true})
	}
	if err := readCheckpoints(out, game); err != nil {
		return nil, err
	}
	names := make([]string, 0, len(byName))
	for name := range byName {
		names = append(names, name)
	}
	slices.Sort(names)
	var resume []string
	for _, name := range names {
		g := byName[name]
		_, listed := m.Games[name]
		g.State, resume = gameState(g, listed, m.Status, resume)
		st.Games = append(st.Games, *g)
	}
	switch {
	case len(resume) > 0:
		st.Resume = "running the same command again resumes " + strings.Join(resume, "; ")
		if m.Status == output.StatusFailed {
			st.Resume += " (the run failed: with the same settings it may stop there again; its message said what to change)"
		}
	case m.Status == output.StatusComplete:
		st.Resume = "nothing to resume: the run is complete"
	default:
		st.Resume = "no checkpoint to resume: running the same command again recomputes what is not listed"
	}
	return st, nil
}

// gameState is what g's tables and checkpoint say of it, and resume with
// what a rerun of a stopped tail would do appended.
func gameState(g *gameStatus, listed bool, status string, resume []string) (string, []string) {
	c := g.Checkpoint
	switch {
	case c != nil && c.Damaged != "":
		return "tail checkpoint unusable (" + c.Damaged + "); a rerun refuses it: remove it to start over", resume
	case c != nil && !c.Finished:
		resume = append(resume, fmt.Sprintf("%s from heap %d (of %d)", g.Name, c.Heap, c.Max))
		verb := "stopped"
		if status == output.StatusRunning {
			verb = "running or killed"
		}
		return fmt.Sprintf("tail %s: checkpoint at heap %d of %d (start %d)", verb, c.Heap, c.Max, c.Start), resume
	case listed && c != nil:
		return fmt.Sprintf("computed to %d (tail finished, start %d)", c.Max, c.Start), resume
	case listed:
		return "computed", resume
	case len(g.Tables) > 0:
		return "being rerun: earlier tables kept", resume
	}
	return "not computed", resume
}

// readLock reads OUT/.tabulate.lock by the rule of output.OpenIn: nil when
// there is none.
func readLock(out string) (*lockStatus, error) {
	data, err := output.ReadIn(out, output.LockName, 256)
	var ue *output.UnsafeError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case errors.As(err, &ue):
		return nil, &UsageError{Msg: fmt.Sprintf("%s/%s is not a lock file tabulate writes: %v", out, output.LockName, ue.Err)}
	case err != nil:
		return nil, fmt.Errorf("read the lock file of %s: %w", out, err)
	}
	pid, holder, _ := strings.Cut(strings.TrimSpace(string(data)), " ")
	return &lockStatus{PID: pid, Holder: holder}, nil
}

// readCheckpoints records in game the tail checkpoint of every game
// folder of out, each opened by the rule of output.OpenIn. A folder or
// checkpoint that is a link or not a regular file is refused.
func readCheckpoints(out string, game func(string) *gameStatus) error {
	entries, err := os.ReadDir(out)
	if err != nil {
		return fmt.Errorf("read %s: %w", out, err)
	}
	for _, e := range entries {
		if !e.IsDir() { // a link to a folder is not one (ReadDir does not follow it)
			continue
		}
		rel := e.Name() + "/" + heapgame.TailCheckpointName
		f, err := output.OpenIn(out, rel)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		var ue *output.UnsafeError
		if errors.As(err, &ue) {
			return &UsageError{Msg: fmt.Sprintf("%s is refused: %v", ue.Path, ue.Err)}
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", rel, err)
		}
		f.Close()
		c := &checkpointStatus{Path: rel}
		info, err := octal.ReadCheckpointInfo(filepath.Join(out, filepath.FromSlash(rel)))
		if err != nil {
			c.Damaged = err.Error()
		} else {
			c.Game, c.Start, c.Heap, c.Max, c.Finished = info.Game, info.Start, info.Heap, info.Max, info.Heap > info.Max
		}
		game(e.Name()).Checkpoint = c
	}
	return nil
}

// printStatus prints st as text.
func printStatus(w io.Writer, st *folderStatus) {
	fmt.Fprintf(w, "%s: %s (%s)\n", st.Folder, st.Status, st.Meaning)
	if st.Lock != nil {
		fmt.Fprintf(w, "lock: %s, written by PID %s %s: a run holds it, or a killed run left it (the next run takes it over)\n",
			output.LockName, st.Lock.PID, st.Lock.Holder)
	}
	for _, g := range st.Games {
		fmt.Fprintf(w, "game %s: %s\n", g.Name, g.State)
		for _, t := range g.Tables {
			extra := ""
			if t.Replacing {
				extra = " (earlier run's, being replaced)"
			}
			fmt.Fprintf(w, "  %s  %d rows  %s%s\n", t.Path, t.Rows, t.Format, extra)
		}
	}
	if len(st.Command) > 0 {
		fmt.Fprintf(w, "command: %s\n", strings.Join(st.Command, " "))
	}
	fmt.Fprintf(w, "resume: %s\n", st.Resume)
}
