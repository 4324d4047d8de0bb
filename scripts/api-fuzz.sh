#!/usr/bin/env bash
# A bounded schemathesis run of `docbrowser serve`'s API against
# docs/openapi.yaml, in a fresh home: every generated request must get an
# answer that is no 5xx, and the server must still stop cleanly.
#   scripts/api-fuzz.sh DOCBROWSER [MAX_EXAMPLES]
set -euo pipefail
bin="${1:?usage: api-fuzz.sh DOCBROWSER [MAX_EXAMPLES]}"
examples="${2:-20}"
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.build/api-fuzz-venv"
if [ ! -x "$venv/bin/schemathesis" ]; then
	python3 -m venv "$venv"
	"$venv/bin/pip" install -q schemathesis
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/docbrowser-api-fuzz.XXXXXX")"
pid=
cleanup() {
	[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/home/Documents/Trip" "$work/home/Cloud/Documents" "$work/.local/share"
printf 'notes\n' > "$work/home/Documents/Notes.txt"
printf 'plan\n' > "$work/home/Documents/Trip/Plan.txt"
printf 'mine\n' > "$work/home/Cloud/Documents/Deck.txt"
printf 'theirs\n' > "$work/home/Cloud/Documents/Deck.sync-conflict-20261122-120303-JZLXCF2.txt"

HOME="$work" XDG_DATA_HOME="$work/.local/share" "$bin" --home "$work/home" serve > "$work/out" 2> "$work/err" &
pid=$!
for _ in $(seq 1 300); do
	[ -s "$work/out" ] && break
	sleep 0.1
done
url="$(head -n 1 "$work/out")"
base="${url%%/\?token=*}"
cookie="$(curl -s -o /dev/null -D - "$url" | tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \([^;]*\).*/\1/p')"
csrf="$(curl -s -H "Cookie: $cookie" "$base/api/session" | python3 -c 'import json, sys; print(json.load(sys.stdin)["csrfToken"])')"

start=$SECONDS
status=0
# From the scratch folder, where schemathesis leaves its .schemathesis/.
(cd "$work" && "$venv/bin/schemathesis" run "$root/docs/openapi.yaml" --url "$base" --max-examples "$examples" \
	--checks not_a_server_error -H "Cookie: $cookie" -H "X-CSRF-Token: $csrf") || status=$?
echo "api-fuzz: schemathesis took $((SECONDS - start)) s, status $status"

kill -TERM "$pid"
served=0
wait "$pid" || served=$?
pid=
if [ "$served" -ne 0 ]; then
	echo "api-fuzz: serve exited with status $served after SIGTERM" >&2
	cat "$work/err" >&2
	exit 1
fi
exit "$status"
