// Package analysis finds structure in computed game tables: eventual
// periodicity of a Grundy sequence (FindPeriod), a proof that the periodicity
// lasts for ever for octal games (ProveOctal, the Guy–Smith periodicity
// theorem; ProveSubtraction for finite subtraction sets), periods that the
// values show but do not yet confirm (ObservePeriod), arithmetic periodicity
// g(n+p) = g(n) + s (FindArithmetic), a one-line verdict a paper can quote
// with proven or not said outright (Study, Report), the repeating block and
// every exception in the OEIS sense (Block, Exceptions, ExceptionsSeq),
// power-law growth of counts such as the number of take-a-square losing
// positions (CountCurve, FitPowerLaw), and where each new largest Grundy
// value first appears (Records).
//
// It works on plain slices and knows nothing about how they were computed, so
// the same functions serve every game.
//
// For example, the Grundy values of Kayles (octal game 0.77) for heap sizes
// 0, 1, 2, ... begin
//
//	0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 ...
//
// and, computed up to n = 1000, FindPeriod reports period 12 with preperiod 71
// (the last n where g(n+12) != g(n) is n = 70). A move in Kayles removes at
// most t = 2 pins, so the periodicity theorem needs the values up to
// 2*71 + 2*12 + 2 - 1 = 167, which are known: ProveOctal reports the period
// proven, and g(n) = g(n mod 12 + 72) for every n >= 71.
//
// Periods are only claimed with enough evidence: see FindPeriod for the rule.
package analysis
