package configs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/tabulate-games/tabulate/games"
	"github.com/tabulate-games/tabulate/internal/regular"
	"github.com/tabulate-games/tabulate/internal/yamlnum"
)

// Error is a problem with a configuration: which file, line and key, the
// value found, what is wrong with it and what is allowed. Fields that do not
// apply are empty (Line is 0 for a key that the file does not set).
type Error struct {
	File    string
	Line    int
	Key     string
	Value   string
	Problem string
	Allowed string
	Err     error // the underlying error, such as the YAML parser's
}

// Error formats e as "file:line: key: value problem (allowed: ...)".
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
		}
		b.WriteString(": ")
	}
	if e.Key != "" {
		b.WriteString(e.Key + ": ")
	}
	if e.Value != "" {
		b.WriteString(e.Value + " ")
	}
	b.WriteString(e.Problem)
	if e.Allowed != "" {
		b.WriteString(" (allowed: " + e.Allowed + ")")
	}
	return b.String()
}

// Unwrap returns the underlying error, if any.
func (e *Error) Unwrap() error { return e.Err }

// FileLimit is the largest configuration file read, in bytes: far more than
// thousands of games defined by rules take, far less than memory.
const FileLimit = 16 << 20

// LoadFile reads and loads the configuration file at path. The file must be
// a regular file of at most FileLimit bytes: a FIFO, a device such as
// /dev/zero or a folder is refused at once, without reading from it.
func LoadFile(path string) (Config, error) {
	data, err := readConfig(path)
	if err != nil {
		return Config{}, err
	}
	return Load(path, data)
}

// ReadFile reads the configuration file at path as LoadFile does, without
// loading it: a FIFO, a device, a folder or a file over FileLimit is a
// *Error. tabulate run --shard records the text it read.
func ReadFile(path string) ([]byte, error) { return readConfig(path) }

// StdinName names standard input in messages, as a configuration read by
// LoadReader (--config -).
const StdinName = "standard input"

// LoadReader reads a configuration from r (standard input, for --config -),
// bounded as files are (at most FileLimit bytes, else an *Error), and loads
// it under the name name.
func LoadReader(name string, r io.Reader) (Config, error) {
	data, err := io.ReadAll(io.LimitReader(r, FileLimit+1))
	if err != nil {
		return Config{}, &Error{File: name, Problem: "cannot be read", Err: err}
	}
	if len(data) > FileLimit {
		return Config{}, &Error{File: name, Problem: fmt.Sprintf("is too large (over %d bytes)", FileLimit), Allowed: "a YAML configuration of at most 16 MiB"}
	}
	return Load(name, data)
}

// readConfig reads a configuration file, refusing what is not a regular
// file of bounded size (regular.Read, which never blocks on a FIFO).
func readConfig(path string) ([]byte, error) {
	const allowed = "a readable YAML file (a regular file of at most 16 MiB)"
	data, err := regular.Read(path, FileLimit)
	if err == nil {
		return data, nil
	}
	problem, cause := "cannot be read", err
	switch {
	case errors.Is(err, os.ErrNotExist):
		problem = "does not exist"
	case errors.Is(err, regular.ErrNotRegular):
		problem, cause = "is not a regular file", nil
		if info, serr := os.Stat(path); serr == nil {
			problem += " (it is " + regular.Kind(info.Mode()) + ")"
		}
		if info, serr := os.Stat(path); serr == nil && !info.IsDir() {
			// A pipe such as --config <(...): standard input is the way.
			return nil, &Error{File: path, Problem: "config file " + problem,
				Allowed: allowed + ", or - to read the configuration from standard input (--config - < FILE, or a pipe into it)"}
		}
	case errors.Is(err, regular.ErrTooLarge):
		problem, cause = fmt.Sprintf("is too large (over %d bytes)", FileLimit), nil
	}
	return nil, &Error{File: path, Problem: "config file " + problem, Allowed: allowed, Err: cause}
}

// Load decodes a configuration from YAML data over the defaults and
// validates it; name is the file name used in messages. Unknown keys, values
// of the wrong type and values out of range are errors.
func Load(name string, data []byte) (Config, error) {
	cfg := Defaults()
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return cfg, nil // an empty file: every key takes its default
		}
		return Config{}, &Error{File: name, Line: yamlErrorLine(err), Problem: "is not valid YAML: " + strings.TrimPrefix(err.Error(), "yaml: "), Allowed: "a YAML mapping of the keys in configs/default.yaml", Err: err}
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return Config{}, &Error{File: name, Line: extra.Line, Problem: "holds more than one YAML document", Allowed: "a single document"}
	}
	lines := map[string]int{}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) > 0 {
		root = root.Content[0]
	}
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return cfg, nil
	}
	if err := decodeNode(root, reflect.ValueOf(&cfg).Elem(), "", lines); err != nil {
		var ce *Error
		if errors.As(err, &ce) {
			ce.File = name
		}
		return Config{}, err
	}
	if _, set := lines["games"]; !set {
		cfg.Games = append(cfg.Games, cfg.CustomGames()...)
	}
	if err := cfg.Validate(); err != nil {
		var ce *Error
		if errors.As(err, &ce) {
			ce.File = name
			ce.Line = lines[ce.Key]
			if ce.Line == 0 {
				// A key the file does not set: point at its section.
				ce.Line = lines[ce.Key[:max(0, strings.LastIndex(ce.Key, "."))]]
			}
		}
		return Config{}, err
	}
	return cfg, nil
}

// yamlErrorLine digs the line number out of a YAML parser message.
func yamlErrorLine(err error) int {
	var line int
	msg := err.Error()
	if i := strings.Index(msg, "line "); i >= 0 {
		fmt.Sscanf(msg[i+len("line "):], "%d", &line)
	}
	return line
}

// decodeNode decodes node into v strictly, recording each key's line.
func decodeNode(node *yaml.Node, v reflect.Value, key string, lines map[string]int) error {
	if key != "" {
		lines[key] = node.Line
	}
	if node.Kind == yaml.AliasNode {
		node = node.Alias
	}
	if v.Kind() == reflect.Map {
		if node.Kind == yaml.ScalarNode && node.Tag == "!!null" {
			return nil
		}
		if node.Kind != yaml.MappingNode {
			return &Error{Line: node.Line, Key: key, Value: describe(node), Problem: "is not a mapping", Allowed: "game names, each with its rules"}
		}
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		if err := checkDuplicates(node, key); err != nil {
			return err
		}
		for i := 0; i+1 < len(node.Content); i += 2 {
			k, val := node.Content[i], node.Content[i+1]
			elem := reflect.New(v.Type().Elem()).Elem()
			if d, ok := elem.Addr().Interface().(interface{ setDefaults() }); ok {
				d.setDefaults()
			}
			path := key + "." + k.Value
			lines[path] = k.Line
			if err := decodeNode(val, elem, path, lines); err != nil {
				return err
			}
			v.SetMapIndex(reflect.ValueOf(k.Value), elem)
		}
		return nil
	}
	_, custom := v.Addr().Interface().(yaml.Unmarshaler) // Size and catalogue.SetSpec read themselves
	if v.Kind() == reflect.Struct && !custom {
		if node.Kind == yaml.ScalarNode && node.Tag == "!!null" {
			return nil // "squares:" with nothing under it keeps the defaults
		}
		if node.Kind != yaml.MappingNode {
			allowed := yamlKeys(v.Type())
			if key == "" {
				allowed = append(allowed, topKeys()...)
			}
			return &Error{Line: node.Line, Key: orTop(key), Value: describe(node), Problem: "is not a mapping", Allowed: "keys " + strings.Join(allowed, ", ")}
		}
		if err := checkDuplicates(node, key); err != nil {
			return err
		}
		for i := 0; i+1 < len(node.Content); i += 2 {
			k, val := node.Content[i], node.Content[i+1]
			path := k.Value
			if key != "" {
				path = key + "." + k.Value
			}
			field, ok := fieldByTag(v, k.Value)
			if cfg, top := v.Addr().Interface().(*Config); !ok && top {
				if f, family := games.FamilyByName(k.Value); family {
					// Games defined by the rules of a family (package games).
					if err := cfg.decodeMembers(f, val, path, lines); err != nil {
						return err
					}
					continue
				}
				if cfg.Sections[k.Value] != nil {
					// A registered game's section (package games).
					field, ok = reflect.ValueOf(cfg.Sections[k.Value]).Elem(), true
				}
			}
			if !ok {
				if k.Value == "" || strconv.Quote(k.Value) != `"`+k.Value+`"` {
					// An empty key or one with unprintable characters:
					// quoted so that the message shows it.
					path = strings.TrimSuffix(path, k.Value) + strconv.Quote(k.Value)
				}
				where := "at the top level"
				if key != "" {
					where = "under " + key
				}
				allowed := yamlKeys(v.Type())
				if key == "" {
					allowed = append(allowed, topKeys()...)
				}
				return &Error{Line: k.Line, Key: path, Problem: "unknown key " + where, Allowed: strings.Join(allowed, ", ")}
			}
			if err := decodeNode(val, field, path, lines); err != nil {
				return err
			}
		}
		return nil
	}
	if node.Kind == yaml.ScalarNode && node.Tag == "!!null" {
		return &Error{Line: node.Line, Key: key, Problem: "has no value", Allowed: kindText(v)}
	}
	if (v.Kind() == reflect.Int || v.Kind() == reflect.Int64) && !custom {
		n, err := wholeNumber(node)
		if err != nil {
			err.Key = key
			return err
		}
		v.SetInt(n)
		return nil
	}
	if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Int && !custom {
		list, err := WholeNumbers(node)
		if err != nil {
			err.Key = key
			return err
		}
		v.Set(reflect.ValueOf(list))
		return nil
	}
	if err := node.Decode(v.Addr().Interface()); err != nil {
		var ce *Error
		if errors.As(err, &ce) {
			if ce.Line == 0 {
				ce.Line = node.Line
			}
			ce.Key = key
			return ce
		}
		return &Error{Line: node.Line, Key: key, Value: describe(node), Problem: "is not " + kindText(v), Err: err}
	}
	return nil
}

// checkDuplicates refuses a mapping that sets a key twice: YAML parsers
// differ on which one wins, and the user meant one of them.
func checkDuplicates(node *yaml.Node, key string) error {
	seen := map[string]int{}
	for i := 0; i+1 < len(node.Content); i += 2 {
		k := node.Content[i]
		if first, ok := seen[k.Value]; ok {
			path := k.Value
			if key != "" {
				path = key + "." + k.Value
			}
			return &Error{Line: k.Line, Key: path, Problem: fmt.Sprintf("is set twice (first on line %d)", first), Allowed: "each key once"}
		}
		seen[k.Value] = k.Line
	}
	return nil
}

// wholeNumber reads a YAML scalar as a whole number, strictly. The YAML
// library reads 010 as octal 8 and truncates 1.5 to 1 when decoding into an
// int; neither is what a user writing a bound or a set means. Allowed are
// decimal digits with an optional sign and _ separators (no leading zero),
// and a float notation whose value is whole, such as 1e9 or 4.3e9.
func wholeNumber(node *yaml.Node) (int64, *Error) {
	n, err := yamlnum.Whole(node)
	if err != nil {
		return 0, &Error{Line: err.Line, Value: err.Value, Problem: err.Problem, Allowed: yamlnum.Allowed}
	}
	return n, nil
}

// WholeNumbers reads a YAML list of whole numbers strictly: decimal digits
// with an optional sign and _ separators, or a float notation whose value is
// whole (1e9), but neither 010 (which YAML reads as octal 8) nor 1.5; an
// *Error names the line of the element at fault.
func WholeNumbers(node *yaml.Node) ([]int, *Error) {
	if node.Kind == yaml.AliasNode {
		node = node.Alias
	}
	if node.Kind == yaml.ScalarNode && node.Tag == "!!null" {
		return nil, nil
	}
	if node.Kind != yaml.SequenceNode {
		return nil, &Error{Line: node.Line, Value: describe(node), Problem: "is not a list", Allowed: "a list of whole numbers such as [1, 3, 4]"}
	}
	list := make([]int, 0, len(node.Content))
	for _, el := range node.Content {
		n, err := wholeNumber(el)
		if err != nil {
			return nil, err
		}
		if int64(int(n)) != n {
			return nil, &Error{Line: el.Line, Value: describe(el), Problem: "is too large", Allowed: "a whole number that fits the machine's int"}
		}
		list = append(list, int(n))
	}
	return list, nil
}

func orTop(key string) string {
	if key == "" {
		return "(top level)"
	}
	return key
}

// describe renders a node's value for a message.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		return fmt.Sprintf("%q", n.Value)
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	}
	return "a value"
}

// kindText says what kind of value a field takes.
func kindText(v reflect.Value) string {
	switch {
	case v.Type() == reflect.TypeFor[Size]():
		return "auto or a size such as 8GiB"
	case v.Kind() == reflect.Int, v.Kind() == reflect.Int64:
		return "a whole number"
	case v.Kind() == reflect.String:
		return "a string"
	case v.Kind() == reflect.Slice:
		return "a list such as [a, b]"
	}
	return v.Type().String()
}

// fieldByTag finds the struct field whose yaml tag is name. A field
// without a yaml name (no tag, the tag "-", or unexported) is no key: the
// key "-" is unknown like any other, not a way into Config.Sections.
func fieldByTag(v reflect.Value, name string) (reflect.Value, bool) {
	t := v.Type()
	for i := range t.NumField() {
		if inlined(t.Field(i)) {
			if f, ok := fieldByTag(v.Field(i), name); ok {
				return f, true
			}
			continue
		}
		if tag, ok := yamlName(t.Field(i)); ok && tag == name {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

// inlined reports whether f is a struct whose keys are those of the
// struct holding it (yaml:",inline"), such as heapgame.Play in a game's
// section.
func inlined(f reflect.StructField) bool {
	_, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
	return f.Type.Kind() == reflect.Struct && opts == "inline"
}

// yamlKeys lists the yaml keys of a struct type.
func yamlKeys(t reflect.Type) []string {
	var keys []string
	for i := range t.NumField() {
		if inlined(t.Field(i)) {
			keys = append(keys, yamlKeys(t.Field(i).Type)...)
		} else if tag, ok := yamlName(t.Field(i)); ok {
			keys = append(keys, tag)
		}
	}
	return keys
}

// yamlName is the key of a struct field in YAML, and false for a field that
// has none: unexported, untagged, or tagged "-".
func yamlName(f reflect.StructField) (string, bool) {
	tag, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
	if !f.IsExported() || tag == "" || tag == "-" {
		return "", false
	}
	return tag, true
}
