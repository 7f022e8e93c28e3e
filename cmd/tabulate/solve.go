package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tabulate-games/tabulate/grundy"
)

const solveUsage = `Usage:
  tabulate solve squares N        take-a-square pile of N stones (0 <= N <= %d)
  tabulate solve flip BOARD       Flip Game II board of '+' and '-', any length
  tabulate solve caniwin M T      Can I Win with pool 1..M (1 <= M <= %d), target total T >= 0
  tabulate solve nim PILE...      Nim position, one or more pile sizes >= 0

Prints the Grundy value or outcome and every winning move.
A board may start with '-': everything after the game name is an argument.
`

// solveCommand implements tabulate solve.
func solveCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	usage := fmt.Sprintf(solveUsage, grundy.SquaresSolveMax, grundy.CanIWinMaxChoosable)
	hint := "see tabulate solve --help"
	if len(args) == 0 {
		return &UsageError{Msg: "solve needs a game and a position", Hint: hint}
	}
	game, rest := args[0], args[1:]
	switch game {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return nil
	case "squares":
		if len(rest) != 1 {
			return &UsageError{Msg: "solve squares takes one number N", Hint: hint}
		}
		n, err := parseInt("N", rest[0], 0, grundy.SquaresSolveMax)
		if err != nil {
			return err
		}
		return solveSquares(ctx, stdout, n)
	case "flip":
		if len(rest) != 1 {
			return &UsageError{Msg: "solve flip takes one board, such as ++-++ (quote it in the shell if needed)", Hint: hint}
		}
		return solveFlip(stdout, rest[0])
	case "caniwin":
		if len(rest) != 2 {
			return &UsageError{Msg: "solve caniwin takes two numbers, M and T", Hint: hint}
		}
		m, err := parseInt("M", rest[0], 1, grundy.CanIWinMaxChoosable)
		if err != nil {
			return err
		}
		t, err := parseInt("T", rest[1], 0, 1<<31-1)
		if err != nil {
			return err
		}
		return solveCanIWin(ctx, stdout, int(m), int(t))
	case "nim":
		if len(rest) == 0 {
			return &UsageError{Msg: "solve nim takes one or more pile sizes", Hint: hint}
		}
		piles := make([]int, len(rest))
		for i, a := range rest {
			p, err := parseInt(fmt.Sprintf("pile %d", i+1), a, 0, 1<<31-1)
			if err != nil {
				return err
			}
			piles[i] = int(p)
		}
		return solveNim(stdout, piles)
	}
	return &UsageError{Msg: fmt.Sprintf("unknown game %q", game), Hint: "games: squares, flip, caniwin, nim; " + hint}
}

// parseInt reads a whole number in [lo, hi], naming the argument on error.
func parseInt(name, s string, lo, hi int64) (int64, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, &UsageError{Msg: fmt.Sprintf("%s = %s is too large (allowed: %d to %d)", name, s, lo, hi)}
		}
		return 0, &UsageError{Msg: fmt.Sprintf("%s = %q is not a whole number (allowed: %d to %d)", name, s, lo, hi)}
	}
	if v < lo || v > hi {
		return 0, &UsageError{Msg: fmt.Sprintf("%s = %d is out of range (allowed: %d to %d)", name, v, lo, hi)}
	}
	return v, nil
}

func outcomeText(win bool) string {
	if win {
		return "the player to move wins"
	}
	return "the player to move loses"
}

func solveSquares(ctx context.Context, w io.Writer, n int64) error {
	a, err := grundy.SolveSquares(ctx, n, 0)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "take-a-square, n = %d\n", n)
	if a.Grundy >= 0 {
		fmt.Fprintf(w, "grundy value: %d\n", a.Grundy)
	} else {
		fmt.Fprintf(w, "grundy value: not computed (n > %d needs the whole Grundy table; run tabulate run with squares.grundy_max)\n", grundy.SquaresSolveGrundyMax)
	}
	fmt.Fprintf(w, "outcome: %s\n", outcomeText(a.Win))
	var moves []string
	for _, m := range a.WinningMoves {
		moves = append(moves, fmt.Sprintf("remove %d (leaves %d)", m, n-m))
	}
	fmt.Fprintf(w, "winning moves: %s\n", listOrNone(moves))
	return nil
}

func solveFlip(w io.Writer, board string) error {
	a, err := grundy.SolveFlip(board)
	if err != nil {
		var be *grundy.BoardError
		if errors.As(err, &be) {
			return &UsageError{Msg: be.Error(), Hint: "a board holds only '+' and '-'"}
		}
		return err
	}
	fmt.Fprintf(w, "flip game, board of length %d\n", len(board))
	fmt.Fprintf(w, "grundy value: %d\n", a.Grundy)
	fmt.Fprintf(w, "outcome: %s\n", outcomeText(a.Win))
	var moves []string
	for _, i := range a.WinningMoves {
		moves = append(moves, strconv.Itoa(i))
	}
	fmt.Fprintf(w, "winning moves (index i: board[i:i+2] \"++\" -> \"--\"): %s\n", listOrNone(moves))
	return nil
}

func solveCanIWin(ctx context.Context, w io.Writer, m, t int) error {
	fmt.Fprintf(w, "can i win, pool 1..%d, target total %d\n", m, t)
	sum := m * (m + 1) / 2
	if t > sum {
		fmt.Fprintf(w, "outcome: unreachable (1+...+%d = %d < %d)\nfirst player wins: false\nwinning moves: none\n", m, sum, t)
		return nil
	}
	table, err := grundy.SolveCanIWin(ctx, m, t, 0, nil)
	if err != nil {
		return err
	}
	o := table.Outcome(m, t)
	fmt.Fprintf(w, "outcome: %s\nfirst player wins: %v\n", o, o.FirstPlayerWins())
	var moves []string
	for _, x := range table.WinningMoves(m, t) {
		moves = append(moves, strconv.Itoa(int(x)))
	}
	fmt.Fprintf(w, "winning moves (first picks): %s\n", listOrNone(moves))
	return nil
}

func solveNim(w io.Writer, piles []int) error {
	a, err := grundy.SolveNim(piles)
	if err != nil {
		return &UsageError{Msg: err.Error()}
	}
	fmt.Fprintf(w, "nim, piles %v\n", piles)
	fmt.Fprintf(w, "nim-sum: %d\n", a.NimSum)
	fmt.Fprintf(w, "outcome: %s\n", outcomeText(a.Win))
	var moves []string
	for _, m := range a.WinningMoves {
		moves = append(moves, fmt.Sprintf("pile %d: %d -> %d", m.Pile+1, piles[m.Pile], m.NewSize))
	}
	fmt.Fprintf(w, "winning moves: %s\n", listOrNone(moves))
	return nil
}

func listOrNone(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ", ")
}
