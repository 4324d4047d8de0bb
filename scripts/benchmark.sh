#!/usr/bin/env bash
# Compares docbrowser with the tool a user would otherwise run for the same
# job, in one run on this machine, and prints the ratios. Timings are medians
# of several runs; nothing here fails on a slow machine.
# Usage: scripts/benchmark.sh DOCBROWSER_BINARY
set -euo pipefail
docbrowser=$1
runs=${RUNS:-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
home="$work/home"

median_ms() { # median wall time of "$@" over $runs runs, in milliseconds
  local times=()
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { printf "%.2f", a[int((NR + 1) / 2)] / 1000 }'
}

compare() { # label, then the docbrowser command, "--", the peer command
  local label=$1; shift
  local ours=() peer=()
  while [[ $1 != "--" ]]; do ours+=("$1"); shift; done
  shift
  peer=("$@")
  local a b
  a=$(median_ms "${ours[@]}")
  b=$(median_ms "${peer[@]}")
  printf '%-44s %10s ms %10s ms %8s  (%s)\n' "$label" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1fx", (b > 0 ? a / b : 0) }')" "${peer[0]}"
}

mkdir -p "$home/Documents" "$home/Cloud/Documents"
for i in $(seq 1 2000); do printf 'note %s\n' "$i" > "$home/Documents/Note $i.txt"; done
for i in $(seq 1 1000); do printf '\x89PNG\r\n\x1a\n' > "$home/Cloud/Documents/Photo $i.png"; done
for i in $(seq 1 50); do mkdir -p "$home/Documents/Letter $i.rtfd"; printf 'rtf' > "$home/Documents/Letter $i.rtfd/TXT.rtf"; done
printf '%%PDF-1.7\n' > "$work/scan-0042"
"$docbrowser" --home "$home" list >/dev/null   # builds the registry and the catalog once

printf '%-44s %13s %13s %8s\n' "job" "docbrowser" "peer" "ratio"
compare "list 3,050 documents (warm catalog)" "$docbrowser" --home "$home" list --json -- \
  find "$home/Documents" "$home/Cloud/Documents" -mindepth 1 -maxdepth 1 -printf '%f %s %T@\n'
compare "list --type public.image" "$docbrowser" --home "$home" list --type public.image -- \
  find "$home/Documents" "$home/Cloud/Documents" -maxdepth 1 -name '*.png'
compare "type of an extensionless file (sniffing)" "$docbrowser" --home "$home" types lookup "$work/scan-0042" -- \
  file --brief --mime-type "$work/scan-0042"
if command -v xdg-mime >/dev/null; then
  compare "type of a file by name" "$docbrowser" --home "$home" types lookup "$home/Documents/Note 1.txt" -- \
    xdg-mime query filetype "$home/Documents/Note 1.txt"
fi
rebuild_ms=$(RUNS=3 median_ms "$docbrowser" --home "$home" types rebuild)
printf '%-44s %10s ms\n' "types rebuild (341 system + shared-mime-info)" "$rebuild_ms"

# Archives: the same folder document, exported and imported; each run
# starts from nothing, for docbrowser and its peer alike.
mkdir -p "$home/Documents/Project/src" "$work/peer"
for i in $(seq 1 300); do head -c 16384 /dev/urandom | base64 > "$home/Documents/Project/src/file-$i.txt"; done
head -c 8000000 /dev/urandom > "$home/Documents/Project/data.bin"
"$docbrowser" --home "$home" export Project -o "$work/project.zip" >/dev/null
compare "export a 320-file folder (vs zip -r -y)" sh -c "'$docbrowser' --home '$home' export Project -o '$work/out.zip' --force" -- \
  sh -c "cd '$home/Documents' && rm -f '$work/peer.zip' && zip -q -r -y '$work/peer.zip' Project"
compare "export it to tar.gz (vs bsdtar -czf)" sh -c "'$docbrowser' --home '$home' export Project -o '$work/out.tar.gz' --force" -- \
  sh -c "cd '$home/Documents' && bsdtar -czf '$work/peer.tar.gz' Project"
compare "import the zip (vs unzip -d)" sh -c "rm -rf '$work/ih' && '$docbrowser' --home '$work/ih' import '$work/project.zip'" -- \
  sh -c "rm -rf '$work/peer/unzipped' && unzip -q '$work/project.zip' -d '$work/peer/unzipped'"
