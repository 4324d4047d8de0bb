#!/usr/bin/env bash
# `make test`: the whole suite, then, if it failed, the failures again at
# the end, because a CI log is often read from its tail and the suite's own
# summary names only the count.
set -uo pipefail
swift="${1:-swift}"
# The build `make install` installs (the Makefile's RELEASE_FLAGS).
release_flags=(${2:--c release --static-swift-stdlib})
log="$(mktemp "${TMPDIR:-/tmp}/docbrowser-test.XXXXXX")"
trap 'rm -f "$log"' EXIT

# Swift Testing starts every test at once unless told; on 2 cores that put
# the load above 80 and starved the tests that wait for a sync engine or a
# child. A dozen at a time keeps both cores busy and the suite as fast.
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-12}"
# The end-to-end tests run what ships: Foundation linked statically
# behaves differently from the debug build's (it could not write a property
# list at all), and a user runs the installed binary. The unit tests, the
# fuzzing harness and the example app stay the debug build's.
for product in docbrowser docbrowser-archiver docbrowser-syncthing; do
	"$swift" build "${release_flags[@]}" --product "$product" || exit
done
export DOCBROWSER_BIN="$("$swift" build "${release_flags[@]}" --show-bin-path)/docbrowser"
export DOCBROWSER_SHIPPED_BUILD=1

"$swift" test 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
	echo
	echo "== failures (repeated from above) =="
	grep -E '✘|error:|Fatal error|Expectation failed|Caught error|recorded an issue|↳' "$log" | grep -v '^✘ Test run with' | head -n 80
	echo "== $(grep -E '^✘ Test .* failed after' "$log" | grep -cv '^✘ Test run with') failing tests; exit status $status =="
fi
# The pages in a real browser, against the same release binary.
echo
echo "== browser tests (Tests/Browser) =="
if ! bash scripts/browser-tests.sh; then
	echo "== the browser tests failed =="
	[ "$status" -ne 0 ] || status=1
fi
exit "$status"
