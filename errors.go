package urlspec

import (
	"errors"

	"github.com/urlspec/urlspec/fileurl"
	"github.com/urlspec/urlspec/model"
)

// Error is the error of every failure of this package: parsing,
// resolving, setters, file paths, validation, database and text decoding.
// Get at it with errors.As:
//
//	var e *urlspec.Error
//	if errors.As(err, &e) { fmt.Println(e.Code, e.Offset) }
//
// and test for one kind with errors.Is and a Code of package model
// (errors.Is(err, model.HostMissing)).
type Error struct {
	// Code is the stable name of the failure: a validation error's name
	// from the WHATWG URL Standard where one fits (e.g. "host-missing",
	// "port-out-of-range"), otherwise the failed operation's (e.g.
	// "invalid-URL-string", "file-path"). Package model lists them all.
	Code Code
	// Input is the whole input that failed: the string parsed, the value
	// given to a setter, or the file path converted.
	Input string
	// Offset is the byte offset into Input at fault, or -1 when no single
	// byte is to blame.
	Offset int
	// Reason is a short human-readable detail, or "".
	Reason string

	cause error // a file-path conversion's fileurl error, for errors.Is
}

// Code is the stable code of an Error: a string such as "host-missing".
// The complete list, grouped by the operation that reports each, is the
// constants of type Code in package model (model.HostMissing,
// model.InputTooLong, model.InvalidURLString, model.FilePath, …).
// errors.Is(err, code) reports whether err is an *Error with that code.
type Code = model.Code

// Error formats the error as "code: reason (at byte N of "input")", with a
// long input quoted in part around the offset.
func (e *Error) Error() string {
	m := model.Error{Code: e.Code, Input: e.Input, Offset: e.Offset, Reason: e.Reason}
	return m.Error()
}

// Unwrap returns the Code (so errors.Is(err, model.HostMissing) works)
// and, for a file-path conversion, the fileurl error beneath it (so
// errors.Is(err, fileurl.ErrRelative) works too).
func (e *Error) Unwrap() []error {
	if e.cause != nil {
		return []error{e.Code, e.cause}
	}
	return []error{e.Code}
}

// As lets errors.As find a *model.Error in an *Error too, for code that
// handles the errors of the spec packages (grammar, resolve, host) and of
// this package in one place: the model.Error has the same four fields.
func (e *Error) As(target any) bool {
	if t, ok := target.(**model.Error); ok {
		*t = &model.Error{Code: e.Code, Input: e.Input, Offset: e.Offset, Reason: e.Reason}
		return true
	}
	return false
}

// asError returns err as this package's *Error: a *model.Error (the
// spec packages' error) is copied, a *fileurl.Error becomes code
// model.FilePath with the fileurl error as its cause; nil stays nil.
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
		return &Error{Code: model.FilePath, Input: fe.Input, Offset: fe.Offset, Reason: fe.Style.String() + " path: " + reason, cause: fe}
	}
	var me *model.Error
	if errors.As(err, &me) {
		return &Error{Code: me.Code, Input: me.Input, Offset: me.Offset, Reason: me.Reason}
	}
	return &Error{Code: model.Internal, Offset: -1, Reason: err.Error(), cause: err}
}
