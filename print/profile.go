package print

import (
	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
)

// WithProfileOffsets is WithProfile that also returns where the parts of
// the URL-string are, as ASCIIOffsets does: for spec authors who print
// with a profile of their own (package whatif) and read the WHATWG getters.
func WithProfileOffsets(u *model.URL, p *encodeprofile.Profile) (string, Offsets) {
	var off CompactOffsets
	var s string
	switch {
	case !normalize.NeedsPrintingNormalisation(u):
		s = print(u, p, false, false, &off)
	case normalize.DotForPrinting(u):
		s = print(u, p, true, false, &off)
	default:
		v := normalize.ForPrinting(*u)
		s = print(&v, p, false, false, &off)
	}
	return s, off.Expand()
}
