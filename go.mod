module github.com/urlspec/urlspec

go 1.26.0

require (
	golang.org/x/text v0.43.0
	pgregory.net/rapid v1.3.0
)
