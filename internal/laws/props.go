package laws

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// show renders an URL structurally with the URL-string it prints as.
func show(u model.URL) string { return claim.URLValue(u).String() }

func bind(name string, u model.URL) gen.Binding { return gen.Binding{Name: name, Value: show(u)} }

func bindString(name, s string) gen.Binding {
	return gen.Binding{Name: name, Value: strconv.Quote(s)}
}

func fail(inputs []gen.Binding, format string, args ...any) error {
	return &gen.Failure{Inputs: inputs, Message: fmt.Sprintf(format, args...)}
}

func components(u *model.URL) []model.Component { return slices.Collect(u.Components()) }

// gotoPostfix: b is a postfix of a goto b (spec §Goto Properties).
func gotoPostfix(src gen.Source) error {
	a, b := gen.AnyURL(src), gen.AnyURL(src)
	g := resolve.Goto(&a, &b)
	cg, cb := components(&g), components(&b)
	if len(cb) > len(cg) || !slices.Equal(cg[len(cg)-len(cb):], cb) {
		return &gen.Failure{
			Inputs:  []gen.Binding{bind("a", a), bind("b", b)},
			Steps:   []gen.Binding{bind("goto(a, b)", g)},
			Message: "b is not a postfix of goto(a, b)",
		}
	}
	return nil
}

// validateAll checks model.Validate on the result of every operation.
func validateAll(src gen.Source) error { return validateWith(nil, src) }

// validateEnv is validateAll in env: the results of env's Parse (after its
// Preprocess), Normalize and WHATWG are checked in place of the default
// ones (normalize.Trace's steps only where Normalize is the default).
func validateEnv(env *claim.Env) gen.Property {
	return func(src gen.Source) error { return validateWith(env, src) }
}

func validateWith(env *claim.Env, src gen.Source) error {
	ops := env.Complete()
	a, b := gen.AnyURL(src), gen.AnyURL(src)
	s := gen.URLString(src)
	inputs := []gen.Binding{bind("a", a), bind("b", b), bindString("s", s)}
	check := func(op string, u model.URL) error {
		if err := model.Validate(&u); err != nil {
			return &gen.Failure{Inputs: inputs, Steps: []gen.Binding{bind(op, u)}, Message: op + " breaks a constraint: " + err.Error()}
		}
		return nil
	}
	type result struct {
		op string
		u  model.URL
	}
	var rs []result
	add := func(op string, u model.URL, err error) {
		if err == nil {
			rs = append(rs, result{op, u})
		}
	}
	add("goto(a, b)", resolve.Goto(&a, &b), nil)
	r, err := resolve.GenericResolve(&a, &b)
	add("generic(a, b)", r, err)
	r, err = resolve.LegacyResolve(&a, &b)
	add("legacy(a, b)", r, err)
	r, _, err = resolve.WHATWGResolve(&a, &b)
	add("whatwg(a, b)", r, err)
	f := a.Clone()
	_, err = resolve.Force(&f)
	add("force(a)", f, err)
	if env == nil || env.Normalize == nil {
		n, steps := normalize.Trace(a)
		add("norm(a)", n, nil)
		for i, st := range steps {
			add(fmt.Sprintf("step %d (%v) of norm(a)", i+1, st.Rule), st.After, nil)
		}
	} else {
		add("norm(a)", ops.Normalize(a), nil)
	}
	add("for-printing(a)", normalize.ForPrinting(a), nil)
	add("encoded(a)", print.Encoded(&a), nil)
	r, err = claim.Relativize(a, b)
	add("relativize(a, b)", r, err)
	p := ops.Preprocess(s)
	for _, m := range []grammar.Mode{grammar.Web, grammar.File, grammar.Generic} {
		u, err := ops.Parse(p, m)
		if err != nil && !hasCode(err) {
			return fail(inputs, "parse(preprocess(s), %v) fails without an error code: %v", m, err)
		}
		add("parse(preprocess(s), "+m.String()+")", u, err)
	}
	if env != nil {
		u, err := ops.WHATWG(s, nil)
		if err != nil && !hasCode(err) {
			return fail(inputs, "the WHATWG parser fails on s without an error code: %v", err)
		}
		add("WHATWG parse of s", u, err)
		if nb := ops.Normalize(b); nb.Has(model.SchemeType) {
			u, err := ops.WHATWG(s, &nb)
			add("WHATWG parse of s against norm(b)", u, err)
		}
		for _, x := range rs {
			if err := check(x.op, x.u); err != nil {
				return err
			}
		}
		return nil
	}
	wu, err := urlspec.Parse(s)
	if err != nil && !hasCode(err) {
		return fail(inputs, "the WHATWG parser fails on s without an error code: %v", err)
	}
	if err == nil {
		add("WHATWG parse of s", wu.Model(), nil)
	}
	if ref, err := urlspec.FromModel(normalize.Normalize(b)); err == nil {
		base, err := ref.URL()
		if wu, err2 := base.Resolve(s); err == nil && err2 == nil {
			add("WHATWG parse of s against norm(b)", wu.Model(), nil)
		}
	}
	for _, x := range rs {
		if err := check(x.op, x.u); err != nil {
			return err
		}
	}
	return nil
}

func hasCode(err error) bool {
	var e *model.Error
	return errors.As(err, &e) && e.Code != ""
}

// normTrace: the trace ends in Normalize's result; its steps chain and each
// changes the URL.
func normTrace(src gen.Source) error {
	a := gen.AnyURL(src)
	in := []gen.Binding{bind("a", a)}
	n, steps := normalize.Trace(a)
	want := normalize.Normalize(a)
	if !n.Equal(&want) {
		return &gen.Failure{Inputs: in, Steps: []gen.Binding{bind("trace result", n), bind("norm(a)", want)}, Message: "the traced normalisation differs from norm(a)"}
	}
	prev := a
	for i, st := range steps {
		if !st.Before.Equal(&prev) {
			return &gen.Failure{Inputs: in, Steps: []gen.Binding{bind("after step "+strconv.Itoa(i), prev), bind("before step "+strconv.Itoa(i+1), st.Before)}, Message: "trace steps do not chain"}
		}
		if st.Before.Equal(&st.After) {
			return &gen.Failure{Inputs: in, Steps: []gen.Binding{bind(fmt.Sprintf("step %d (%v)", i+1, st.Rule), st.After)}, Message: "a trace step changes nothing"}
		}
		prev = st.After
	}
	if !prev.Equal(&n) {
		return &gen.Failure{Inputs: in, Steps: []gen.Binding{bind("last step", prev), bind("result", n)}, Message: "the last step does not end in the result"}
	}
	return nil
}

// equivalenceInputs draws an URL and two variants of it (mostly equivalent
// at some level) as urlspec URLs.
func equivalenceInputs(src gen.Source) ([]urlspec.Ref, []gen.Binding, error) {
	a := gen.AnyURL(src)
	b := gen.Variant(src, a)
	c := gen.Variant(src, b)
	in := []gen.Binding{bind("a", a), bind("b", b), bind("c", c)}
	us := make([]urlspec.Ref, 3)
	for i, m := range []model.URL{a, b, c} {
		u, err := urlspec.FromModel(m)
		if err != nil {
			return nil, in, fail(in, "%s is not a valid URL: %v", in[i].Name, err)
		}
		us[i] = u
	}
	return us, in, nil
}

// equivalenceLaw: urlspec.Equivalent at a level is reflexive, symmetric
// and transitive.
func equivalenceLaw(level int) Law {
	l := allLevels[level]
	return Law{
		Name: "equivalence-" + l.String(), Kind: MustHold, Section: "§Equivalences and Normalisation",
		Statement: "Equivalent(·, ·, " + l.String() + ") is reflexive, symmetric and transitive",
		Uses:      allOps, // urlspec.Equivalent
		Note:      "b and c are variants of a (gen.Variant), most of them equivalent at some level",
		Property: func(src gen.Source) error {
			us, in, err := equivalenceInputs(src)
			if err != nil {
				return err
			}
			eq := func(i, j int) bool { return urlspec.Equivalent(us[i], us[j], l) }
			pairs := 0
			for i := range 3 {
				if !eq(i, i) {
					return fail(in, "%v is not reflexive on %s", l, in[i].Name)
				}
				for j := range 3 {
					if i != j && eq(i, j) {
						pairs++
					}
					if eq(i, j) != eq(j, i) {
						return fail(in, "%v is not symmetric on %s, %s", l, in[i].Name, in[j].Name)
					}
					for k := range 3 {
						if eq(i, j) && eq(j, k) && !eq(i, k) {
							return fail(in, "%v is not transitive on %s, %s, %s", l, in[i].Name, in[j].Name, in[k].Name)
						}
					}
				}
			}
			if pairs == 0 {
				return gen.ErrSkip // only reflexivity was tested
			}
			return nil
		},
	}
}

// nestingLaw: equivalence at level fine implies equivalence at level
// coarse.
func nestingLaw(name string, kind Kind, fine, coarse int, note string) Law {
	lf, lc := allLevels[fine], allLevels[coarse]
	return Law{
		Name: name, Kind: kind, Section: "§Equivalences and Normalisation",
		Statement: "Equivalent(x, y, " + lf.String() + ") implies Equivalent(x, y, " + lc.String() + ")",
		Uses:      allOps, // urlspec.Equivalent
		Note:      note,
		Property: func(src gen.Source) error {
			us, _, err := equivalenceInputs(src)
			if err != nil {
				return err
			}
			pairs := 0
			for i := range 3 {
				for j := range 3 {
					if i != j && urlspec.Equivalent(us[i], us[j], lf) {
						pairs++
					}
					if urlspec.Equivalent(us[i], us[j], lf) && !urlspec.Equivalent(us[i], us[j], lc) {
						x, y := us[i].Model(), us[j].Model()
						return &gen.Failure{Inputs: []gen.Binding{bind("x", x), bind("y", y)},
							Message: fmt.Sprintf("x and y are %v-equivalent but not %v-equivalent", lf, lc)}
					}
				}
			}
			if pairs == 0 {
				return gen.ErrSkip
			}
			return nil
		},
	}
}

// relativizeLaw: goto(a, relativize(a, b)) is b, after normalisation and
// compared as printed; the base a is normalised first when normalised is
// set.
func relativizeLaw(normalised bool) gen.Property {
	return func(src gen.Source) error { return relativize(src, normalised) }
}

func relativize(src gen.Source, normalised bool) error {
	m := gen.Mode(src)
	a := gen.AbsoluteURL(src, m)
	if normalised {
		a = normalize.Normalize(a)
	}
	var b model.URL
	switch src.Choose(3) {
	case 0: // a target near the base
		r := gen.RelativeURL(src, m)
		b = resolve.Goto(&a, &r)
	case 1:
		b = gen.AbsoluteURL(src, m)
	default:
		b = gen.AnyURL(src)
	}
	in := []gen.Binding{bind("a", a), bind("b", b)}
	ua, err1 := urlspec.FromModel(a)
	ub, err2 := urlspec.FromModel(b)
	if err1 != nil || err2 != nil {
		return fail(in, "invalid input: %v %v", err1, err2)
	}
	r, err := urlspec.Relativize(ua, ub)
	if err != nil {
		if b.Has(model.SchemeType) {
			return fail(in, "relativize(a, b) fails for b with a scheme: %v", err)
		}
		return gen.ErrSkip
	}
	rm := r.Model()
	g := normalize.Normalize(resolve.Goto(&a, &rm))
	nb := normalize.Normalize(b)
	steps := []gen.Binding{bind("relativize(a, b)", rm), bind("norm(goto(a, relativize(a, b)))", g), bind("norm(b)", nb)}
	if print.ASCII(&g) != print.ASCII(&nb) {
		return &gen.Failure{Inputs: in, Steps: steps, Message: "print(norm(goto(a, relativize(a, b)))) != print(norm(b))"}
	}
	if b.Has(model.SchemeType) && len(r.Href()) > len(print.ASCII(&nb)) {
		return &gen.Failure{Inputs: in, Steps: steps, Message: "relativize(a, b) prints longer than norm(b)"}
	}
	return nil
}

// whatwgInput draws an input string and, a third of the time, a base for
// the WHATWG parser.
func whatwgInput(src gen.Source) (s string, base *urlspec.URL, in []gen.Binding) {
	s = gen.URLString(src)
	in = []gen.Binding{bindString("s", s)}
	if src.Choose(3) == 2 {
		bs := gen.URLString(src)
		if b, err := urlspec.Parse(bs); err == nil {
			base = &b
			in = append(in, bindString("base", bs))
		}
	}
	return s, base, in
}

// whatwgGetters: the getters of urlspec.Parse's result, recomputed from its
// component model.
func whatwgGetters(src gen.Source) error {
	s, base, in := whatwgInput(src)
	u, err := refops.Parse(s, base)
	if err != nil {
		return gen.ErrSkip
	}
	if err := CheckGetters(u); err != nil {
		return &gen.Failure{Inputs: in, Steps: err.(*gen.Failure).Steps, Message: err.(*gen.Failure).Message}
	}
	return nil
}

// CheckGetters checks a result of the WHATWG parser (urlspec.Parse)
// against its component model: the model satisfies model.Validate and is
// normalised, and each getter equals the value computed from the model's
// components with the percent-encode profile for it (spec §Concluding). It
// returns a *gen.Failure describing the first disagreement.
func CheckGetters(u urlspec.URL) error {
	m := u.Model()
	if err := model.Validate(&m); err != nil {
		return &gen.Failure{Steps: []gen.Binding{bind("model", m)}, Message: "the result breaks a constraint: " + err.Error()}
	}
	if n := normalize.Normalize(m); !n.Equal(&m) {
		return &gen.Failure{Steps: []gen.Binding{bind("model", m), bind("norm(model)", n)}, Message: "the result is not normalised"}
	}
	want, got := modelGetters(&m), getters(&u)
	for _, g := range getterNames {
		w, ok := want[g]
		if !ok {
			continue
		}
		if got[g] != w {
			return &gen.Failure{Steps: []gen.Binding{bind("model", m)},
				Message: fmt.Sprintf("the %s getter is %q but the model gives %q", g, got[g], w)}
		}
	}
	return nil
}

var getterNames = []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "origin"}

// modelGetters computes the WHATWG getters from the components of a
// normalised URL, with the percent-encode profile of spec §Encode Profile
// Selection (spec §Concluding lists the getters). The origin is computed
// for web-URLs and for URLs that are neither web-URLs nor blob URLs.
func modelGetters(m *model.URL) map[string]string {
	p := encodeprofile.For(m)
	g := map[string]string{}
	if m.Has(model.SchemeType) {
		g["protocol"] = m.Scheme() + ":"
	} else {
		g["protocol"] = ""
	}
	a := m.Authority()
	enc := func(s string, part encodeprofile.Part) string { return encodeprofile.Encode(s, p.Set(part)) }
	g["username"], g["password"], g["hostname"], g["port"] = "", "", "", ""
	if a.HasUsername() {
		g["username"] = enc(a.Username(), encodeprofile.Username)
	}
	if a.HasPassword() {
		g["password"] = enc(a.Password(), encodeprofile.Password)
	}
	if a.HasHost() {
		if h := a.Host(); h.Kind == model.Opaque {
			g["hostname"] = enc(h.Name, encodeprofile.Host)
		} else {
			g["hostname"] = h.String()
		}
	}
	if port, ok := a.Port(); a.HasPort() && ok {
		g["port"] = strconv.Itoa(int(port))
	}
	g["host"] = g["hostname"]
	if g["port"] != "" {
		g["host"] += ":" + g["port"]
	}
	// The path as printing writes it, without a (dir .) inserted for
	// printing (WHATWG: the "/." is in the href, not in the pathname).
	e := print.Encoded(m)
	dirs := e.Dirs()
	dot := len(dirs) == len(m.Dirs())+1
	if dot {
		dirs = dirs[1:]
	}
	var pb strings.Builder
	if e.Has(model.DriveType) {
		pb.WriteString("/" + e.Drive())
	}
	if e.Has(model.PathRootType) {
		pb.WriteString("/")
	}
	for _, d := range dirs {
		pb.WriteString(d)
		pb.WriteString("/")
	}
	pb.WriteString(e.File())
	path := pb.String()
	g["pathname"] = path
	g["search"], g["hash"] = "", ""
	if q := e.Query(); q != "" {
		g["search"] = "?" + q
	}
	if f := e.Fragment(); f != "" {
		g["hash"] = "#" + f
	}
	href := g["protocol"]
	if m.Has(model.AuthorityType) {
		href += "//"
		if a.HasUsername() {
			href += g["username"]
			if a.HasPassword() {
				href += ":" + g["password"]
			}
			href += "@"
		}
		href += g["host"]
		if a.HasPort() && g["port"] == "" {
			href += ":"
		}
	}
	switch {
	case dot && m.Has(model.PathRootType):
		href += "/." // before the path's "/"
	case dot:
		href += "./"
	}
	href += path
	if e.Has(model.QueryType) {
		href += "?" + e.Query()
	}
	if e.Has(model.FragmentType) {
		href += "#" + e.Fragment()
	}
	g["href"] = href
	switch {
	case m.IsWebURL():
		g["origin"] = g["protocol"] + "//" + g["host"]
	case m.Scheme() != "blob":
		g["origin"] = "null"
	}
	return g
}

// whatwgReparse: Parse(href) gives the same URL.
func whatwgReparse(src gen.Source) error {
	s, base, in := whatwgInput(src)
	u, err := refops.Parse(s, base)
	if err != nil {
		return gen.ErrSkip
	}
	if err := CheckReparse(u); err != nil {
		return &gen.Failure{Inputs: in, Steps: err.(*gen.Failure).Steps, Message: err.(*gen.Failure).Message}
	}
	return nil
}

// CheckReparse checks that the href of a WHATWG parser result parses,
// without a base, to the same URL: the same href, the same getters and the
// same components once percent-encoded as printing encodes them. It
// returns a *gen.Failure describing the first difference.
func CheckReparse(u urlspec.URL) error {
	v, err := urlspec.Parse(u.Href())
	if err != nil {
		return &gen.Failure{Message: fmt.Sprintf("href %q does not parse: %v", u.Href(), err)}
	}
	mu, mv := u.Model(), v.Model()
	eu, ev := print.Encoded(&mu), print.Encoded(&mv)
	steps := []gen.Binding{bind("Parse(s)", mu), bind("Parse(href)", mv)}
	if v.Href() != u.Href() || !eu.Equal(&ev) {
		return &gen.Failure{Steps: steps, Message: fmt.Sprintf("href %q reparses to %q", u.Href(), v.Href())}
	}
	gu, gv := getters(&u), getters(&v)
	for _, g := range getterNames {
		if gu[g] != gv[g] {
			return &gen.Failure{Steps: steps, Message: fmt.Sprintf("the %s getter is %q, and %q after reparsing the href", g, gu[g], gv[g])}
		}
	}
	return nil
}

func getters(u *urlspec.URL) map[string]string {
	return map[string]string{
		"href": u.Href(), "protocol": u.Protocol(), "username": u.Username(), "password": u.Password(),
		"host": u.Host(), "hostname": u.Hostname(), "port": u.Port(), "pathname": u.Pathname(),
		"search": u.Search(), "hash": u.Hash(), "origin": u.Origin().String(),
	}
}

// forceGotoForceDefined: where force(b) is defined, force(goto(a,
// force(b))) == force(goto(a, b)).
func forceGotoForceDefined(src gen.Source) error {
	a, b := gen.AnyURL(src), gen.AnyURL(src)
	fb, err := claim.Force(b)
	if err != nil {
		return gen.ErrSkip
	}
	l, lerr := claim.Force(resolve.Goto(&a, &fb))
	g := resolve.Goto(&a, &b)
	r, rerr := claim.Force(g)
	if (lerr != nil) != (rerr != nil) || lerr == nil && !l.Equal(&r) {
		return &gen.Failure{Inputs: []gen.Binding{bind("a", a), bind("b", b)},
			Steps:   []gen.Binding{bind("force(b)", fb), {Name: "force(goto(a, force(b)))", Value: showResult(l, lerr)}, {Name: "force(goto(a, b))", Value: showResult(r, rerr)}},
			Message: "force(goto(a, force(b))) != force(goto(a, b)) although force(b) is defined"}
	}
	return nil
}

func showResult(u model.URL, err error) string {
	if err != nil {
		return "fails (" + err.Error() + ")"
	}
	return show(u)
}

// forceNonLaw is one of the three §Force Properties. Its check first
// searches for a counterexample whose two sides are both defined; failing
// that, for one where a force fails on one side only.
func forceNonLaw(i int, text string) Law {
	c := claim.MustParse(text)
	l := Law{
		Name: "force-nonlaw-" + strconv.Itoa(i), Kind: NonLaw, Section: "§Force Properties",
		Statement: text + " (does not hold in general)",
		Claim:     c, definedFirst: true,
	}
	switch i {
	case 1, 3:
		l.FallbackNote = "no counterexample with both sides defined exists: where force(b) is defined, b has a scheme, so goto(x, force(b)) = force(b) and goto(a, b) = b, and force is idempotent; the counterexample has force(b) undefined (b has no scheme; force is defined on web- and file-URLs, kept as is on other schemes, undefined without a scheme, as in the spec's reference implementation)"
	default:
		l.Note = "the counterexample has both sides defined: force(a) takes a's first path segment as the host, before b's path is appended"
		l.FallbackNote = "only a counterexample with one side undefined was found"
	}
	return l
}

// allLevels are the equivalence levels, finest first.
var allLevels = []urlspec.Level{urlspec.LevelIdentical, urlspec.LevelNormal, urlspec.LevelEncoded, urlspec.LevelDecoded, urlspec.LevelWHATWG}
