package router

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// maxPageNumber bounds page numbers in a range so a typo cannot ask for
// billions of pages.
const maxPageNumber = 1_000_000

// ParsePages turns a page selection such as "1-3,7,10-" into the sorted,
// de-duplicated page numbers it names within a document of count pages.
// "" selects every page. An open range ("10-") runs to the last page. It
// is an error to name no page at all, a page below 1, or a range that runs
// backwards; pages past the end are ignored when at least one page remains.
func ParsePages(spec string, count int) ([]int, error) {
	if count < 0 {
		count = 0
	}
	spec = strings.TrimSpace(spec)
	if spec == "" {
		all := make([]int, count)
		for i := range all {
			all[i] = i + 1
		}
		return all, nil
	}
	seen := make(map[int]bool)
	var out []int
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, fmt.Errorf("page selection %q: empty item", spec)
		}
		lo, hi, err := parseRange(part, count)
		if err != nil {
			return nil, fmt.Errorf("page selection %q: %w", spec, err)
		}
		for p := lo; p <= hi && p <= count; p++ {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("page selection %q: no such page in a document of %d pages", spec, count)
	}
	slices.Sort(out)
	return out, nil
}

func parseRange(s string, count int) (int, int, error) {
	a, b, isRange := strings.Cut(s, "-")
	lo, err := pageNumber(a)
	if err != nil {
		return 0, 0, err
	}
	if !isRange {
		return lo, lo, nil
	}
	if strings.TrimSpace(b) == "" {
		return lo, max(count, lo), nil
	}
	hi, err := pageNumber(b)
	if err != nil {
		return 0, 0, err
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("range %q runs backwards", s)
	}
	return lo, hi, nil
}

func pageNumber(s string) (int, error) {
	s = strings.TrimSpace(s)
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a page number", s)
	}
	if n < 1 || n > maxPageNumber {
		return 0, fmt.Errorf("page %d out of range 1..%d", n, maxPageNumber)
	}
	return n, nil
}
