#!/usr/bin/env bash
# `make test`: the whole suite, then, if it failed, the failures again at
# the end, because a CI log is often read from its tail and the suite's own
# summary names only the count.
set -uo pipefail
swift="${1:-swift}"
# The build `make install` installs (the Makefile's RELEASE_FLAGS).
release_flags=(${2:--c release --static-swift-stdlib})
log="$(mktemp "${TMPDIR:-/tmp}/docbrowser-test.XXXXXX")"
venv_log="$(mktemp "${TMPDIR:-/tmp}/docbrowser-venv.XXXXXX")"
# The browser tests' venv, made while the build runs: on a fresh clone it
# is a download from PyPI, which waits on the network, not on the cores.
# If the build fails, it finishes on its own, for the next run.
bash scripts/browser-venv.sh >"$venv_log" 2>&1 &
venv_pid=$!
# The app OutsideAppTests builds outside the repository against DocKit,
# built from cold while the release build runs: the release build
# compiles each module whole, along DocKit's chain one after another, and
# leaves a core idle for much of its time; the tests, which do keep both
# busy, then find the app built and rebuild nothing. Should it fail, the
# test builds it again and shows why.
outside_log="$(mktemp "${TMPDIR:-/tmp}/docbrowser-outside-app.XXXXXX")"
(
	started=$SECONDS
	SWIFT="$swift" bash scripts/outside-app.sh
	built=$?
	subshell=$BASHPID
	cpu=$(awk '{ print $16 + $17 }' "/proc/$subshell/stat")
	echo "== outside app, built meanwhile: $((SECONDS - started)) s, CPU $((cpu / $(getconf CLK_TCK))) s, status $built =="
	exit "$built"
) >"$outside_log" 2>&1 &
outside_pid=$!
trap 'rm -f "$log" "$venv_log" "$outside_log"' EXIT

# Each phase's time in the log, wall and CPU (what this script's children
# used on all cores), so that a CI log shows where its minutes went, and
# whether they went in work or in waiting. What runs in the background
# counts in the phase it ends in.
phase_wall=$SECONDS
phase_cpu=0
cpu_ticks() { awk '{ print $16 + $17 }' "/proc/$$/stat"; }
phase_done() {
	local ticks
	ticks=$(cpu_ticks)
	echo "== $1: $((SECONDS - phase_wall)) s, CPU $(((ticks - phase_cpu) / $(getconf CLK_TCK))) s =="
	phase_wall=$SECONDS
	phase_cpu=$ticks
}

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
	phase_done "release build of $product"
done
export DOCBROWSER_BIN="$("$swift" build "${release_flags[@]}" --show-bin-path)/docbrowser"
export DOCBROWSER_SHIPPED_BUILD=1

# What swift test would build first, apart so that its time shows apart.
"$swift" build --build-tests || exit
phase_done "debug build with the tests"

wait "$outside_pid"
tail -n 1 "$outside_log"
phase_done "waiting for the outside app"

"$swift" test --skip-build 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
phase_done "swift test"
if [ "$status" -ne 0 ]; then
	echo
	echo "== failures (repeated from above) =="
	grep -E '✘|error:|Fatal error|Expectation failed|Caught error|recorded an issue|↳' "$log" | grep -v '^✘ Test run with' | head -n 80
	echo "== $(grep -E '^✘ Test .* failed after' "$log" | grep -cv '^✘ Test run with') failing tests; exit status $status =="
fi
# The pages in a real browser, against the same release binary.
echo
echo "== browser tests (Tests/Browser) =="
# Its failure shows here; browser-tests.sh then tries again.
wait "$venv_pid" || cat "$venv_log"
if ! bash scripts/browser-tests.sh; then
	echo "== the browser tests failed =="
	[ "$status" -ne 0 ] || status=1
fi
phase_done "browser tests"
exit "$status"
