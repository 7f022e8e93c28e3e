//go:build windows

package sysmem

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

// memoryStatusEx is Win32's MEMORYSTATUSEX (sysinfoapi.h), which
// golang.org/x/sys/windows does not declare.
type memoryStatusEx struct {
	length               uint32 // size of the struct, set by the caller
	memoryLoad           uint32
	totalPhys            uint64
	availPhys            uint64
	totalPageFile        uint64
	availPageFile        uint64
	totalVirtual         uint64
	availVirtual         uint64
	availExtendedVirtual uint64
}

var globalMemoryStatusEx = windows.NewLazySystemDLL("kernel32.dll").NewProc("GlobalMemoryStatusEx")

// Total returns the machine's physical memory in bytes, or 0 if the operating
// system does not say. On Windows it is GlobalMemoryStatusEx's ullTotalPhys.
func Total() uint64 {
	if globalMemoryStatusEx.Find() != nil {
		return 0
	}
	m := memoryStatusEx{length: uint32(unsafe.Sizeof(memoryStatusEx{}))}
	if ok, _, _ := globalMemoryStatusEx.Call(uintptr(unsafe.Pointer(&m))); ok == 0 {
		return 0
	}
	return m.totalPhys
}
