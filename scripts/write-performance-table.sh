#!/usr/bin/env bash
# Puts a benchmark table into docs/PERFORMANCE.md: the lines between
# <!-- bench:begin --> and <!-- bench:end --> become a line saying when and
# on what machine it was measured, then TABLE_FILE as it is. Everything
# outside the markers is left byte for byte, so the page's prose is never
# rewritten by a run. `make bench` calls it through scripts/benchmark.sh.
#
# Usage: scripts/write-performance-table.sh TABLE_FILE [DOCUMENT]
#        scripts/write-performance-table.sh --machine
#   DOCUMENT  the page to rewrite (default: docs/PERFORMANCE.md)
#   --machine print the machine's one-line description and exit
set -euo pipefail

begin='<!-- bench:begin -->'
end='<!-- bench:end -->'

# Cores, CPU model, memory and kernel: what makes two runs' milliseconds
# comparable or not.
machine() {
  local model memory
  model=$(awk -F: '/^model name/ { sub(/^[ \t]+/, "", $2); print $2; exit }' /proc/cpuinfo)
  memory=$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576; exit }' /proc/meminfo)
  printf '%s cores (%s), %s of memory, %s' "$(nproc)" "${model:-unknown CPU}" "${memory:-unknown}" "$(uname -sr)"
}

if [[ ${1:-} == --machine ]]; then
  machine; echo; exit 0
fi
[[ $# -ge 1 && $# -le 2 ]] || { echo "usage: $0 TABLE_FILE [DOCUMENT] | --machine" >&2; exit 2; }
table=$1
document=${2:-$(cd "$(dirname "$0")/.." && pwd)/docs/PERFORMANCE.md}
[[ -r $table ]] || { echo "write-performance-table: $table: cannot be read" >&2; exit 1; }
[[ -r $document ]] || { echo "write-performance-table: $document: cannot be read" >&2; exit 1; }

# Exactly one begin line, then exactly one end line after it: anything
# else would make the rewrite eat or duplicate prose.
begins=$(grep -cxF -- "$begin" "$document" || true)
ends=$(grep -cxF -- "$end" "$document" || true)
first_begin=$(grep -nxF -- "$begin" "$document" | head -n 1 | cut -d: -f1 || true)
first_end=$(grep -nxF -- "$end" "$document" | head -n 1 | cut -d: -f1 || true)
if [[ $begins != 1 || $ends != 1 || $first_begin -ge $first_end ]]; then
  echo "write-performance-table: $document: needs one '$begin' line and, after it, one '$end' line" >&2
  exit 1
fi

# Written beside the page and renamed over it, so that an interrupted run
# leaves the old page whole.
temporary=$(mktemp "$document.XXXXXX")
trap 'rm -f "$temporary"' EXIT
{
  head -n "$first_begin" "$document"
  echo
  echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(machine)."
  echo
  # The table without its leading and trailing blank lines, ending in a
  # newline whether or not the file did.
  awk 'NF { while (blanks > 0) { print ""; blanks-- } print; seen = 1; next } seen { blanks++ }' "$table"
  echo
  tail -n "+$first_end" "$document"
} > "$temporary"
chmod --reference="$document" "$temporary"
mv "$temporary" "$document"
trap - EXIT
