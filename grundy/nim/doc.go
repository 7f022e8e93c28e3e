// Package nim decides Nim by search rather than by Bouton's rule, so that
// the rule can be checked: Positions decides every sorted position up to a
// number of piles and a pile size into a Table (Table.CheckBouton compares
// it with the nim-sum), and Solve answers one position with its winning
// moves, by memoised search when it is small enough and by Bouton's rule
// otherwise.
//
// The engine's tricks, their reasons, costs and sources are described in
// the comments of nim.go.
package nim
