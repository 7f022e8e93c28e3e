package output

import (
	"slices"
	"testing"
)

// TestFormatRegistry ties every list of formats to the registry: Formats
// names tableFormats in order, each format has its own extension, which
// Extension gives, the manifest accepts a file of every table and figure
// format (InLayout) and nothing else, and FormatsHelp names each.
func TestFormatRegistry(t *testing.T) {
	if want := []string{FormatParquet, FormatCSV, FormatBFile, FormatArrow}; !slices.Equal(Formats, want) {
		t.Errorf("Formats %v, want %v (the order files are written)", Formats, want)
	}
	seen := map[string]bool{}
	help := FormatsHelp()
	for _, f := range TableFormats() {
		if f.Ext == "" || f.Ext[0] != '.' || seen[f.Ext] || f.Help == "" || f.encode == nil || f.rows == nil {
			t.Errorf("format %q: extension %q (seen %v), help %q, encoder and check set: %v %v", f.Name, f.Ext, seen[f.Ext], f.Help, f.encode != nil, f.rows != nil)
		}
		seen[f.Ext] = true
		if Extension(f.Name) != f.Ext {
			t.Errorf("Extension(%q) = %q, want %q", f.Name, Extension(f.Name), f.Ext)
		}
		if g, ok := FormatByName(f.Name); !ok || g.Name != f.Name {
			t.Errorf("FormatByName(%q) = %v, %v", f.Name, g.Name, ok)
		}
		if !InLayout(File{Path: "g/t" + f.Ext, Game: "g", Table: "t", Format: f.Name}) {
			t.Errorf("the manifest does not accept g/t%s", f.Ext)
		}
		if !containsWord(help, f.Name+":") {
			t.Errorf("FormatsHelp %q does not name %s", help, f.Name)
		}
	}
	for _, f := range FigureFormats {
		if !InLayout(File{Path: "g/fig." + f, Game: "g", Format: f}) {
			t.Errorf("the manifest does not accept the figure g/fig.%s", f)
		}
	}
	for _, p := range []string{"g/t.txt", "g/t.json", "g/t.feather", "g/t"} {
		if InLayout(File{Path: p, Game: "g"}) {
			t.Errorf("the manifest accepts %s, of no format", p)
		}
	}
	if _, ok := FormatByName("feather"); ok {
		t.Errorf("FormatByName knows a format never registered")
	}
}

func containsWord(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		if s[i:i+len(w)] == w && (i == 0 || s[i-1] == ' ') {
			return true
		}
	}
	return false
}
