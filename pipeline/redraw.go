package pipeline

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"time"

	"golang.org/x/sync/semaphore"

	"github.com/tabulate-games/tabulate/census"
	"github.com/tabulate-games/tabulate/configs"
	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/lookup"
	"github.com/tabulate-games/tabulate/output"
	"github.com/tabulate-games/tabulate/progress"
)

// Plot draws again the figures of every game in the output folder
// cfg.Out from its tables, in the formats cfg.Plots with the settings
// cfg.Figures, without computing any value (tabulate plot OUT). Each table
// is checked against the manifest's sha256 before it is read; the figures
// replace the earlier ones and the manifest lists them. The tables, the
// findings and the rest of the manifest stay as they are. The census
// figures are drawn from the census tables (census.Redraw). Result.Skipped
// lists the figures that cannot be drawn from the tables alone.
//
// With opts.Into set (tabulate plot OUT --into DIR), the figures go to
// DIR instead, by the run-folder protocol of every command (its lock, its
// own manifest listing them with the bounds they were drawn from), and
// nothing under OUT is written: OUT's tables are read, each checked
// against OUT's manifest, so that figures of other settings can sit beside
// the run's. The caller checks that DIR is neither OUT nor inside it.
func Plot(ctx context.Context, cfg configs.Config, opts Options) (*Result, error) {
	start := time.Now()
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	// A manifest that cannot be read (or records games that cannot be
	// read) is refused before the folder is touched.
	src, err := lookup.Open(cfg.Out)
	if err == nil {
		err = src.CheckNames()
	}
	if err != nil {
		return nil, err
	}
	var folder *output.Folder
	if opts.Into == "" {
		// Then the folder (output.Folder), and the tables of the manifest
		// found in it under the lock, with the files a killed run left
		// under "replacing": each table is checked against its sha256
		// before it is read, and the new manifest lists the intact ones
		// again.
		folder, err = output.OpenFolder(cfg.Out, output.FolderSpec{KeepHeader: true, Log: opts.Log})
		if err != nil {
			return nil, err
		}
		earlier := folder.Manifest.Earlier
		if earlier == nil {
			err = fmt.Errorf("%s: no readable manifest: not the output folder of a tabulate run", cfg.Out)
		} else {
			src, err = lookup.FromManifest(cfg.Out, earlier.WithReplacing())
		}
	} else {
		into := cfg
		into.Out = opts.Into
		folder, err = output.OpenFolder(opts.Into, output.FolderSpec{Tool: "tabulate", Version: Version, Config: into, Log: opts.Log})
		if err != nil {
			return nil, err
		}
	}
	var res *Result
	if err == nil {
		res, err = redraw(ctx, cfg, opts, folder, src)
	} else {
		res = &Result{Dir: folder.Dir}
	}
	res.Status, err = folder.Close(ctx, err)
	if err != nil {
		return res, err
	}
	slices.SortFunc(res.Files, func(a, b Written) int { return cmp.Compare(a.Path, b.Path) })
	res.Elapsed = time.Since(start)
	return res, nil
}

// redraw draws the figures of every game of the tables into the folder,
// held open (cfg.Out itself, or the folder of --into).
func redraw(ctx context.Context, cfg configs.Config, opts Options, folder *output.Folder, tables *lookup.Tables) (*Result, error) {
	res := &Result{Dir: folder.Dir}
	old := tables.Manifest()
	manifest, temps := folder.Manifest, folder.Temps
	tracker := progress.New(opts.Log, opts.Progress)
	defer tracker.Stop()
	names := make([]string, 0, len(old.Games))
	for g := range old.Games {
		names = append(names, g)
	}
	slices.Sort(names)
	dst := cfg
	dst.Out = folder.Dir
	plan := &Plan{Config: dst, Workers: 1, cpus: 1}
	for _, game := range names {
		entry := old.Games[game]
		bounds, err := json.Marshal(entry.Bounds)
		if err != nil {
			return res, err
		}
		if opts.Into != "" {
			manifest.SetBounds(game, entry.Bounds)
		}
		if game == "census" {
			task := tracker.Task("census figures")
			files, skipped, err := census.Redraw(ctx, cfg.Out, old, folder.Dir, temps, cfg.Plots, census.Settings(cfg.Figures), bounds)
			task.Done()
			res.Skipped = append(res.Skipped, skipped...)
			for _, f := range files {
				res.Files = append(res.Files, Written{File: f})
			}
			if err == nil {
				err = manifest.Add(files...)
			}
			if err != nil {
				return res, fmt.Errorf("census: %w", err)
			}
			continue
		}
		run, skipped, err := games.RedrawRecorded(game, bounds, tables.Columns(game))
		res.Skipped = append(res.Skipped, skipped...)
		if err == nil && run != nil {
			task := tracker.Task(game + " figures")
			e := &env{plan: plan, game: game, bounds: entry.Bounds, task: started(task), manifest: manifest, start: time.Now(),
				cpu: semaphore.NewWeighted(1), held: 1,
				writer: &output.Writer{Dir: folder.Dir, Version: Version, Temps: temps},
				record: func(w Written) { res.Files = append(res.Files, w) },
				found:  func(Finding) {}}
			err = runRecovered(ctx, run, redrawSink{e})
			task.Done()
		}
		if err != nil {
			return res, fmt.Errorf("%s: %w", game, err)
		}
	}
	return res, nil
}

// redrawSink is a job's sink that draws figures and leaves tables and
// findings as they are.
type redrawSink struct{ *env }

// Table does not write, the table being there already, but runs the
// source: some jobs gather what their figures need (the losing positions'
// counts) as their rows stream past.
func (redrawSink) Table(ctx context.Context, t output.Table, rows int64, src output.Source) error {
	return src(ctx, func(output.Batch) error { return ctx.Err() })
}

// Finding keeps the finding the run recorded.
func (redrawSink) Finding(key string, f games.Finding) {}

// runRecovered runs a game's redraw, turning a panic on tables that pass
// every check (a case no check foresaw) into an error, so that the
// folder's manifest is closed as failed rather than left running.
func runRecovered(ctx context.Context, run func(ctx context.Context, s games.Sink) error, s games.Sink) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("drawing from the tables failed (%v): they may not be what the run wrote", r)
		}
	}()
	return run(ctx, s)
}
