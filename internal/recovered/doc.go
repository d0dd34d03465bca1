// Package recovered makes the panics that Assay's boundaries recover
// visible. A boundary that turns a panic into an error, a failed page or
// a default calls Note with where it stands and the panic's value; tests
// that feed hostile input Watch for them and fail, naming the input, so a
// panic in our code is found and fixed rather than absorbed:
//
//	defer func() {
//		if r := recover(); r != nil {
//			recovered.Note("nativetext: page", r)
//			res = core.Failed(n, ...)
//		}
//	}()
//
// Note costs a mutex and a map lookup, and nothing else when nobody
// watches.
package recovered
