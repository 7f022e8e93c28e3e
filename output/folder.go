package output

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

// Folder is one command's hold on an output folder: the protocol of
// tabulate run, plot, census and merge (and a shard's run), written once.
// OpenFolder, before anything is written:
//
//  1. creates OUT if needed (OUT itself may be a link the user chose);
//  2. takes the lock OUT/.tabulate.lock (LockDir: one command per folder; a
//     link, FIFO or device planted there is refused, never written through);
//  3. removes the temporary files a killed command left anywhere in OUT
//     (RemoveTemps), the same way for every command;
//  4. opens the manifest (OpenManifest): from the earlier one it lists
//     again, in its first save, every intact file of a game this command
//     does not redo, those a run killed with kill -9 had left under
//     "replacing" included, and it unlists the files of the games it
//     redoes (FolderSpec.Rerun); status running.
//
// The command then writes through Temps and lists through Manifest. Close
// records the status by one rule (interrupted when the context was
// cancelled, failed on an error, complete otherwise), removes the
// temporary files of a command that did not complete, saves the manifest
// and releases the lock.
type Folder struct {
	Dir      string
	Manifest *ManifestWriter
	Temps    *Temps
	lock     *Lock
	after    func(ctx context.Context, dir string) error
	closed   bool
	status   string
}

// FolderSpec is what a command records in the manifest of the folder it
// opens.
type FolderSpec struct {
	Tool, Version string
	Config        any      // the effective configuration
	Rerun         []string // the games whose files this command replaces
	Run           *RunInfo // how the command is run (SetRun); nil: none
	// KeepHeader keeps the earlier manifest's tool, version, configuration
	// and run instead (tabulate plot, which computes nothing).
	KeepHeader bool
	// Log receives the warnings about the earlier manifest (Notices);
	// nil: none printed.
	Log io.Writer
	// AfterComplete, when set, is called by Close with the folder once the
	// command is complete and its manifest saved so, before the lock is
	// released (tabulate run writes OUT/index.html with it). It is not
	// called for a failed or interrupted command. Its error is the
	// command's error; the manifest stays complete.
	AfterComplete func(ctx context.Context, dir string) error
}

// OpenFolder takes the output folder dir for one command (see Folder).
// Errors are those of LockDir (a *LockedError, an *UnsafeError), of
// RemoveTemps and of OpenManifest (a *ManifestError); on error nothing is
// held.
func OpenFolder(dir string, spec FolderSpec) (*Folder, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create output folder %s: %w", dir, err)
	}
	lock, err := LockDir(dir)
	if err != nil {
		return nil, err
	}
	// A command killed outright (SIGKILL, a power cut) cannot clean up
	// after itself; its temporary files go now, under the lock, so that no
	// running command's files are removed.
	if err := RemoveTemps(dir); err != nil {
		lock.Unlock()
		return nil, fmt.Errorf("remove leftover temporary files in %s: %w", dir, err)
	}
	m, err := openManifestSpec(dir, spec, realClock)
	if err != nil {
		lock.Unlock()
		return nil, err
	}
	if spec.Run != nil && !spec.KeepHeader {
		m.SetRun(spec.Run)
	}
	if spec.Log != nil {
		for _, n := range m.Notices {
			fmt.Fprintf(spec.Log, "tabulate: warning: %s\n", n)
		}
	}
	return &Folder{Dir: dir, Manifest: m, Temps: &Temps{}, lock: lock, after: spec.AfterComplete}, nil
}

// Status returns the status a command that ends with err under ctx records:
// StatusInterrupted when ctx is done, StatusFailed on an error,
// StatusComplete otherwise.
func Status(ctx context.Context, err error) string {
	switch {
	case ctx.Err() != nil:
		return StatusInterrupted
	case err != nil:
		return StatusFailed
	}
	return StatusComplete
}

// Close ends the command's hold on the folder: it records Status(ctx, err)
// in the manifest, removes every temporary file of a command that did not
// complete (and refuses later commits, so a worker still running can put
// nothing in place), saves the manifest and releases the lock. It returns
// the status and the command's error: ctx.Err() when interrupted, err
// otherwise, or the manifest's error if saving it failed, or that of
// FolderSpec.AfterComplete. A second call
// returns the first status and err.
func (f *Folder) Close(ctx context.Context, err error) (string, error) {
	if f.closed {
		return f.status, err
	}
	f.closed = true
	f.status = Status(ctx, err)
	if f.status == StatusInterrupted && (err == nil || !errors.Is(err, ctx.Err())) {
		err = ctx.Err() // else err says more of the stop (where a tail got to)
	}
	if f.status != StatusComplete {
		f.Temps.Abandon()
	}
	if ferr := f.Manifest.Finish(f.status); ferr != nil {
		if err == nil {
			err = ferr
		} else {
			err = fmt.Errorf("%w; and saving the manifest: %v", err, ferr)
		}
	}
	if err == nil && f.status == StatusComplete && f.after != nil {
		err = f.after(ctx, f.Dir)
	}
	if uerr := f.lock.Unlock(); uerr != nil && err == nil {
		err = fmt.Errorf("release the lock of %s: %w", f.Dir, uerr)
	}
	return f.status, err
}
