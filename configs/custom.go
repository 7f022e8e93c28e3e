package configs

import (
	"errors"
	"reflect"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/tabulate-games/tabulate/games"
)

// decodeMembers decodes the games a configuration defines by the rules of
// family f, the mapping node under the top-level key (octal: {kayles:
// {code: "0.77"}}), into c.Members: each a new member section holding the
// family's defaults, decoded strictly as every section is.
func (c *Config) decodeMembers(f games.Family, node *yaml.Node, key string, lines map[string]int) error {
	lines[key] = node.Line
	if node.Kind == yaml.AliasNode && node.Alias != nil {
		node = node.Alias
	}
	if node.Kind == yaml.ScalarNode && node.Tag == "!!null" {
		return nil
	}
	if node.Kind != yaml.MappingNode {
		return &Error{Line: node.Line, Key: key, Value: describe(node), Problem: "is not a mapping", Allowed: "game names, each with its rules"}
	}
	if err := checkDuplicates(node, key); err != nil {
		return err
	}
	if c.Members == nil {
		c.Members = map[string]map[string]games.Member{}
	}
	members := c.Members[f.Name]
	if members == nil {
		members = map[string]games.Member{}
		c.Members[f.Name] = members
	}
	for i := 0; i+1 < len(node.Content); i += 2 {
		k, val := node.Content[i], node.Content[i+1]
		m := f.Member()
		path := key + "." + k.Value
		lines[path] = k.Line
		if err := decodeNode(val, reflect.ValueOf(m).Elem(), path, lines); err != nil {
			return err
		}
		members[k.Value] = m
	}
	return nil
}

// topKeys lists the top-level keys that name a game or a family of games,
// for the message on an unknown key.
func topKeys() []string { return append(games.Names(), games.Families()...) }

// undefinedGame adds to the error of a name in games: that is no game
// where to define it: under a family's key, by its rules.
func undefinedGame(err error) error {
	var ce *Error
	if errors.As(err, &ce) && ce.Problem == "is unknown" {
		fams := games.Families()
		ce.Problem = "is neither a built-in game nor one defined by rules in this configuration"
		ce.Allowed += "; or define it under " + strings.Join(fams, ": or ") + ":, such as octal: {kayles: {code: \"0.77\"}} or subtraction: {s134: {set: [1, 3, 4]}}"
	}
	return err
}
