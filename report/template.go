package report

import (
	_ "embed"
	"html/template"
)

// pageHTML is the page's template: inline CSS and script, no external
// resource (its Content-Security-Policy forbids any).
//
//go:embed page.html
var pageHTML string

// pageTemplate renders a page; html/template escapes every value taken
// from the folder for where it lands (text, attribute, URL).
var pageTemplate = template.Must(template.New("page").Parse(pageHTML))
