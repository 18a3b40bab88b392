package urlpattern

// SetPolyfillCompat switches on or off the model of the urlpattern-polyfill's
// known departures from the standard (canonical.go), for the differential
// test. Not safe for concurrent use.
func SetPolyfillCompat(on bool) { polyfillCompat.on = on }
