package encodeprofile

// NewSet returns a percent-encode set named name that encodes the printable
// ASCII characters of chars (other bytes of chars are ignored) and, as every
// set does, every byte outside printable ASCII. It is for spec authors who
// measure a change to a set (package whatif); the profiles' own sets are
// fixed.
func NewSet(name, chars string) *Set { return newSet(name, chars) }

// WithSet returns a new profile, named as p, that is p with the set s for
// part. p is not changed.
func (p *Profile) WithSet(part Part, s *Set) *Profile {
	q := *p
	if part < numParts {
		q.sets[part] = s
	}
	return &q
}
