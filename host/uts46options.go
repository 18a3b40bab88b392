package host

import "github.com/urlspec/urlspec/host/internal/uts46"

// UTS46 holds the flags of UTS #46 processing (unicode.org/reports/tr46,
// §4 Processing) that the WHATWG URL Standard's "domain to ASCII" fixes
// (url.spec.whatwg.org §3.3 IDNA): with beStrict false CheckBidi and
// CheckJoiners are set and the others not; processing is always
// nontransitional. It is for spec authors who measure another choice (package
// whatif); DomainToASCII does not read it.
type UTS46 struct {
	CheckHyphens      bool
	CheckBidi         bool
	CheckJoiners      bool
	UseSTD3ASCIIRules bool
	VerifyDNSLength   bool
}

// ToASCII runs UTS #46 ToASCII with the flags o on domain (valid UTF-8 or
// not; invalid bytes read as U+FFFD), nontransitional, on every domain: it
// has neither the standard's ASCII shortcut nor its check of forbidden
// domain code points, which DomainToASCII adds. Failures are *model.Error
// values with code model.DomainToASCII.
func (o UTS46) ToASCII(domain string) (string, error) {
	r, err := uts46.ToASCII(domain, uts46.Options(o))
	if err != nil {
		return "", domainError(domain, err)
	}
	return r, nil
}
