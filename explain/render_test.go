package explain

import (
	"testing"

	"github.com/urlspec/urlspec/model"
)

// renderValue's shortcut for plain values gives what the structural
// rendering gives.
func TestPlainValueRendersAsIs(t *testing.T) {
	for _, v := range []string{"a", "%2e", "x:y@z", "a/b?c", "-._~!$&'*+,;=", "ε", "a b", "(x)", `"`, "é", "a・b", ""} {
		for _, ty := range []model.ComponentType{model.DirType, model.FileType, model.QueryType, model.FragmentType, model.SchemeType} {
			c := model.Component{Type: ty, Value: v}
			s := render(c)
			want := s[len("("+ty.String()+" ") : len(s)-1]
			if got := renderValue(c); got != want {
				t.Errorf("%v %q: renderValue %q, rendering %q", ty, v, got, want)
			}
		}
	}
}
