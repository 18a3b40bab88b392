package main

import (
	"strconv"
	"strings"

	"github.com/urlspec/urlspec/model"
)

// single returns the URL whose only component is c.
func single(c model.Component) model.URL {
	var u model.URL
	switch c.Type {
	case model.AuthorityType:
		u.SetAuthority(c.Authority)
	case model.DirType:
		u.SetDirs([]string{c.Value})
	default:
		u.Set(c.Type, c.Value)
	}
	return u
}

// render returns the structural rendering of one component, e.g. (dir a).
func render(c model.Component) string { return single(c).String() }

// renderValue returns the value of a component as the structural rendering
// shows it: ε for the empty string, Go-quoted when it could be misread.
func renderValue(c model.Component) string {
	s := render(c)
	s = strings.TrimPrefix(s, "("+c.Type.String()+" ")
	return strings.TrimSuffix(s, ")")
}

// components returns the component sequence of u as a slice.
func components(u *model.URL) []model.Component {
	var cs []model.Component
	for c := range u.Components() {
		cs = append(cs, c)
	}
	return cs
}

// writeComponents writes the components of u one a line, the authority's
// own components indented below it.
// hostNote, when not empty, is written below the host.
func (o *output) writeComponents(indent int, u *model.URL, hostNote string) {
	cs := components(u)
	if len(cs) == 0 {
		o.printf("%sε %s\n", strings.Repeat(" ", indent), o.pal.dim("(the empty URL)"))
		return
	}
	for _, c := range cs {
		o.field(indent, c.Type.String(), renderValue(c))
		if c.Type != model.AuthorityType {
			continue
		}
		a := c.Authority
		if a.HasUsername() {
			o.field(indent+2, "username", valueOrEpsilon(a.Username()))
		}
		if a.HasPassword() {
			o.field(indent+2, "password", valueOrEpsilon(a.Password()))
		}
		if a.HasHost() {
			h := a.Host()
			o.field(indent+2, "host", show(h.String())+" "+o.pal.dim("("+hostKind(h)+")"))
			if hostNote != "" {
				o.field(indent+4, "", o.pal.dim(hostNote))
			}
		}
		if a.HasPort() {
			p := "ε"
			if n, ok := a.Port(); ok {
				p = strconv.Itoa(int(n))
			}
			o.field(indent+2, "port", p)
		}
	}
}

func valueOrEpsilon(s string) string {
	if s == "" {
		return "ε"
	}
	return show(s)
}

// hostKind names the kind of a host in the spec's words.
func hostKind(h model.Host) string {
	switch h.Kind {
	case model.Domain:
		return "domain"
	case model.IPv4:
		return "ipv4-address"
	case model.IPv6:
		return "ipv6-address"
	case model.Opaque:
		return "opaque-host"
	}
	return "none"
}

// componentJSON is one component as --json prints it. Value is the value
// (for the authority, its structural rendering); the authority's own
// components are given apart, each present only when the authority has it.
type componentJSON struct {
	Type     string  `json:"type"`
	Value    string  `json:"value"`
	Username *string `json:"username,omitempty"`
	Password *string `json:"password,omitempty"`
	Host     *string `json:"host,omitempty"`
	HostKind string  `json:"host_kind,omitempty"`
	Port     *string `json:"port,omitempty"`
}

func componentsJSON(u *model.URL) []componentJSON {
	out := []componentJSON{}
	for c := range u.Components() {
		j := componentJSON{Type: c.Type.String(), Value: c.Value}
		if c.Type == model.AuthorityType {
			a := c.Authority
			j.Value = a.String()
			if a.HasUsername() {
				j.Username = ptr(a.Username())
			}
			if a.HasPassword() {
				j.Password = ptr(a.Password())
			}
			if a.HasHost() {
				h := a.Host()
				j.Host, j.HostKind = ptr(h.String()), hostKind(h)
			}
			if a.HasPort() {
				p := ""
				if n, ok := a.Port(); ok {
					p = strconv.Itoa(int(n))
				}
				j.Port = ptr(p)
			}
		}
		out = append(out, j)
	}
	return out
}

func ptr[T any](v T) *T { return &v }
