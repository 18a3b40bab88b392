package urlspec

import (
	"errors"

	"github.com/urlspec/urlspec/fileurl"
	"github.com/urlspec/urlspec/model"
)

// Error is the error of every failure of this package: parsing,
// resolving, setters, file paths, validation, database and text decoding.
// It is model.Error, which the spec packages (grammar, host, resolve)
// return too, so that one errors.As handles both:
//
//	var e *urlspec.Error
//	if errors.As(err, &e) { fmt.Println(e.Code, e.Offset) }
//
// Test for one kind with errors.Is and a Code of package model
// (errors.Is(err, model.HostMissing)). Its Error method formats it as
// "code: reason (at byte N of "input")", with a long input quoted in part
// around the offset.
type Error = model.Error

// Code is the stable code of an Error: a string such as "host-missing".
// The complete list, grouped by the operation that reports each, is the
// constants of type Code in package model (model.HostMissing,
// model.InputTooLong, model.InvalidURLString, model.FilePath, …).
// errors.Is(err, code) reports whether err is an *Error with that code.
type Code = model.Code

// asError returns err as an *Error: an *Error (also one that err wraps)
// as it is, a *fileurl.Error as code model.FilePath with the fileurl error
// as its Cause, any other as code model.Internal; nil stays nil.
func asError(err error) error {
	if err == nil {
		return nil
	}
	if e, ok := err.(*Error); ok {
		return e
	}
	var fe *fileurl.Error
	if errors.As(err, &fe) {
		reason := fe.Err.Error()
		if fe.Reason != "" {
			reason += ": " + fe.Reason
		}
		return &Error{Code: model.FilePath, Input: fe.Input, Offset: fe.Offset, Reason: fe.Style.String() + " path: " + reason, Cause: fe}
	}
	var me *Error
	if errors.As(err, &me) {
		return me
	}
	return &Error{Code: model.Internal, Offset: -1, Reason: err.Error(), Cause: err}
}
