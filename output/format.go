package output

import (
	"io"
	"os"
	"slices"
	"strings"
)

// The formats a table can be written in, by the name a configuration's
// formats list gives them.
const (
	FormatParquet = "parquet"
	FormatCSV     = "csv"
	FormatBFile   = "bfile" // only for tables with a Sequence
	FormatArrow   = "arrow"
)

// TableFormat is one format a table can be written in: everything the tool
// knows of it, so that a new format is one file (its encoder and its check)
// and one entry of tableFormats.
type TableFormat struct {
	// Name is the format's name in a configuration (formats: [NAME]), in
	// --formats and in a manifest entry's "format".
	Name string
	// Ext is the file name extension, with its dot: GAME/TABLE + Ext.
	Ext string
	// Help says in a few words what the format is, for the help texts.
	Help string
	// SequenceOnly is true for a format written only for tables with a
	// Sequence (b-files); other tables are not written in it.
	SequenceOnly bool
	// encode starts the format's encoder of t on f (meta: the tabulate.*
	// metadata of the table).
	encode func(w *Writer, f io.Writer, t *Table, meta []KeyValue) (encoder, error)
	// rows reads the file in and returns its row count; it returns a
	// content error (made by bad) when the file's own record of its game
	// or table is not that of the entry f, for formats that record them.
	rows func(in *os.File, f File, bad func(format string, args ...any) error) (int64, error)
}

// tableFormats lists every table format, in the order files are written.
var tableFormats = []TableFormat{
	{Name: FormatParquet, Ext: ".parquet", Help: "Parquet with the tabulate.* metadata", encode: encodeParquet, rows: parquetRows},
	{Name: FormatCSV, Ext: ".csv", Help: "CSV with a header line", encode: encodeCSV, rows: csvRows},
	{Name: FormatBFile, Ext: ".b.txt", Help: "OEIS b-files of the sequence tables only", SequenceOnly: true, encode: encodeBFile, rows: bfileRows},
	{Name: FormatArrow, Ext: ".arrow", Help: "Arrow IPC files, Feather v2, with the tabulate.* metadata", encode: encodeArrow, rows: arrowRows},
}

// Formats lists the name of every table format, in the order files are
// written.
var Formats = formatNames()

func formatNames() []string {
	names := make([]string, len(tableFormats))
	for i, f := range tableFormats {
		names[i] = f.Name
	}
	return names
}

// TableFormats returns every table format, in the order files are written.
func TableFormats() []TableFormat { return slices.Clone(tableFormats) }

// FormatByName returns the table format called name.
func FormatByName(name string) (TableFormat, bool) {
	i := slices.IndexFunc(tableFormats, func(f TableFormat) bool { return f.Name == name })
	if i < 0 {
		return TableFormat{}, false
	}
	return tableFormats[i], true
}

// FormatsHelp says what each table format is, for a help text:
// "parquet: Parquet with ...; csv: CSV with a header line; ...".
func FormatsHelp() string {
	parts := make([]string, len(tableFormats))
	for i, f := range tableFormats {
		parts[i] = f.Name + ": " + f.Help
	}
	return strings.Join(parts, "; ")
}

// Extension returns the file name extension of a table format, or of a
// figure format (FigureFormats: the name with a dot).
func Extension(format string) string {
	if f, ok := FormatByName(format); ok {
		return f.Ext
	}
	return "." + format
}

// FigureFormats lists the image formats a figure can be drawn in (package
// plots draws them); each is also its file name extension.
var FigureFormats = []string{"png", "svg", "pdf"}

// extensions lists every extension of a file the manifest lists: the
// table formats' and the figures'.
func extensions() []string {
	var exts []string
	for _, f := range tableFormats {
		exts = append(exts, f.Ext)
	}
	for _, f := range FigureFormats {
		exts = append(exts, "."+f)
	}
	return exts
}
