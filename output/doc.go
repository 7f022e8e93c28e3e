// Package output writes tables to disk as Parquet, CSV and OEIS b-files, each
// through a temporary file that is renamed into place only when complete, and
// keeps the run's manifest so that it never lists a file that is not whole.
//
// A table is described by a Table (game, name, columns) and produced by a
// Source that streams column-oriented Batches, so a table never has to be held
// whole in memory. Writer.WriteTable feeds every batch to one encoder per
// format at once and returns one File per format with its row count, size,
// SHA-256 and bounds (see Example).
//
// # The promise and how it is kept
//
// At every instant, every file that OUT/manifest.json lists exists with the
// listed SHA-256 and row count; a run that fails or is stopped leaves every
// earlier good file either untouched and listed, or replaced by a complete
// new file and listed; nothing outside OUT is touched. Five small mechanisms
// keep it:
//
//  1. Atomic files. AtomicFile writes to .tabulate-tmp-<name>-<random> in the
//     final folder, then flushes, fsyncs, closes and renames it. rename(2)
//     replaces the old file in one step, so a reader sees the old or the new
//     file, never a mix. The manifest itself is written this way (and its
//     folder fsynced, best effort). Cost: one fsync per file.
//
//  2. One run per folder. LockDir takes an exclusive flock(2) (LockFileEx on
//     Windows) on OUT/.tabulate.lock and writes the PID in it; a second run
//     gets a *LockedError naming that PID. The kernel drops the lock when its
//     holder dies however it dies, so a killed run's lock is taken over, and
//     only the lock holder removes leftover temporary files (two runs used to
//     delete each other's). The holder removes the file as it lets go; a run
//     that locked the file just removed sees it is no longer at the path and
//     starts again.
//
//  3. Unlist before replacing. OpenManifest reads the earlier manifest and,
//     before the run writes anything, saves one (status running) that keeps
//     the files of games not rerun whose checksums still match, and moves
//     those of the rerun games out of "files" into "replacing". No file is
//     ever replaced while a manifest lists it, so a kill -9 at any moment
//     leaves a true manifest; the next run re-hashes "replacing" and lists
//     again what is intact. If that first save fails (a full disk), the run
//     stops before touching anything and the earlier manifest stays.
//
//  4. List after committing, in batches. ManifestWriter.Add lists a file
//     once it is in place and saves at most once per SaveInterval (1 s),
//     scheduling a save for what comes in between; a save after every file
//     made the work quadratic (3,000 small games took minutes). A file put in
//     place less than a second before a kill -9 may so stay unlisted: it is
//     whole, and the next run that writes it replaces it, but the manifest
//     does not know it. Finish saves the final status. After a failed or
//     interrupted run it re-hashes the earlier files of the rerun games that
//     this run did not replace and lists them again, with the bounds they
//     were computed with (File.Bounds), so a failed rerun forgets no good
//     file; a rerun game that wrote nothing keeps its earlier bounds and
//     findings. WriteTable returns the formats already renamed into place
//     when a later format fails: they are whole, and deleting them would
//     leave neither the old nor the new table. After a complete run, Finish
//     removes the earlier files that this run no longer writes (a dropped
//     format or figure).
//
//  5. The known layout only. Only an entry whose path is <game>/<name>.<ext>
//     (clean, relative, the entry's own game, an extension this package
//     writes) and whose folder and file are real, not symbolic links, is ever
//     hashed, listed or removed; "../victim.txt" or "/etc/passwd" in a
//     manifest is ignored.
//
// Stopping: the caller's context stops WriteTable between batches and while
// a commit syncs (CommitContext returns at once, and the flush and sync
// finish in the background; the file is then removed, never renamed into
// place unlisted: a failed job elsewhere once left a complete new
// nim/positions.parquet in place of the listed one, listed nowhere). Temps tracks a run's temporary files: Abandon, on a second
// signal or when a run stops, removes them all and makes any later commit
// fail instead of renaming, so a worker still busy cannot put a file in
// place after the run has saved its final manifest.
//
// Reading: ReadManifest and CheckManifest accept only a regular file of at
// most ManifestLimit bytes (never a FIFO, which would block, or /dev/zero,
// which never ends); a manifest that is not valid JSON is set aside by
// OpenManifest as manifest.json.unreadable-<time> and reported in Notices.
//
// The kill -9 loop and the disk-full reruns of cmd/tabulate check all of
// this from outside, with their own hashes and row counts.
package output
