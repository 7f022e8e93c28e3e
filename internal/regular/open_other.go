//go:build !unix

package regular

// openNonblock is not needed: outside unix there are no FIFOs in the file
// system.
const openNonblock = 0
