# The SURT oracle of canon's differential test (surt_test.go): reads JSON
# strings (URLs), one a line, on stdin, and writes for each one JSON line,
# [surt.surt(url), surt.surt(url, with_scheme=True, trailing_comma=True)],
# or {"error": "..."} where surt raises. It imports the Internet Archive's
# surt library (github.com/internetarchive/surt) from the directory given
# as its first argument, and needs Python 3 with the modules surt imports
# (six, tldextract). It runs as a separate process: nothing of surt is
# copied into this repository.
import json
import sys

sys.path.insert(0, sys.argv[1])
import surt  # noqa: E402

out = sys.stdout
for line in sys.stdin:
    url = json.loads(line)
    try:
        r = [surt.surt(url), surt.surt(url, with_scheme=True, trailing_comma=True)]
    except Exception as e:  # surt's own failures are part of the comparison
        r = {"error": type(e).__name__ + ": " + str(e)}
    out.write(json.dumps(r) + "\n")
out.flush()
