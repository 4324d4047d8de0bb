#!/usr/bin/env bash
# make fuzz: every libFuzzer target, then the archiver process under
# mutated archives and the Syncthing adapter under mutated config.xml
# files, in FUZZ_SECONDS all told (a third for the two processes).
# Crashes are saved in OUT as TARGET-crash-*; replay one with
#   .build/debug/docbrowser-fuzz replay TARGET OUT/TARGET-crash-…
# and commit it in Fuzz/Corpus/TARGET once fixed, where `make test`
# replays it for good. Exits 1 when anything was found.
set -uo pipefail

# FUZZER is the libFuzzer build; LISTER the normal one, which names the targets.
fuzzer=$1 lister=$2 archiver=$3 seconds=$4 out=$5
# The adapter reads config.xml in its own executable, so it is fuzzed as a
# process; the normal build puts it beside the archiver.
adapter=$(dirname "$archiver")/docbrowser-syncthing
mkdir -p "$out"
targets=$("$lister" list | cut -f1)
count=$(echo "$targets" | wc -l)
share=$(( seconds * 2 / 3 / count ))
(( share < 5 )) && share=5
found=0

for target in $targets; do
    mkdir -p "$out/corpus/$target"
    echo "== $target: ${share}s"
    # Leaks are the Swift runtime's caches, not findings; Swift's own
    # backtracer would stand between a crash and libFuzzer's report.
    if ! DOCBROWSER_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "$fuzzer" \
        -max_total_time="$share" -timeout=10 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
        -artifact_prefix="$out/$target-" "$out/corpus/$target" "Fuzz/Corpus/$target" >"$out/$target.log" 2>&1; then
        found=1
        echo "   FOUND: $(grep -m1 -E 'ERROR|Fatal|SUMMARY|Test unit written' "$out/$target.log")"
    fi
    grep -E '^stat::number_of_executed_units|^#[0-9]+ +DONE' "$out/$target.log" | tail -1 | sed 's/^/   /'
done

echo "== archives through docbrowser-archiver: $(( seconds / 4 ))s"
python3 scripts/fuzz-archives.py --archiver "$archiver" --seconds $(( seconds / 4 )) --out "$out/archives" || found=1
echo "== config.xml through docbrowser-syncthing: $(( seconds / 12 ))s"
python3 scripts/fuzz-syncthing-config.py --adapter "$adapter" --seconds $(( seconds / 12 )) --out "$out/syncthing-config" || found=1
exit $found
