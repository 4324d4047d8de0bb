#!/usr/bin/env bash
# make heap-check: the DocKit unit tests, RUNS times, under glibc's own
# malloc checks (libc_malloc_debug: each free checked, no per-thread
# cache to hide a chunk freed twice, freed memory overwritten), so that
# heap corruption crashes near its cause instead of once in a while
# later. The tests run in parallel, as in `make test`: corruption from
# a race shows only under their load. Exits 1 when any run crashed.
set -uo pipefail

tests=$1 runs=$2
library=$(ldconfig -p | awk '/libc_malloc_debug\.so\.0/ { print $NF; exit }')
if [[ -z "$library" ]]; then
    echo "heap-check: glibc's libc_malloc_debug.so.0 is not installed (glibc 2.34 or later ships it)" >&2
    exit 2
fi
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
crashed=0 failed=0
for run in $(seq "$runs"); do
    LD_PRELOAD=$library GLIBC_TUNABLES=glibc.malloc.check=3:glibc.malloc.tcache_count=0:glibc.malloc.perturb=165 \
        SWIFT_BACKTRACE=enable=no "$tests" --testing-library swift-testing --filter DocKitTests >"$log/run" 2>&1
    status=$?
    if (( status > 128 )); then
        crashed=$((crashed + 1))
        echo "run $run: killed by signal $((status - 128))"
    elif (( status != 0 )); then
        failed=$((failed + 1))
        echo "run $run: tests failed:"
        grep -a '^✘' "$log/run" | head -5
    else
        echo "run $run: passed"
    fi
done
echo "heap-check: $runs runs, $crashed crashed, $failed with failing tests"
(( crashed == 0 ))
