#!/usr/bin/env bash
# How far apart the files of a package reach the other device: the gaps the
# quiet period (cloud.quiet-seconds) must cover. Starts a Syncthing pair
# (syncthing-pair.sh), has device A write a Keynote-like package of 17 files
# into its cloud folder, waits until device B holds all of them, and prints
# the gaps between their arrivals on B, from their change times (Syncthing
# renames each file in whole, so its ctime is its arrival).
#
#   measure-syncthing-gaps.sh burst             the package copied in at once
#   measure-syncthing-gaps.sh slow SECONDS      one file every SECONDS, as a slow writer
#
# Needs what syncthing-pair.sh needs. Everything lives in a temporary folder,
# removed at the end.
set -euo pipefail

mode=${1:-burst}
pause=${2:-0.7}
[[ $mode == burst || $mode == slow ]] || { echo "usage: measure-syncthing-gaps.sh burst | slow SECONDS" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'bash "$here/syncthing-pair.sh" stop "$work/state" || true; rm -rf "$work"' EXIT
mkdir -p "$work/A/Documents" "$work/B" "$work/stage"
bash "$here/syncthing-pair.sh" start "$work/state" "$work/A" "$work/B"

deck=$work/stage/Deck.key
mkdir -p "$deck/Index/Tables" "$deck/Data" "$deck/Metadata"
for i in 1 2 3 4 5 6; do head -c $((i * 9000)) /dev/urandom > "$deck/Index/Slide-$i.iwa"; done
head -c 2000 /dev/urandom > "$deck/Index/Document.iwa"
head -c 3000 /dev/urandom > "$deck/Index/Tables/DataList.iwa"
for i in 1 2 3 4; do head -c $((i * 60000)) /dev/urandom > "$deck/Data/image-$i.jpg"; done
for name in DocumentIdentifier Properties.plist BuildVersionHistory.plist; do printf '%s' "$name" > "$deck/Metadata/$name"; done
head -c 40000 /dev/urandom > "$deck/preview.jpg"
head -c 9000 /dev/urandom > "$deck/preview-micro.jpg"

if [[ $mode == burst ]]; then
    cp -r "$deck" "$work/A/Documents/"
else
    (cd "$work/stage" && find Deck.key -type d -exec mkdir -p "$work/A/Documents/{}" \;)
    (cd "$work/stage" && find Deck.key -type f | while read -r file; do cp "$file" "$work/A/Documents/$file"; sleep "$pause"; done)
fi
# No rescan is asked for: the sender's own watcher decides when B hears of each file.
for _ in $(seq 1800); do
    [[ $(find "$work/B/Documents/Deck.key" -type f ! -name '.syncthing.*' 2>/dev/null | wc -l) -ge 17 ]] && break
    sleep 0.1
done
python3 - "$work/B/Documents/Deck.key" <<'PY'
import os, sys
root = sys.argv[1]
times = sorted(os.lstat(os.path.join(d, f)).st_ctime_ns for d, _, fs in os.walk(root) for f in fs if not f.startswith(".syncthing."))
if len(times) < 17:
    sys.exit(f"only {len(times)} of 17 files reached B")
gaps = sorted((b - a) / 1e6 for a, b in zip(times, times[1:]))
print(f"17 files over {(times[-1] - times[0]) / 1e6:.0f} ms; gaps between arrivals: "
      f"largest {gaps[-1]:.0f} ms, next {gaps[-2]:.0f} ms, median {gaps[len(gaps) // 2]:.0f} ms")
PY
