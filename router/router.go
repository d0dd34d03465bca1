package router

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
	"github.com/assay-pdf/assay/quality"
	"github.com/assay-pdf/assay/router/analyze"
)

// Registry hands out engines by name.
type Registry interface {
	Engine(name string) (core.Engine, error)
}

// RegistryFunc adapts a function to a Registry.
type RegistryFunc func(name string) (core.Engine, error)

// Engine calls f.
func (f RegistryFunc) Engine(name string) (core.Engine, error) { return f(name) }

// Timeout is an engine's deadline rule: Base plus PerPage for each unit of
// work in the call (an ordinary page; see weight), with PerPage the cap on
// what a learnt estimate may allow. Base plus PerPage also bounds how long the engine may go without
// answering any page before the host treats it as hung.
type Timeout struct {
	Base    time.Duration
	PerPage time.Duration
}

// Config says how the router works. The zero value routes with
// DefaultPlan.
type Config struct {
	// Plan gives each page class its chain of steps; nil means
	// DefaultPlan. FixedPlan sends every page through the same engines.
	Plan Plan
	// Threshold is the page score below which a page goes to the next
	// engine, and below which a final page is marked degraded.
	Threshold float64
	// Timeouts per engine name; engines not listed use DefaultTimeout.
	Timeouts       map[string]Timeout
	DefaultTimeout Timeout
	// DocumentTimeout caps the whole document; 0 means no cap beyond the
	// caller's context.
	DocumentTimeout time.Duration
	// Options per engine name, passed to the engine untouched (a region
	// step adds "mode" and "regions").
	Options map[string]json.RawMessage
	// Estimates learn each engine's time per page; deadlines then follow
	// the learnt speed (with a wide margin) instead of Timeout.PerPage,
	// which stays the upper bound. Nil learns in memory only.
	Estimates *Estimates
	// Analysis chooses where the page facts come from: AnalysisTextFirst
	// (the default) reads every page with TextEngine first and takes the
	// facts from its reading, so a born-digital document costs one
	// interpretation of its content; AnalysisFull asks TextEngine for the
	// facts alone (no layout) before any engine runs. Text-first applies only
	// when the plan's default chain starts with TextEngine (see
	// Plan.StartsWith): an explicit chain that starts with another engine
	// runs in its order, with the facts of a facts-only reading.
	Analysis string
	// TextEngine is the engine whose reading supplies the page facts in
	// text-first analysis; default "nativetext".
	TextEngine string
	// NoReread leaves the blocks of a page that did not decode as they
	// are: no engine reads them again (see pageState.rereadStep).
	NoReread bool
}

// Analysis modes.
const (
	AnalysisTextFirst = "text-first"
	AnalysisFull      = "full"
)

// Defaults for Config fields left zero.
const (
	DefaultThreshold = 0.5
	DefaultBase      = 10 * time.Second
	DefaultPerPage   = 5 * time.Second
	// MinPerPage is the least time per page a learnt deadline allows.
	MinPerPage = time.Second
	// estimateMargin multiplies a learnt time per page into a deadline.
	estimateMargin = 5
)

// Router runs documents through engines.
type Router struct {
	cfg     Config
	engines Registry

	mu    sync.Mutex
	infos map[string]core.Info
}

// New makes a router; it does no I/O.
func New(cfg Config, engines Registry) *Router {
	if cfg.Plan == nil {
		cfg.Plan = DefaultPlan()
	}
	if cfg.Threshold <= 0 {
		cfg.Threshold = DefaultThreshold
	}
	if cfg.DefaultTimeout.Base <= 0 {
		cfg.DefaultTimeout.Base = DefaultBase
	}
	if cfg.DefaultTimeout.PerPage <= 0 {
		cfg.DefaultTimeout.PerPage = DefaultPerPage
	}
	if cfg.Estimates == nil {
		cfg.Estimates = &Estimates{}
	}
	if cfg.Analysis == "" {
		cfg.Analysis = AnalysisTextFirst
	}
	if cfg.TextEngine == "" {
		cfg.TextEngine = "nativetext"
	}
	cfg.Options = pictureCheck(cfg.Options, cfg.TextEngine, cfg.Plan)
	return &Router{cfg: cfg, engines: engines, infos: map[string]core.Info{}}
}

// pictureCheck tells the text engine which pictures to look at for text
// (keys of the text engine's options, as "facts_only"): none without region
// steps ("no_picture_check"), since nobody reads what it would find, and
// with them only those on pages whose images cover as much as a page that
// a region step reads ("picture_check_coverage"; see Plan.RegionCoverage).
// The options are copied, not changed.
func pictureCheck(options map[string]json.RawMessage, textEngine string, plan Plan) map[string]json.RawMessage {
	set := map[string]any{"no_picture_check": true}
	if cov, ok := plan.RegionCoverage(); ok {
		if cov <= 0 {
			return options
		}
		set = map[string]any{"picture_check_coverage": cov}
	}
	opts, err := withOptions(options[textEngine], set)
	if err != nil {
		return options // options that are no JSON object fail later, where they are read
	}
	out := maps.Clone(options)
	if out == nil {
		out = map[string]json.RawMessage{}
	}
	out[textEngine] = opts
	return out
}

// ErrNoEngines means the plan names no engine for a page.
var ErrNoEngines = errors.New("no engines configured")

// pageState is the router's working record of one page.
type pageState struct {
	info    analyze.Page
	known   bool // info holds the page's facts
	class   string
	chain   []Step
	next    int // index of the next step to consider
	done    map[Step]bool
	cands   []merge.Candidate
	regions []regionResult
	// passedOver are steps not run, with why, for the ledger.
	passedOver []string
	hints      quality.Hints
	// textLayer records which engines read the text layer (core.CapText).
	textLayer map[string]bool
	// tableEngine says whether a region step's engine rebuilds tables
	// (it reads the page's table blocks) rather than reading pictures.
	tableEngine func(name string) bool
	// rereads says whether an engine reads garbled blocks again
	// (core.CapReread); rereadAsked is set once the page was looked at
	// for them, and garbled holds their boxes.
	rereads     func(name string) bool
	rereadAsked bool
	garbled     []core.BBox
	// scripts are the scripts of the garbled blocks' text (package
	// quality's names), one a box: a block in a font without a Unicode map
	// is set in the script of what of it decoded, or of its page, unless
	// its lost glyphs are full width (quality.LostScript).
	scripts []string
	// lines are the boxes of each garbled block's lines, one list a box:
	// a reading keeps their print alone, not the line of another block
	// that the block's box overlaps.
	lines [][]core.BBox
}

// learn sets the page's facts, and with them its class, chain and hints.
func (s *pageState) learn(info analyze.Page, plan Plan) {
	cls := info.Class()
	s.info, s.known, s.class = info, true, string(cls)
	s.chain = plan.Chain(s.class)
	s.hints = quality.Hints{NoTextExpected: cls == analyze.ClassBlank}
}

type regionResult struct {
	engine string
	tables bool // the engine rebuilt table blocks
	reread bool // the engine read garbled blocks again (Step.Reread)
	result core.PageResult
}

// passed reports whether the page's best full-page answer clears the
// threshold.
func (s *pageState) passed(threshold float64) bool {
	if len(s.cands) == 0 {
		return false
	}
	return s.cands[merge.Best(s.cands)].Quality.Score >= threshold
}

// usable reports whether the page has an answer with text to add to.
func (s *pageState) usable() bool {
	if len(s.cands) == 0 {
		return false
	}
	return s.cands[merge.Best(s.cands)].Usable()
}

// regionsFor are the regions a region step reads: the garbled blocks for
// a reread, the boxes of the best answer's tables for an engine that
// rebuilds tables, else the image regions.
func (s *pageState) regionsFor(step Step) []core.BBox {
	if step.Reread {
		return s.garbled
	}
	tables, pictures := s.tableBoxes(), s.info.RegionBoxes()
	if len(tables) == 0 && len(pictures) == 0 {
		// Nothing to read either way: no need to ask what the engine is
		// (which would start its process).
		return nil
	}
	if s.tableEngine != nil && s.tableEngine(step.Engine) {
		return tables
	}
	return pictures
}

// tableBoxes are the boxes of the table blocks in the page's best answer.
func (s *pageState) tableBoxes() []core.BBox {
	if !s.usable() {
		return nil
	}
	var boxes []core.BBox
	for _, b := range s.cands[merge.Best(s.cands)].Result.Page.Blocks {
		if b.Kind == core.KindTable && !b.BBox.Empty() {
			boxes = append(boxes, b.BBox)
		}
	}
	return boxes
}

// nextStep advances the page to its next step that applies: the chain's
// first step always (the plan names it as the page's reader, even when
// the text-first reading already passed), then a full-page step while the
// page has not passed, a region step once the page has a usable answer
// and image regions to read.
func (s *pageState) nextStep(threshold float64) (Step, bool) {
	for s.next < len(s.chain) {
		first := s.next == 0
		st := s.chain[s.next]
		s.next++
		if s.done[st] {
			continue
		}
		if st.Regions {
			if len(s.regionsFor(st)) > 0 && s.usable() {
				return st, true
			}
			continue
		}
		if first || !s.passed(threshold) {
			return st, true
		}
	}
	return s.rereadStep(threshold)
}

// rereadStep is the step, once the page's chain is done, that reads again
// the blocks of its best answer that did not decode (quality.Garbled at
// threshold): a page of good text passes with a heading or a sidebar set
// in a font without a Unicode map, and those blocks alone go to the first
// engine of the chain that rereads (core.CapReread). The page is looked
// at once.
func (s *pageState) rereadStep(threshold float64) (Step, bool) {
	if s.rereadAsked || !s.usable() || s.rereads == nil {
		return Step{}, false
	}
	s.rereadAsked = true
	best := s.cands[merge.Best(s.cands)]
	page := &best.Result.Page
	pageScript := sync.OnceValue(func() quality.Script { return quality.DetectScript(page.Text()) })
	for _, b := range page.Blocks {
		if quality.Garbled(&b, threshold) && !b.BBox.Empty() {
			s.garbled = append(s.garbled, b.BBox)
			s.scripts = append(s.scripts, string(quality.LostScript(&b, pageScript)))
			s.lines = append(s.lines, lineBoxes(b))
		}
	}
	if len(s.garbled) == 0 {
		return Step{}, false
	}
	for _, st := range s.chain {
		// The engine whose reading it is would read it again alike.
		if !st.Regions && st.Engine != best.Engine && s.rereads(st.Engine) {
			return Step{Engine: st.Engine, Regions: true, Reread: true}, true
		}
	}
	return Step{}, false
}

// lineBoxes are the boxes of b's lines that have one.
func lineBoxes(b core.Block) []core.BBox {
	boxes := make([]core.BBox, 0, len(b.Lines))
	for _, l := range b.Lines {
		if !l.BBox.Empty() {
			boxes = append(boxes, l.BBox)
		}
	}
	return boxes
}

// Extract analyses the PDF at path, routes each selected page (nil pages:
// all) through the steps its class is planned for, and merges the answers.
// Pages that pass the threshold stop at the first engine; only the others
// go on, and engines are called once per round with all the pages they
// have to read. It returns an error, with a Result holding that error and
// no pages, only when the document cannot be read at all; page failures
// are entries in the Result.
func (r *Router) Extract(ctx context.Context, path string, pages []int) (*merge.Result, error) {
	start := time.Now()
	res := &merge.Result{Source: path, Status: core.StatusFailed, Timings: map[string]time.Duration{}}
	textFirst := r.cfg.Analysis == AnalysisTextFirst && r.cfg.Plan.StartsWith(r.cfg.TextEngine)
	count, err := r.countPages(ctx, path)
	res.Timings["analyze"] = time.Since(start)
	if err != nil {
		res.Err = err
		res.Timings["total"] = time.Since(start)
		return res, err
	}
	res.PageCount = count
	if pages == nil {
		pages, _ = ParsePages("", count)
	}
	if r.cfg.DocumentTimeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, r.cfg.DocumentTimeout)
		defer cancel()
	}
	d := r.newDocRun(ctx, path, pages, res, textFirst)
	if textFirst {
		d.readFirst(ctx)
	}
	for ctx.Err() == nil && d.round(ctx) {
	}
	entries := make([]merge.Entry, 0, len(pages))
	for _, p := range pages {
		entries = append(entries, r.decide(p, d.states[p]))
	}
	out := merge.Document(path, entries)
	out.PageCount, out.Engines, out.Timings = res.PageCount, res.Engines, res.Timings
	out.Timings["total"] = time.Since(start)
	return out, nil
}

// docRun is one document's routing: each page's state, and the engines
// called with the time they took.
type docRun struct {
	r      *Router
	path   string
	pages  []int
	index  map[int]int // each page's position in pages
	states map[int]*pageState
	res    *merge.Result

	mu     sync.Mutex // res.Timings, from concurrent steps
	called map[string]bool
}

// newDocRun sets up each page's state; without text-first analysis the
// text engine's facts-only reading gives each page its class now.
func (r *Router) newDocRun(ctx context.Context, path string, pages []int, res *merge.Result, textFirst bool) *docRun {
	d := &docRun{r: r, path: path, pages: pages, res: res, states: make(map[int]*pageState, len(pages)), called: map[string]bool{},
		index: make(map[int]int, len(pages))}
	for i, p := range pages {
		d.index[p] = i
	}
	var facts map[int]analyze.Page
	if !textFirst {
		t0 := time.Now()
		facts = r.facts(ctx, path, pages)
		res.Timings["analyze"] += time.Since(t0)
	}
	for _, p := range pages {
		st := &pageState{done: map[Step]bool{}, tableEngine: func(name string) bool { return r.tableEngine(ctx, name) }}
		if !r.cfg.NoReread {
			st.rereads = func(name string) bool { return r.rereads(ctx, name) }
		}
		if f, ok := facts[p]; ok {
			st.learn(f, r.cfg.Plan)
		}
		d.states[p] = st
	}
	return d
}

// calls records that the document calls engine, in the order of first
// calls.
func (d *docRun) calls(engine string) {
	if !d.called[engine] {
		d.called[engine] = true
		d.res.Engines = append(d.res.Engines, engine)
	}
}

// run calls step for pages and adds its time to the engine's. The pages
// go to the engine one window of the request at a time (windows): an
// engine's document pass then judges each page with the same others
// whether the document is read whole or in batches of windows (assay
// serve's workers), so both read every page alike. An engine that serves
// calls at once (core.CapConcurrentCalls) is asked for the next window
// while the host scores the last (windowsInFlight).
func (d *docRun) run(ctx context.Context, step Step, pages []int) map[int]merge.Candidate {
	t0 := time.Now()
	wins := d.windows(pages)
	parts := make([]map[int]merge.Candidate, len(wins))
	// Every window is asked for, even once ctx ends: attempt fails its
	// pages.
	var g errgroup.Group
	g.SetLimit(d.r.windowsInFlight(ctx, step.Engine, len(wins)))
	for i, win := range wins {
		g.Go(func() error {
			parts[i] = d.r.attempt(ctx, step, d.path, win, d.states)
			return nil
		})
	}
	_ = g.Wait()
	var got map[int]merge.Candidate
	for _, part := range parts {
		if got == nil {
			got = part
			continue
		}
		maps.Copy(got, part)
	}
	d.mu.Lock()
	d.res.Timings[step.Engine] += time.Since(t0)
	d.mu.Unlock()
	return got
}

// windowsInFlight is how many of a document's windows (wins of them) an
// engine is asked for at once: two where one process of it serves several
// calls, so that it reads the next window while the host scores the
// last, else one. The windows of one document are each a document pass
// of their own, and the engine's turns give its cores to the older call's
// pages first.
func (r *Router) windowsInFlight(ctx context.Context, name string, wins int) int {
	if wins < 2 {
		return 1 // the engine need not be asked what it is
	}
	if info, ok := r.engineInfo(ctx, name); ok && info.Has(core.CapConcurrentCalls) {
		return 2
	}
	return 1
}

// windows splits pages (in request order) by the window of
// core.PageWindow requested pages each falls in, counted from the first
// page of the request.
func (d *docRun) windows(pages []int) [][]int {
	if len(d.pages) <= core.PageWindow {
		return [][]int{pages}
	}
	var out [][]int
	last := -1
	for _, p := range pages {
		w := d.index[p] / core.PageWindow
		if w != last {
			out = append(out, nil)
			last = w
		}
		out[len(out)-1] = append(out[len(out)-1], p)
	}
	return out
}

// readFirst has the text engine read every page; its reading gives the
// page's facts (attempt learns them before scoring). Pages it could not
// read are planned as pages whose content cannot be read: its facts-only
// reading is the same interpretation and would not do better.
func (d *docRun) readFirst(ctx context.Context) {
	first := Step{Engine: d.r.cfg.TextEngine}
	d.calls(first.Engine)
	got := d.run(ctx, first, d.pages)
	for _, p := range d.pages {
		st := d.states[p]
		st.done[first] = true
		if st.known {
			st.cands = append(st.cands, got[p])
			continue
		}
		st.learn(analyze.Page{Number: p, Err: "the text engine could not read the page"}, d.r.cfg.Plan)
		st.cands = append(st.cands, d.r.score(got[p], st, core.Info{}))
	}
}

// round calls, concurrently, each next step with the pages that need it,
// and keeps the answers; false when no page needs another step.
func (d *docRun) round(ctx context.Context) bool {
	groups, order := d.nextSteps(ctx)
	if len(order) == 0 {
		return false
	}
	results := make([]map[int]merge.Candidate, len(order))
	var wg sync.WaitGroup
	for i, step := range order {
		d.calls(step.Engine)
		wg.Go(func() { results[i] = d.run(ctx, step, groups[step]) })
	}
	wg.Wait()
	for i, step := range order {
		for _, p := range groups[step] {
			c, st := results[i][p], d.states[p]
			if step.Regions {
				st.regions = append(st.regions, regionResult{engine: step.Engine, tables: !step.Reread && st.tableEngine(step.Engine),
					reread: step.Reread, result: c.Result})
				continue
			}
			st.cands = append(st.cands, c)
		}
	}
	return true
}

// nextSteps groups the pages by the next step each needs, steps in the
// order pages first ask for them. A step whose engine would repeat a
// reading the page has (core.Info.SameAs) is passed over.
func (d *docRun) nextSteps(ctx context.Context) (map[Step][]int, []Step) {
	groups := map[Step][]int{}
	var order []Step
	for _, p := range d.pages {
		s := d.states[p]
		for {
			st, ok := s.nextStep(d.r.cfg.Threshold)
			if !ok {
				break
			}
			s.done[st] = true
			if same := d.r.repeats(ctx, st, s); same != "" {
				s.passedOver = append(s.passedOver, fmt.Sprintf("%s: its reading would repeat %s's", st.Engine, same))
				continue
			}
			if _, seen := groups[st]; !seen {
				order = append(order, st)
			}
			groups[st] = append(groups[st], p)
			break
		}
	}
	return groups, order
}

// repeats is the engine whose reading of the page a full-page step would
// repeat, "" when none: the step's engine says its reading is another
// engine's (core.Info.SameAs), and that engine has read the page.
func (r *Router) repeats(ctx context.Context, st Step, s *pageState) string {
	if st.Regions {
		return ""
	}
	info, ok := r.engineInfo(ctx, st.Engine)
	if !ok || info.SameAs == "" || info.SameAs == st.Engine {
		return ""
	}
	for _, c := range s.cands {
		if c.Engine == info.SameAs && c.Usable() {
			return info.SameAs
		}
	}
	return ""
}

// decide merges a page's answers into its ledger entry: the best full-page
// answer, with the words region steps read in its image regions added.
func (r *Router) decide(p int, st *pageState) merge.Entry {
	if len(st.cands) == 0 {
		err := fmt.Errorf("%w: the document deadline passed before any engine read the page", core.ErrTimeout)
		if len(st.chain) == 0 {
			err = fmt.Errorf("%w for page class %q", ErrNoEngines, st.class)
		}
		st.cands = append(st.cands, merge.Candidate{Result: core.Failed(p, err)})
	}
	cands := st.cands
	if len(st.regions) > 0 && st.usable() {
		best := merge.Best(cands)
		merged := cands[best]
		hints := st.hintsFor(merged.Engine)
		added := false
		for _, rr := range st.regions {
			if rr.result.Status != core.StatusOK && rr.result.Status != core.StatusDegraded {
				continue
			}
			var page core.Page
			var n int
			switch {
			case rr.reread:
				page, n = merge.Reread(merged.Result.Page, rr.result.Page.Blocks)
			case rr.tables:
				page, n = merge.ReplaceTables(merged.Result.Page, rr.result.Page.Blocks)
			default:
				page, n = merge.Overlay(merged.Result.Page, rr.result.Page.Blocks, st.info.RegionBoxes())
			}
			if n > 0 {
				merged.Result.Page = page
				merged.Engine += "+" + rr.engine
				added = true
			}
		}
		if added {
			merged.Quality = quality.Score(merged.Result, hints)
			cands = slices.Clone(cands)
			cands[best] = merged
		}
	}
	e := merge.Decide(p, cands, r.cfg.Threshold)
	// The ledger shows attempts as they ran, region reads included.
	e.Attempts = e.Attempts[:0]
	for _, c := range st.cands {
		e.Attempts = append(e.Attempts, merge.Attempt{Engine: c.Engine, Status: c.Result.Status, Score: c.Quality.Score, Reasons: c.Quality.Reasons,
			Elapsed: c.Result.Elapsed, Err: c.Result.Err, Quality: c.Quality, Stages: c.Result.Stages()})
	}
	for _, rr := range st.regions {
		e.Attempts = append(e.Attempts, merge.Attempt{Engine: rr.engine, Status: rr.result.Status, Elapsed: rr.result.Elapsed, Err: rr.result.Err, Regions: true,
			Reread: rr.reread, Stages: rr.result.Stages()})
	}
	e.Class = st.class
	for _, s := range st.chain {
		e.Plan = append(e.Plan, s.String())
	}
	e.Analysis = st.info.Summary()
	e.PassedOver = st.passedOver
	return e
}

// attempt asks one engine for pages and returns one scored candidate per
// page, whatever the engine did.
func (r *Router) attempt(ctx context.Context, step Step, path string, pages []int, states map[int]*pageState) map[int]merge.Candidate {
	name := step.Engine
	got := make(map[int]merge.Candidate, len(pages))
	fail := func(p int, err error) {
		c := merge.Candidate{Engine: name, Result: core.Failed(p, &core.EngineError{Engine: name, Page: p, Err: err})}
		got[p] = r.score(c, states[p], core.Info{})
	}
	eng, err := r.engines.Engine(name)
	var opts json.RawMessage
	if err == nil {
		opts, err = r.stepOptions(step, pages, states)
	}
	if err == nil {
		opts, err = withWorkers(opts, eng)
	}
	if err != nil {
		for _, p := range pages {
			fail(p, err)
		}
		return got
	}
	info, err := r.describe(ctx, name, eng)
	if errors.Is(err, core.ErrBadRequest) {
		// The engine is not what it claims to be (its name): none of its
		// answers is taken.
		for _, p := range pages {
			fail(p, err)
		}
		return got
	}
	work, heaviest := workOf(info, step, pages, states)
	callTimeout, pageTimeout := r.deadline(name, work, heaviest)
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	req := &core.Request{Source: path, Pages: pages, Options: opts, PageTimeout: pageTimeout}
	start := time.Now()
	want, err := r.collect(ctx, eng, req, step, info, states, got)
	if errors.Is(err, core.ErrEngineProtocol) {
		// The engine's numbering broke: the answers it gave in this call
		// may belong to other pages, and none is kept.
		for _, p := range pages {
			if !want[p] {
				fail(p, err)
			}
		}
	}
	if err == nil && len(want) == 0 && !step.Regions {
		r.cfg.Estimates.Observe(name, work, time.Since(start))
	}
	for _, p := range pages {
		if !want[p] {
			continue
		}
		switch {
		case err != nil:
			fail(p, err)
		case ctx.Err() != nil:
			fail(p, fmt.Errorf("%w: no answer before the deadline", core.ErrTimeout))
		default:
			fail(p, fmt.Errorf("%w: the engine did not answer this page", core.ErrEngineCrashed))
		}
	}
	return got
}

// stepOptions are the engine's options for a step: with the pages' image
// regions added for a region step.
func (r *Router) stepOptions(step Step, pages []int, states map[int]*pageState) (json.RawMessage, error) {
	opts := r.cfg.Options[step.Engine]
	if coarse := coarsePages(pages, states); len(coarse) > 0 {
		var err error
		if opts, err = withOptions(opts, map[string]any{"coarse_images": coarse}); err != nil {
			return nil, err
		}
	}
	if !step.Regions {
		return opts, nil
	}
	regions := map[string][]core.BBox{}
	for _, p := range pages {
		regions[fmt.Sprint(p)] = states[p].regionsFor(step)
	}
	if !step.Reread {
		return withOptions(opts, map[string]any{"mode": "regions", "regions": regions})
	}
	scripts, lines := map[string][]string{}, map[string][][]core.BBox{}
	for _, p := range pages {
		scripts[fmt.Sprint(p)], lines[fmt.Sprint(p)] = states[p].scripts, states[p].lines
	}
	return withOptions(opts, map[string]any{"mode": "reread", "regions": regions, "scripts": scripts, "lines": lines})
}

// sharer is an engine that says how many pages a call starting now
// should read at once (pluginhost.Engine: the cores shared among its
// calls in flight).
type sharer interface{ Workers() int }

// withWorkers adds to an engine's options the pages its call may read at
// once (the option "workers"; engines that read one page at a time ignore
// it), when the engine says (sharer) and the configured options do not.
func withWorkers(opts json.RawMessage, eng core.Engine) (json.RawMessage, error) {
	s, ok := eng.(sharer)
	if !ok {
		return opts, nil
	}
	var set map[string]json.RawMessage
	if len(opts) > 0 && json.Unmarshal(opts, &set) == nil && set["workers"] != nil {
		return opts, nil
	}
	return withOptions(opts, map[string]any{"workers": s.Workers()})
}

// CoarseImageSamples is the image samples (millions, counted at every
// draw: analyze.Page.ImageSamples) from which a page's renders skip image
// smoothing. Smoothing costs about half a second of a core per thousand
// million samples in pdfium, at any render resolution; no single scan of
// a sheet comes near (A3 at 1200 dpi is 280 million), and a page at the
// engines' resolution has at most some 12 million pixels, so a page past
// it draws its images shrunk tens of times over, or over and over, where
// sampling without smoothing halves the render and loses little.
const CoarseImageSamples = 1000

// coarsePages are those of pages whose facts pass CoarseImageSamples, for
// engines that render (the option "coarse_images"; others ignore it).
func coarsePages(pages []int, states map[int]*pageState) []int {
	var out []int
	for _, p := range pages {
		if st := states[p]; st != nil && st.known && st.info.ImageSamples >= CoarseImageSamples {
			out = append(out, p)
		}
	}
	return out
}

// workOf is the work of a call in units of an ordinary page, and that of
// its heaviest page (see weight).
func workOf(info core.Info, step Step, pages []int, states map[int]*pageState) (work, heaviest float64) {
	for _, p := range pages {
		w := weight(info, step, states[p])
		work += w
		heaviest = max(heaviest, w)
	}
	return work, heaviest
}

// collect runs req and scores each answer into got: the first answer for
// each page asked for (others are dropped), its facts learnt when the
// engine reads text and the page's class is not known yet. It returns the
// pages left unanswered, and the error that ended the call; a panic in
// the engine's client is recovered as a crash.
func (r *Router) collect(ctx context.Context, eng core.Engine, req *core.Request, step Step, info core.Info, states map[int]*pageState, got map[int]merge.Candidate) (want map[int]bool, err error) {
	want = make(map[int]bool, len(req.Pages))
	for _, p := range req.Pages {
		want[p] = true
	}
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("%w: panic in engine client: %v", core.ErrEngineCrashed, v)
		}
	}()
	for pr, err := range eng.Extract(ctx, req) {
		if err != nil {
			return want, err
		}
		n := pr.Page.Number
		if !want[n] {
			return want, &core.EngineError{Engine: step.Engine, Page: n,
				Err: fmt.Errorf("%w: an answer for page %d, which was not asked for or was answered already", core.ErrEngineProtocol, n)}
		}
		delete(want, n)
		if pr.Status == "" {
			pr.Status = core.StatusOK
		}
		st := states[n]
		if !st.known && info.Has(core.CapText) {
			if facts, ok := analyze.FromResult(pr); ok {
				st.learn(facts, r.cfg.Plan)
			}
		}
		preferred := len(st.chain) > 0 && st.chain[0] == step
		got[n] = r.score(merge.Candidate{Engine: step.Engine, Cost: info.Cost, Preferred: preferred, Result: pr}, st, info)
	}
	return want, nil
}

// score rates a candidate with the page's hints for its engine.
func (r *Router) score(c merge.Candidate, st *pageState, info core.Info) merge.Candidate {
	if st.textLayer == nil {
		st.textLayer = map[string]bool{}
	}
	st.textLayer[c.Engine] = info.Has(core.CapText)
	c.Quality = quality.Score(c.Result, st.hintsFor(c.Engine))
	return c
}

// hintsFor are the page's hints for a reading by engine: only engines that
// read the text layer are held to the number of glyphs the layer draws,
// and only their readings are taken to repeat what the page draws. A
// reading with the words of region steps added is scored as its engine's.
func (s *pageState) hintsFor(engine string) quality.Hints {
	h := s.hints
	if s.textLayer[engine] {
		h.ExpectedChars = s.info.Glyphs - s.info.BlankGlyphs
		h.TextLayer = true
	}
	return h
}

// withOptions adds keys to an engine's options (a JSON object, or none).
func withOptions(opts json.RawMessage, keys map[string]any) (json.RawMessage, error) {
	m := map[string]any{}
	if len(opts) > 0 {
		if err := json.Unmarshal(opts, &m); err != nil {
			return nil, fmt.Errorf("%w: engine options are not a JSON object: %v", core.ErrBadRequest, err)
		}
	}
	maps.Copy(m, keys)
	return json.Marshal(m)
}

// deadline is the time allowed for a call to engine name with work units
// of work (see weight), and the longest it may go without answering a
// page, the heaviest weighing heaviest: the configured base plus a
// per-unit allowance, which is the learnt time per unit with a wide margin
// once the engine has been seen, never more than the configured per-page
// time.
func (r *Router) deadline(name string, work, heaviest float64) (call, page time.Duration) {
	to := r.timeout(name)
	per := to.PerPage
	if est, ok := r.cfg.Estimates.PerPage(name); ok {
		per = min(max(estimateMargin*est, MinPerPage), to.PerPage)
	}
	return to.Base + time.Duration(work*float64(per)), to.Base + time.Duration(max(heaviest, 1)*float64(per))
}

// letterArea is the area of a US letter page in square points.
const letterArea = 612 * 792

// weight is how much work a page is for an engine, in ordinary pages: for
// engines that read images (OCR, layout), its area against a letter page
// (or the area of its image regions, for a region step); for text
// engines, one plus one for every four thousand glyphs the page draws.
func weight(info core.Info, step Step, st *pageState) float64 {
	if info.Has(core.CapOCR) || info.Has(core.CapLayout) {
		area := st.info.Width * st.info.Height
		if step.Regions {
			area = 0
			for _, b := range st.regionsFor(step) {
				area += b.Area()
			}
		}
		if area <= 0 {
			return 1
		}
		return min(max(area/letterArea, 0.25), 4)
	}
	return min(1+float64(st.info.Glyphs)/4000, 8)
}

func (r *Router) timeout(name string) Timeout {
	if t, ok := r.cfg.Timeouts[name]; ok && t.Base > 0 {
		if t.PerPage <= 0 {
			t.PerPage = r.cfg.DefaultTimeout.PerPage
		}
		return t
	}
	return r.cfg.DefaultTimeout
}

// describe asks an engine once for its Info (capabilities, cost).
// tableEngine reports whether engine name rebuilds tables (it declares
// the tables capability and is no OCR engine): its region steps read the
// page's table blocks and replace them. An engine that cannot be found is
// not.
func (r *Router) tableEngine(ctx context.Context, name string) bool {
	info, ok := r.engineInfo(ctx, name)
	return ok && info.Has(core.CapTables) && !info.Has(core.CapOCR)
}

// rereads reports whether engine name reads garbled blocks again
// (core.CapReread). An engine that cannot be found does not.
func (r *Router) rereads(ctx context.Context, name string) bool {
	info, ok := r.engineInfo(ctx, name)
	return ok && info.Has(core.CapReread)
}

// engineInfo is what the engine called name says it is (see describe);
// false when the registry has no such engine.
func (r *Router) engineInfo(ctx context.Context, name string) (core.Info, bool) {
	eng, err := r.engines.Engine(name)
	if err != nil {
		return core.Info{}, false
	}
	info, _ := r.describe(ctx, name, eng)
	return info, true
}

// configuredDescriber is an engine that describes itself as configured
// with its options (the plugin host's engines): what model it will use,
// and whether its reading would repeat another's.
type configuredDescriber interface {
	DescribeWith(ctx context.Context, options []byte) (core.Info, error)
}

// describe is what the engine says it is, as configured with its
// options, asked once per router. When it cannot say, it is taken to be an
// engine of that name and nothing more, and err says why.
func (r *Router) describe(ctx context.Context, name string, eng core.Engine) (core.Info, error) {
	r.mu.Lock()
	info, ok := r.infos[name]
	r.mu.Unlock()
	if ok {
		return info, nil
	}
	ctx, cancel := context.WithTimeout(ctx, r.cfg.DefaultTimeout.Base)
	defer cancel()
	var err error
	if cd, ok := eng.(configuredDescriber); ok && len(r.cfg.Options[name]) > 0 {
		info, err = cd.DescribeWith(ctx, r.cfg.Options[name])
	} else {
		info, err = eng.Describe(ctx)
	}
	if err != nil {
		return core.Info{Name: name}, err
	}
	r.mu.Lock()
	r.infos[name] = info
	r.mu.Unlock()
	return info, nil
}
