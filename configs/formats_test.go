package configs

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/plots"
)

// TestFormatListsTied: the formats a configuration accepts are output's
// registry and plots' image formats, the same lists the manifest knows
// files by (output.FigureFormats); the built-in configuration's comment
// names every table format and every figure format; formats: [arrow] loads.
func TestFormatListsTied(t *testing.T) {
	if !slices.Equal(Formats, output.Formats) {
		t.Errorf("configs.Formats %v, output.Formats %v", Formats, output.Formats)
	}
	if !slices.Equal(PlotFormats, plots.Formats) || !slices.Equal(plots.Formats, output.FigureFormats) {
		t.Errorf("configs.PlotFormats %v, plots.Formats %v, output.FigureFormats %v", PlotFormats, plots.Formats, output.FigureFormats)
	}
	var formatsLine, plotsLine string
	for _, l := range strings.Split(string(Default), "\n") {
		switch {
		case strings.HasPrefix(l, "formats:"):
			formatsLine = l
		case strings.HasPrefix(l, "plots:"):
			plotsLine = l
		}
	}
	for _, f := range Formats {
		if !strings.Contains(formatsLine, f) {
			t.Errorf("configs/default.yaml's formats line %q does not name %s", formatsLine, f)
		}
	}
	for _, f := range PlotFormats {
		if !strings.Contains(plotsLine, f) {
			t.Errorf("configs/default.yaml's plots line %q does not name %s", plotsLine, f)
		}
	}
	cfg, err := Load("arrow.yaml", []byte("formats: [arrow]\n"))
	if err != nil || !slices.Equal(cfg.Formats, []string{"arrow"}) {
		t.Errorf("formats: [arrow]: %v, %v", cfg, err)
	}
}
