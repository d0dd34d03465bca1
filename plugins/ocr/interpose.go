package ocr

// The executable defines a few functions that the shared libraries it
// links also export (omp.c for libgomp's, pixmem.c for Leptonica's
// pixWriteMem): the dynamic linker looks in the executable first, so
// libtesseract's references bind to ours. bindingOf tells a test which
// definition a reference binds to.

/*
#cgo LDFLAGS: -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

// assay_bound says where the global lookup, which shared libraries'
// references follow, finds sym: 1 outside any object whose path holds
// lib, 0 in one, -1 nowhere.
static int assay_bound(const char *sym, const char *lib) {
	Dl_info info;
	void *p = dlsym(RTLD_DEFAULT, sym);
	if (p == 0) {
		return -1;
	}
	if (dladdr(p, &info) == 0 || info.dli_fname == 0) {
		return 0;
	}
	return strstr(info.dli_fname, lib) == 0;
}
*/
import "C"

import "unsafe"

// binding is where a reference to a symbol binds.
type binding int

const (
	boundNowhere binding = iota // nothing defines the symbol
	boundLibrary                // the shared library's own definition
	boundOurs                   // the executable's definition
)

// bindingOf says where a shared library's reference to symbol binds:
// ours, or lib's (lib: a part of the library's file name).
func bindingOf(symbol, lib string) binding {
	cs, cl := C.CString(symbol), C.CString(lib)
	defer C.free(unsafe.Pointer(cs))
	defer C.free(unsafe.Pointer(cl))
	switch C.assay_bound(cs, cl) {
	case 1:
		return boundOurs
	case 0:
		return boundLibrary
	}
	return boundNowhere
}
