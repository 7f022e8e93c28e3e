// Package configs holds tabulate's run configurations: the YAML files of this
// folder (default.yaml is embedded in the binary) and the Config type they
// decode into.
//
// A configuration names the output folder and formats, the games to run and
// each game's bounds, and the size, font size, titles and resolution of its
// figures (figures:, see Figures); every key is optional and takes its default when
// missing. Loading is strict: an unknown key, a value of the wrong type or out
// of its allowed range is an *Error naming the file, line, key and value and
// what is allowed, for example
//
//	small.yaml:4: squares.grundy_max: -5 is out of range (allowed: 1 to 1000000000)
package configs
