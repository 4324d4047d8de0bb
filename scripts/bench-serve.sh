#!/usr/bin/env bash
# make bench's rows for `docbrowser serve` (issue 38), as Markdown table
# rows: GET /api/documents of 10,000 documents under load from wrk on
# loopback against rclone serving the same folder over HTTP; the first HTML
# page's time; the server's peak memory after listing a home of 100,000.
# Usage: scripts/bench-serve.sh DOCBROWSER WORK_DIR [HOME_OF_100K]
set -euo pipefail
docbrowser=$1 work=$2 big=${3:-}
seconds=${SERVE_BENCH_SECONDS:-5}

# start_serve HOME: starts serve, sets url, port, pid and cookie.
start_serve() {
  "$docbrowser" --home "$1" serve >"$work/serve.out" 2>"$work/serve.err" &
  pid=$!
  for _ in $(seq 600); do [[ -s "$work/serve.out" ]] && break; sleep 0.1; done
  url=$(head -n 1 "$work/serve.out")
  port=$(sed -E 's|^http://127\.0\.0\.1:([0-9]+)/.*|\1|' <<<"$url")
  # The one-time token buys the session cookie the load then sends.
  cookie=$(curl -s -o /dev/null -D - "$url" | sed -nE 's/^[Ss]et-[Cc]ookie: ([^;]*).*/\1/p' | head -n 1)
}

stop_serve() { kill -TERM "$pid"; wait "$pid" || true; }

# requests per second wrk measured: wrk ARGS...
requests_per_second() {
  wrk -t2 -c8 -d"${seconds}s" "$@" | awk '/^Requests\/sec:/ { print $2 }'
}

home="$work/serve-home"
rm -rf "$home"
python3 - "$home/Documents" <<'PY'
import os, sys
folder = sys.argv[1]
os.makedirs(folder, exist_ok=True)
for i in range(10000):
    with open(os.path.join(folder, f"Note {i:05d}.txt"), "w") as f:
        f.write("note\n")
PY
"$docbrowser" --home "$home" -q list >/dev/null

start_serve "$home"
ours=$(requests_per_second -H "Cookie: $cookie" "http://127.0.0.1:$port/api/documents")
first_page=()
for _ in 1 2 3 4 5; do first_page+=("$(curl -s -o /dev/null -w '%{time_total}' -H "Cookie: $cookie" "http://127.0.0.1:$port/")"); done
stop_serve

rclone_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
rclone serve http "$home/Documents" --addr "127.0.0.1:$rclone_port" --config /dev/null >"$work/rclone.log" 2>&1 &
rclone_pid=$!
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$rclone_port/" && break; sleep 0.1; done
peer=$(requests_per_second "http://127.0.0.1:$rclone_port/")
kill "$rclone_pid"; wait "$rclone_pid" 2>/dev/null || true

printf '| `GET /api/documents` of 10,000 documents, wrk -t2 -c8 | %s requests/s | `rclone serve http` listing %s requests/s | %s | ≥ 1.0× |\n' \
  "$ours" "$peer" "$(awk -v a="$ours" -v b="$peer" 'BEGIN { printf "%.2f×", (b > 0 ? a / b : 0) }')"
median=$(printf '%s\n' "${first_page[@]}" | sort -n | sed -n 3p)
printf '| the first HTML page of those 10,000 | %.0f ms | | | < 200 ms |\n' "$(awk -v s="$median" 'BEGIN { print s * 1000 }')"

if [[ -n $big ]]; then
  start_serve "$big"
  curl -s -o /dev/null -H "Cookie: $cookie" "http://127.0.0.1:$port/api/documents"
  peak=$(awk '/^VmHWM:/ { printf "%.0f", $2 / 1024 }' "/proc/$pid/status")
  stop_serve
  printf '| serve after listing 100,000 documents, peak memory | %s MiB | | | ≤ 128 MiB |\n' "$peak"
fi
