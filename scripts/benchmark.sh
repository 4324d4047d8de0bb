#!/usr/bin/env bash
# Compares docbrowser with the tool a user would otherwise run for the same
# job, side by side in one run on this machine, and prints a Markdown table
# of medians, peak memory and ratios (issue 13's rows). Nothing here fails
# on a slow machine: it measures, and says. A full run then puts its table
# into docs/PERFORMANCE.md (scripts/write-performance-table.sh).
#
# Usage: scripts/benchmark.sh DOCBROWSER_BINARY
#   RUNS=N         runs of each command (default 5; the median is kept)
#   BENCH_CACHE=D  where the 100,000-document tree is made once and kept
#                  (default ~/.cache/docbrowser-bench)
#   QUICK=1        skip the 100,000-document, 200 MB and thumbnail rows (and
#                  serve's memory with 100,000),
#                  and leave docs/PERFORMANCE.md as it is
#   THUMBNAIL_PHOTOS=N  photos the thumbnail rows make (default 1,000)
set -euo pipefail
docbrowser=$(realpath "$1")
repository=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-5}
cache=${BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/docbrowser-bench}
work=$(mktemp -d)
other_fs=$(mktemp -d /dev/shm/docbrowser-bench.XXXXXX)
trap 'rm -rf "$work" "$other_fs"' EXIT
export LC_ALL=C.UTF-8

# One run of "$@": wall seconds and peak resident KiB, as "S KIB".
run_once() {
  local start end
  start=$(date +%s%N)
  # A failure is recorded in a file: this runs inside $(…), whose exit
  # would not stop the script.
  /usr/bin/time -f '%M' -o "$work/rss" "$@" >/dev/null 2>"$work/stderr" || {
    echo "benchmark: failed: $*" >&2; head -n 5 "$work/stderr" >&2; touch "$work/failed"; }
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000 )) $(tail -n 1 "$work/rss")"
}

# Median wall time (ms) and the peak memory (MiB) of that median run, from
# "S KIB" samples on standard input.
median() {
  sort -n | awk '{ t[NR] = $1; m[NR] = $2 }
    END { i = int((NR + 1) / 2); printf "%.1f %.0f", t[i] / 1000, m[i] / 1024 }'
}

# measure COMMAND...: median() of $runs runs. SETUP, when set, is run
# before each run and not timed.
measure() {
  local samples=()
  for _ in $(seq "$runs"); do
    [[ -n ${SETUP:-} ]] && bash -c "$SETUP"
    samples+=("$(run_once "$@")")
  done
  printf '%s\n' "${samples[@]}" | median
}

# From here to the catalog's floor, what is printed is also kept in
# $work/report.md: the table docs/PERFORMANCE.md gets.
{
printf '| workload | docbrowser | peer | ratio | goal |\n|---|---|---|---|---|\n'

# row LABEL GOAL PEER_NAME -- OURS... -- PEER...
row() {
  local label=$1 goal=$2 peer_name=$3; shift 3
  local ours=() peer=()
  shift # --
  while [[ $1 != "--" ]]; do ours+=("$1"); shift; done
  shift
  peer=("$@")
  # Ours and the peer's runs take turns, so that both meet the same
  # machine: on a shared VM, five runs in a row can all fall in a busy
  # spell that the other command's five miss.
  local a b ours_samples=() peer_samples=()
  for _ in $(seq "$runs"); do
    [[ -n ${SETUP:-} ]] && bash -c "$SETUP"
    ours_samples+=("$(run_once "${ours[@]}")")
    [[ -n ${SETUP:-} ]] && bash -c "$SETUP"
    peer_samples+=("$(run_once "${peer[@]}")")
  done
  a=($(printf '%s\n' "${ours_samples[@]}" | median))
  b=($(printf '%s\n' "${peer_samples[@]}" | median))
  [[ ! -e "$work/failed" ]] || { echo "benchmark: stopped: a command of \"$label\" failed" >&2; exit 1; }
  printf '| %s | %s ms, %s MiB | %s %s ms, %s MiB | %s | %s |\n' "$label" "${a[0]}" "${a[1]}" "$peer_name" "${b[0]}" "${b[1]}" \
    "$(awk -v a="${a[0]}" -v b="${b[0]}" 'BEGIN { printf "%.2f×", (b > 0 ? a / b : 0) }')" "$goal"
}

# Documents named as people name them, with the sizes and kinds of a real
# home: mostly text and pictures, some PDFs, a few packages.
make_documents() { # DIR COUNT PREFIX
  python3 - "$@" <<'EOF'
import os, sys
folder, count, prefix = sys.argv[1], int(sys.argv[2]), sys.argv[3]
os.makedirs(folder, exist_ok=True)
kinds = [("txt", b"note\n"), ("png", b"\x89PNG\r\n\x1a\n"), ("pdf", b"%PDF-1.7\n"), ("md", b"# title\n"), ("jpg", b"\xff\xd8\xff\xe0")]
for i in range(count):
    extension, head = kinds[i % len(kinds)]
    with open(os.path.join(folder, f"{prefix} {i:06d}.{extension}"), "wb") as f:
        f.write(head * (1 + i % 7))
EOF
}

# --- short commands -------------------------------------------------------
# A short command takes a few milliseconds, less than the date calls and
# /usr/bin/time around run_once add, so these rows are timed by hyperfine
# with no shell (-N): rounds of ten runs of ours, then ten of the peer's,
# repeated so that both meet the same minutes. Peak memory is from one
# run_once each.
hyperfine_times() { # COMMAND_LINE...: "INDEX MS" per run, INDEX counting the command lines from 0
  hyperfine -N --style none --warmup 3 --runs 10 --export-json "$work/hyperfine.json" "$@" >"$work/hyperfine.log" 2>&1 ||
    { cat "$work/hyperfine.log" >&2; return 1; }
  python3 -c 'import json, sys
for i, result in enumerate(json.load(open(sys.argv[1]))["results"]):
    for t in result["times"]: print(i, t * 1000)' "$work/hyperfine.json"
}
median_of() { # INDEX: the median ms of that command line in $work/times
  awk -v i="$1" '$1 == i { print $2 }' "$work/times" | sort -n | awk '{ t[NR] = $1 } END { printf "%.1f", t[int((NR + 1) / 2)] }'
}
short_row() { # LABEL GOAL PEER_NAME OURS_LINE PEER_LINE (command lines quoted for hyperfine)
  local label=$1 goal=$2 peer_name=$3 ours=$4 peer=$5 a b ours_kib peer_kib
  : > "$work/times"
  for _ in $(seq $(( (runs + 1) / 2 ))); do hyperfine_times "$ours" "$peer" >> "$work/times"; done
  a=$(median_of 0) b=$(median_of 1)
  ours_kib=$(eval "run_once $ours" | cut -d' ' -f2)
  peer_kib=$(eval "run_once $peer" | cut -d' ' -f2)
  printf '| %s | %s ms, %s MiB | %s %s ms, %s MiB | %s | %s |\n' "$label" "$a" "$(( ours_kib / 1024 ))" "$peer_name" "$b" "$(( peer_kib / 1024 ))" \
    "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f×", (b > 0 ? a / b : 0) }')" "$goal"
}
small="$work/small"
make_documents "$small/Documents" 10 Note
"$docbrowser" --home "$small" list >/dev/null
pdf=$(printf '%q' "$small/Documents/Note 000002.pdf")
ours_line="$(printf '%q' "$docbrowser") --home $(printf '%q' "$small")"
short_row "a short command: \`types lookup --ext pdf\`" "≤ 15 ms, ≤ 1.5× gio" "gio info" \
  "$ours_line types lookup --ext pdf" "gio info $pdf"
short_row "a short command: \`info\` on a 10-document home" "≤ 15 ms, ≤ 1.5× gio" "gio info" \
  "$ours_line info 'Note 000002.pdf'" "gio info $pdf"
# The floor under both rows: the same command line parsed by a Swift
# program that has argument-parser and Foundation, built as docbrowser is,
# and does nothing else (Benchmarks/StartupFloor); then the same program
# linked with DocKit and what it links, none of it used.
swift build -c release --static-swift-stdlib --package-path "$repository/Benchmarks/StartupFloor" \
  --scratch-path "$cache/startup-floor-build" >"$work/floor-build.log" 2>&1 ||
  { cat "$work/floor-build.log" >&2; exit 1; }
floor_line="$(printf '%q' "$cache/startup-floor-build/release/startup-floor") --home $(printf '%q' "$small")"
linked_floor_line="$(printf '%q' "$cache/startup-floor-build/release/startup-floor-linked") --home $(printf '%q' "$small")"
short_row "the floor: \`types lookup --ext pdf\` parsed by argument-parser, nothing done" "none: any Swift command's cost" "gio info" \
  "$floor_line types lookup --ext pdf" "gio info $pdf"
short_row "the same floor, linked with DocKit (GRDB, SQLite, swift-subprocess, Foundation), none of it used" "none: the cost of what docbrowser links" "gio info" \
  "$linked_floor_line types lookup --ext pdf" "gio info $pdf"

# Where a short command's time goes: an exec, what any Swift command
# pays (the floor), then each of docbrowser's stages adds one step to the
# one before; all timed in the same rounds.
startup_breakdown() {
  local stages=("exec of /bin/true" "the floor above" "the floor linked with DocKit" "\`docbrowser --version\`" "\`types lookup --ext pdf\`" "\`info\`" "\`gio info\`")
  : > "$work/times"
  for _ in $(seq $(( (runs + 1) / 2 ))); do
    hyperfine_times /bin/true "$floor_line types lookup --ext pdf" "$linked_floor_line types lookup --ext pdf" "$(printf '%q' "$docbrowser") --version" \
      "$ours_line types lookup --ext pdf" "$ours_line info 'Note 000002.pdf'" "gio info $pdf" >> "$work/times"
  done
  echo
  echo "Startup, medians of $(( (runs + 1) / 2 * 10 )) runs by \`hyperfine -N\`:"
  for i in "${!stages[@]}"; do printf -- '- %s: %s ms\n' "${stages[$i]}" "$(median_of "$i")"; done
  # Before main: the dynamic loader's own count, relocations most of it.
  local loader
  loader=$(LD_DEBUG=statistics "$docbrowser" --version 2>&1 >/dev/null | awk '/total startup time in dynamic loader/ { print $(NF - 1); exit }')
  printf -- '- of `docbrowser --version`, in the dynamic loader before main: %s cycles (`LD_DEBUG=statistics`)\n' "${loader:-not measured}"
}

# --- typing many paths ----------------------------------------------------
typed="$work/typed"
make_documents "$typed" 10000 File
for i in $(seq 0 99); do printf '%%PDF-1.7\n' > "$typed/scan-$i"; done
find "$typed" -type f > "$work/typed.list"
row "typing 10,100 paths (100 by content)" "≤ 1.0× file" "\`file --mime-type -f\`" -- \
  "$docbrowser" --home "$small" types lookup --files-from "$work/typed.list" -- file --mime-type -f "$work/typed.list"

# --- moves by identity ----------------------------------------------------
moves() { # HOME: 40 moves, the first 20 documents to the cloud and back
  local kinds=(txt png pdf md jpg) name
  for i in $(seq 0 19); do
    name="Note $(printf '%06d' "$i").${kinds[i % 5]}"
    "$docbrowser" --home "$1" move "$name" --to cloud >/dev/null
    "$docbrowser" --home "$1" move "cloud:$name" --to local >/dev/null
  done
}
export -f moves
export docbrowser
few="$work/few" many="$work/many"
make_documents "$few/Documents" 61 Note
make_documents "$many/Documents" 3000 Note
# Each document goes back the moment it reached the cloud, which the quiet
# period would refuse: what is measured is the move, not a wait.
for moved_home in "$few" "$many"; do "$docbrowser" --home "$moved_home" config set cloud.quiet-seconds 0; done
"$docbrowser" --home "$few" list >/dev/null
"$docbrowser" --home "$many" list >/dev/null
row "40 moves in a home of 3,000 documents, vs 61" "≤ 1.2×" "the same in 61" -- \
  bash -c "moves '$many'" -- bash -c "moves '$few'"

# What SQLite alone takes to write the rows of a cold listing: the rows of
# each location's database in CATALOG copied into a new database of the
# same table, in WAL mode, in the table's key order, in one statement and
# one transaction, so that no program's own work is counted; the two copies
# one after the other, and the median ms of $runs runs of both. The copies
# are made beside the catalog, on the same file system.
catalog_floor() { # CATALOG
  python3 - "$1" "$runs" <<'EOF'
import contextlib, glob, os, sqlite3, statistics, sys, time
catalog, runs = sys.argv[1], int(sys.argv[2])
sources = sorted(glob.glob(os.path.join(catalog, "*.sqlite")))
if not sources:
    sys.exit(f"benchmark: no catalog database in {catalog}")
target = os.path.join(catalog, "floor-copy.sqlite.tmp")
def remove_copy():
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(target + suffix): os.remove(target + suffix)
def copy(source):
    with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as catalog_file:
        schema = catalog_file.execute("SELECT sql FROM sqlite_master WHERE name = 'catalogRecord'").fetchone()[0]
    remove_copy()
    database = sqlite3.connect(target, isolation_level=None)
    database.execute("PRAGMA journal_mode = WAL")
    database.execute("PRAGMA synchronous = NORMAL")
    database.execute(schema)
    database.execute("ATTACH ? AS source", (source,))
    start = time.perf_counter()
    database.execute("BEGIN")
    # The WHERE keeps SQLite from copying the records whole, as it may
    # between two tables of one schema: each row is inserted as docbrowser's are.
    database.execute("INSERT INTO catalogRecord SELECT * FROM source.catalogRecord WHERE length(record) >= 0 ORDER BY relativePath")
    database.execute("COMMIT")
    elapsed = (time.perf_counter() - start) * 1000
    copied, = database.execute("SELECT count(*) FROM catalogRecord").fetchone()
    total, = database.execute("SELECT count(*) FROM source.catalogRecord").fetchone()
    database.close()
    if copied != total:
        sys.exit(f"benchmark: the catalog's floor copied {copied} of {total} rows of {source}")
    return elapsed
times = [sum(copy(source) for source in sources) for _ in range(runs)]
remove_copy()
print(f"{statistics.median(times):.1f}")
EOF
}

if [[ -z ${QUICK:-} ]]; then
  # --- 100,000 documents --------------------------------------------------
  big="$cache/home-100k"
  if [[ ! -f "$cache/.complete-100k" ]]; then
    rm -rf "$big"
    make_documents "$big/Documents" 50000 Local
    make_documents "$big/Cloud/Documents" 50000 Cloud
    touch "$cache/.complete-100k"
  fi
  folders=("$big/Documents" "$big/Cloud/Documents")
  SETUP="rm -rf '$big'/Library/Catalog" row "\`list\` of 100,000 documents, table, cold" "≤ 1.3× find, ≤ 64 MiB" "\`find -printf\`" -- \
    "$docbrowser" --home "$big" list -- find "${folders[@]}" -mindepth 1 -maxdepth 1 -printf '%f\t%s\t%T@\n'
  # The cold row's last setup took the catalog away: one listing makes it
  # again, so that every run of this row finds it.
  "$docbrowser" --home "$big" list >/dev/null
  # A floor that cannot be measured is said, not a reason to stop.
  floor=$(catalog_floor "$big/Library/Catalog") && floor="$floor ms, median of $runs runs" ||
    floor="not measured: its error is above"
  row "same, warm (nothing changed)" "≤ 1.0× find" "\`find -printf\`" -- \
    "$docbrowser" --home "$big" list -- find "${folders[@]}" -mindepth 1 -maxdepth 1 -printf '%f\t%s\t%T@\n'
  row "same, \`--json\`" "≤ 2× find, ≤ 64 MiB" "\`find -printf\`" -- \
    "$docbrowser" --home "$big" list --json -- find "${folders[@]}" -mindepth 1 -maxdepth 1 -printf '%f\t%s\t%T@\n'

  # --- a 200 MB package ---------------------------------------------------
  archive_home="$work/archives"
  mkdir -p "$archive_home/Documents/Project.bundle"
  python3 - "$archive_home/Documents/Project.bundle" <<'EOF'
import os, random, sys
random.seed(13)
words = [bytes(random.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(random.randint(2, 9))) for _ in range(5000)]
base = b" ".join(random.choices(words, k=2_500_000 // 5))[:2_500_000]
for i in range(80):
    turn = i * 31_337 % len(base)
    with open(os.path.join(sys.argv[1], f"part-{i:02d}.txt"), "wb") as f:
        f.write(base[turn:] + base[:turn])
EOF
  "$docbrowser" --home "$archive_home" list >/dev/null
  cd "$archive_home/Documents"
  row "export a 200 MB, 80-file package to zip (level 6)" "≥ 1.5× faster, ≤ 64 MiB" "\`zip -r -6\`" -- \
    "$docbrowser" --home "$archive_home" export Project.bundle -o "$work/ours.zip" --level 6 --force -- \
    bash -c "rm -f '$work/zip.zip' && zip -q -r -6 '$work/zip.zip' Project.bundle"
  row "the same export" "≥ 1.5× faster" "\`bsdtar -a\`" -- \
    "$docbrowser" --home "$archive_home" export Project.bundle -o "$work/ours.zip" --level 6 --force -- \
    bsdtar -a -cf "$work/bsdtar.zip" Project.bundle
  cd - >/dev/null
  # Into a home that exists, as a user's does: a new home's first command
  # builds its type registry once, which is no part of importing.
  "$docbrowser" --home "$work/imported" -q list >/dev/null
  SETUP="rm -rf '$work/imported/Documents/Project.bundle' '$work/unzipped'" \
    row "import of that zip, every check on" "≤ 0.6× unzip" "\`unzip\`" -- \
    "$docbrowser" --home "$work/imported" import "$work/ours.zip" -- \
    unzip -q "$work/ours.zip" -d "$work/unzipped"
  # The last setup took the imported package away again; the next row
  # copies it.
  "$docbrowser" --home "$work/imported" import "$work/ours.zip" >/dev/null

  # --- across file systems ------------------------------------------------
  "$docbrowser" --home "$archive_home" config set cloud.container "$other_fs/Cloud" >/dev/null
  mkdir -p "$other_fs/Cloud/Documents"
  SETUP="rm -rf '$other_fs/Cloud/Documents/Project.bundle'; rm -rf '$archive_home/Documents/Project.bundle'; cp -a '$work/imported/Documents/Project.bundle' '$archive_home/Documents/'" \
    row "move that package across file systems, with fsync" "≤ 1.1×" "\`cp -a\` + \`sync\` + \`rm -r\`" -- \
    "$docbrowser" --home "$archive_home" move Project.bundle --to cloud -- \
    bash -c "cp -a '$archive_home/Documents/Project.bundle' '$other_fs/Cloud/Documents/' && sync && rm -r '$archive_home/Documents/Project.bundle'"

  # --- thumbnails -----------------------------------------------------------
  # THUMBNAIL_PHOTOS photos of a camera's size (1,000 unless set), ten
  # pictures ImageMagick draws, each copied; thumbnailed by docbrowser on
  # every core (bubblewrap around each thumbnailer, as GNOME runs them) and
  # by the same installed thumbnailer run directly, two at a time.
  photos="$work/photos" thumbnail_cache="$work/thumbnail-cache" peer_thumbnails="$work/peer-thumbnails"
  photo_count=${THUMBNAIL_PHOTOS:-1000}
  mkdir -p "$photos"
  for i in $(seq 0 9); do convert -seed "$i" -size 1600x1200 "plasma:fractal" "$photos/seed-$i.jpg"; done
  for i in $(seq 0 $(( photo_count - 1 ))); do cp "$photos/seed-$(( i % 10 )).jpg" "$photos/photo-$(printf '%04d' "$i").jpg"; done
  rm "$photos"/seed-*.jpg
  thumbnail=(env XDG_CACHE_HOME="$thumbnail_cache" "$docbrowser" --home "$work/thumbnailed" thumbnail "$photos"/photo-*.jpg)
  "$docbrowser" --home "$work/thumbnailed" -q list >/dev/null
  SETUP="rm -rf '$thumbnail_cache' '$peer_thumbnails'; mkdir -p '$peer_thumbnails'" \
    row "thumbnails of $photo_count photos, made" "≤ 1.1×" "\`xargs -P2 gdk-pixbuf-thumbnailer\`" -- \
    "${thumbnail[@]}" -- \
    bash -c "cd '$photos' && printf '%s\n' photo-*.jpg | xargs -P2 -I{} gdk-pixbuf-thumbnailer -s 128 'file://$photos/{}' '$peer_thumbnails/{}.png'"
  # The peer is the first run itself; each leaves the cache full for the next valid run.
  "${thumbnail[@]}" >/dev/null
  row "the same $photo_count, all valid in the cache" "≤ 0.05× the first run" "the first run" -- \
    "${thumbnail[@]}" -- \
    bash -c "rm -rf '$thumbnail_cache' && exec \"\$@\"" bash "${thumbnail[@]}"
fi
# --- search: the full-text index against rg and recollindex --------------
source "$repository/scripts/bench-search.sh"
# --- serve: the API under load, the first page, the memory of 100,000 ----
bash "$repository/scripts/bench-serve.sh" "$docbrowser" "$work" "${big:-}"
startup_breakdown
if [[ -n ${floor:-} ]]; then
  echo
  echo "The catalog's floor: SQLite alone writing the 100,000 rows of a cold listing (each location's file in turn, in key order, one transaction each, WAL): $floor."
fi
echo
echo "Medians of $runs runs, ours and the peer's taking turns."
} | tee "$work/report.md"
echo
echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(bash "$repository/scripts/write-performance-table.sh" --machine)."
# A quick run lacks rows, so it would put a partial table in the page.
if [[ -z ${QUICK:-} ]]; then
  bash "$repository/scripts/write-performance-table.sh" "$work/report.md"
  echo "The table is in docs/PERFORMANCE.md."
fi
