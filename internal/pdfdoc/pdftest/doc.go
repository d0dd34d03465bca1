// Package pdftest builds small PDFs for tests: numbered objects, a
// cross-reference table and a trailer, written to a test's temporary
// directory. It is for tests only.
package pdftest
