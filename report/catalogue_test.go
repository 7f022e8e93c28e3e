package report_test

// The built-in games and families, registered for the tests that name them.
import _ "github.com/tabulate-games/tabulate/games/catalogue"
