// Package report writes OUT/index.html: one self-contained page that a
// co-author opens offline in any browser to read a run without tools.
//
// The page opens with its findings (each game's period and its proof, each
// census family in a line), then for each game its rules and bounds, the
// statement of its period with its proof as the manifest's findings give it
// ("period 12 from n = 71, proven by the Guy–Smith periodicity theorem from
// 168 values", or "candidate (not proven)" with the reason), the values in
// the layout of Winning Ways (rows of the period, the exceptions in bold)
// with the periodic block and the exceptions as copyable text, the first
// values, its figures inline, and a link to every file the manifest lists
// with its rows, size and sha256; for a census folder, a sortable,
// filterable table of every code with its period and class; and last the
// run's provenance (version, build, dates, command, machine, workers, from
// OUT/manifest.json).
//
// The page loads nothing: its CSS and its script (plain JavaScript for
// sorting and filtering, no library) are inline, the figures are data: URIs
// (PNG, or SVG when the run drew no PNG; a figure drawn only as PDF is
// linked), and a Content-Security-Policy forbids any other load. Every text
// taken from the folder is escaped by html/template, so a hostile game name
// or finding shows as text.
//
// Render is a pure function of the folder: it reads the manifest with
// output.ReadManifest and the tables through lookup (each table checked
// against its sha256 in the manifest before it is read), and computes
// nothing. Write renders and puts index.html in place atomically
// (output.WriteFileAtomic), in OUT only; it refuses, as a *RefusedError, a
// folder that is not a complete run (no manifest, a run still going, failed
// or interrupted, a listed file missing or of another size) and an
// index.html that is not a regular file (a link planted there is never
// followed or replaced).
//
// What is read is bounded, so that a report of a run of 10^9 values stays
// small and quick: the first values come from a sequence table of at most
// SequenceLimit rows, the layout of Winning Ways from the period and
// exceptions tables (at most LayoutCells values shown), a census table of
// at most CensusRows rows, and figures of at most FigureLimit bytes; past
// these the page says so and links the file.
package report
