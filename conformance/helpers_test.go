package conformance_test

import (
	"errors"

	"github.com/urlspec/urlspec/model"
)

func asError(err error, e **model.Error) bool { return errors.As(err, e) }
