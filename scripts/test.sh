#!/usr/bin/env bash
# `make test`: the whole suite, then, if it failed, the failures again at
# the end, because a CI log is often read from its tail and the suite's own
# summary names only the count.
set -uo pipefail
swift="${1:-swift}"
log="$(mktemp "${TMPDIR:-/tmp}/docbrowser-test.XXXXXX")"
trap 'rm -f "$log"' EXIT

# Swift Testing starts every test at once unless told; on 2 cores that put
# the load above 80 and starved the tests that wait for a sync engine or a
# child. A dozen at a time keeps both cores busy and the suite as fast.
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-12}"
"$swift" test 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
	echo
	echo "== failures (repeated from above) =="
	grep -E '✘|error:|Fatal error|Expectation failed|Caught error|recorded an issue|↳' "$log" | grep -v '^✘ Test run with' | head -n 80
	echo "== $(grep -E '^✘ Test .* failed after' "$log" | grep -cv '^✘ Test run with') failing tests; exit status $status =="
fi
exit "$status"
