// Package sysmem reports how much physical memory the machine has, on every
// platform the tool is built for.
//
// Total asks the operating system once per call:
//
//	linux          sysinfo(2): totalram × mem_unit
//	darwin         sysctl hw.memsize
//	freebsd        sysctl hw.physmem
//	windows        GlobalMemoryStatusEx: ullTotalPhys
//	anything else  0 (unknown)
//
// A caller treats 0 as "unknown" and falls back to a fixed budget of its own;
// Total never fails loudly, since a memory estimate is advice, not a
// requirement for a run.
package sysmem
