// Package registertest holds the test that a game registered from outside
// package games, after every other package has initialized, is a game like
// the built-in ones: accepted in a configuration, run by the pipeline,
// solved, answered from its tables and its figures drawn again. It has no
// code of its own.
package registertest
