#!/usr/bin/env bash
# Two real Syncthing devices on this machine, on 127.0.0.1 only, sharing one
# folder: device A mirrors CLOUD_A and device B mirrors CLOUD_B (two
# docbrowser homes' Cloud folders). The end-to-end tests drive it; it also
# serves for trying docbrowser on two "devices" by hand.
#
#   syncthing-pair.sh start STATE CLOUD_A CLOUD_B [KBPS]
#                                                   configure, start, wait until connected;
#                                                   KBPS caps what each device receives, so
#                                                   that a transfer takes long enough to watch
#   syncthing-pair.sh wait-sync STATE [SECONDS]     rescan both, wait until both are in sync
#   syncthing-pair.sh scan STATE A|B               rescan one device now
#   syncthing-pair.sh disconnect STATE             pause the link on both sides
#   syncthing-pair.sh reconnect STATE              resume it, wait until connected
#   syncthing-pair.sh status STATE                 one line per device
#   syncthing-pair.sh stop STATE                   stop both (their process groups)
#
# STATE holds each device's keys, config, database and log (STATE/A,
# STATE/B) and STATE/env. Before the first start, config.xml switches off
# everything that would leave the machine: global and local discovery,
# relays, NAT traversal and STUN, usage and crash reporting, upgrades.
# Needs syncthing (Debian's 1.19), curl and python3.
set -euo pipefail

folder=cloud

die() { echo "syncthing-pair: $*" >&2; exit 1; }

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

load() {
    [[ -f "$1/env" ]] || die "$1/env is missing: was the pair started?"
    # shellcheck disable=SC1091
    source "$1/env"
}

url() { if [[ $1 == A ]]; then echo "http://127.0.0.1:$A_GUI"; else echo "http://127.0.0.1:$B_GUI"; fi; }
id() { if [[ $1 == A ]]; then echo "$A_ID"; else echo "$B_ID"; fi; }
peer() { if [[ $1 == A ]]; then echo B; else echo A; fi; }

rest() { # DEVICE METHOD PATH
    curl -sS --fail --max-time 60 -X "$2" -H "X-API-Key: $API_KEY" "$(url "$1")$3"
}

configure() { # HOME NAME LISTEN_PORT GUI_PORT PEER_ID PEER_NAME PEER_PORT FOLDER_PATH RECEIVE_KBPS
    python3 - "$@" "$API_KEY" "$folder" <<'PY'
import sys, xml.etree.ElementTree as ET
home, name, listen, gui, peer_id, peer_name, peer_port, path, receive, api_key, folder = sys.argv[1:]
tree = ET.parse(home + "/config.xml")
root = tree.getroot()

def option(name, value):
    options = root.find("options")
    for old in options.findall(name):
        options.remove(old)
    ET.SubElement(options, name).text = value

for setting, value in [
    ("listenAddress", "tcp://127.0.0.1:" + listen),
    ("globalAnnounceEnabled", "false"), ("globalAnnounceServer", ""),
    ("localAnnounceEnabled", "false"), ("announceLANAddresses", "false"),
    ("relaysEnabled", "false"), ("natEnabled", "false"),
    ("stunServer", ""), ("stunKeepaliveStartS", "0"), ("stunKeepaliveMinS", "0"),
    ("urAccepted", "-1"), ("urSeen", "3"), ("urURL", ""),
    ("crashReportingEnabled", "false"), ("crashReportingURL", ""),
    ("autoUpgradeIntervalH", "0"), ("releasesURL", ""),
    ("startBrowser", "false"), ("reconnectionIntervalS", "1"),
    ("progressUpdateIntervalS", "1"), ("minHomeDiskFree", "0"),
    # 127.0.0.1 is on the LAN, which Syncthing leaves unlimited unless told.
    ("maxRecvKbps", receive), ("limitBandwidthInLan", "true"),
]:
    option(setting, value)

gui_element = root.find("gui")
gui_element.set("tls", "false")
gui_element.find("address").text = "127.0.0.1:" + gui
gui_element.find("apikey").text = api_key

me = root.find("device")
me.set("name", name)
peer = ET.SubElement(root, "device", {"id": peer_id, "name": peer_name, "compression": "metadata", "introducer": "false"})
ET.SubElement(peer, "address").text = "tcp://127.0.0.1:" + peer_port
ET.SubElement(peer, "paused").text = "false"
ET.SubElement(peer, "autoAcceptFolders").text = "false"

shared = ET.SubElement(root, "folder", {
    "id": folder, "label": "docbrowser Cloud", "path": path, "type": "sendreceive",
    "rescanIntervalS": "3600", "fsWatcherEnabled": "true", "fsWatcherDelayS": "1",
    "ignorePerms": "false", "autoNormalize": "true",
})
for device in (me.get("id"), peer_id):
    ET.SubElement(shared, "device", {"id": device})
ET.SubElement(shared, "minDiskFree", {"unit": "%"}).text = "0"
# A folder written by hand gets 0 for what it leaves out, and 0 conflicts
# kept means the losing edit is dropped without a copy.
ET.SubElement(shared, "maxConflicts").text = "10"
ET.SubElement(shared, "versioning")
tree.write(home + "/config.xml")
PY
}

launch() { # DEVICE
    local home=$state/$1
    # setsid: the device and the monitor process Syncthing forks lead a
    # process group of their own, which stop ends whole.
    STNOUPGRADE=1 GOMAXPROCS=1 setsid syncthing serve --home="$home" --no-browser --no-restart \
        --logfile="$home/syncthing.log" >/dev/null 2>&1 < /dev/null &
    echo $! > "$home/pgid"
}

wait_until() { # SECONDS DESCRIPTION COMMAND...
    local limit=$1 what=$2
    shift 2
    local deadline=$((SECONDS + limit))
    until "$@" >/dev/null 2>&1; do
        ((SECONDS < deadline)) || die "$what: not within ${limit}s (logs: $state/A/syncthing.log, $state/B/syncthing.log)"
        sleep 0.2
    done
}

connected() { # DEVICE
    rest "$1" GET /rest/system/connections | python3 -c '
import json, sys
peer = sys.argv[1]
sys.exit(0 if json.load(sys.stdin)["connections"].get(peer, {}).get("connected") else 1)' "$(id "$(peer "$1")")"
}

in_sync() {
    local device
    for device in A B; do
        rest "$device" GET "/rest/db/status?folder=$folder" | python3 -c '
import json, sys
status = json.load(sys.stdin)
sys.exit(0 if status["state"] == "idle" and status["needTotalItems"] == 0 and status["inSyncFiles"] == status["globalFiles"] else 1)' || return 1
        rest "$device" GET "/rest/db/completion?folder=$folder&device=$(id "$(peer "$device")")" | python3 -c '
import json, sys
sys.exit(0 if json.load(sys.stdin)["completion"] == 100 else 1)' || return 1
    done
}

command=${1:-}
state=${2:-}
[[ -n "$command" && -n "$state" ]] || die "usage: syncthing-pair.sh start|wait-sync|scan|disconnect|reconnect|status|stop STATE ..."

case "$command" in
start)
    [[ $# -eq 4 || $# -eq 5 ]] || die "usage: syncthing-pair.sh start STATE CLOUD_A CLOUD_B [KBPS]"
    receive=${5:-0}
    command -v syncthing >/dev/null || die "syncthing is not installed (scripts/install-system-packages.sh installs it)"
    mkdir -p "$state/A" "$state/B" "$3" "$4"
    API_KEY=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
    for device in A B; do
        syncthing generate --home="$state/$device" --no-default-folder --skip-port-probing >/dev/null 2>&1
    done
    A_ID=$(syncthing serve --home="$state/A" --device-id)
    B_ID=$(syncthing serve --home="$state/B" --device-id)
    A_PORT=$(free_port) B_PORT=$(free_port) A_GUI=$(free_port) B_GUI=$(free_port)
    configure "$state/A" A "$A_PORT" "$A_GUI" "$B_ID" B "$B_PORT" "$(realpath "$3")" "$receive"
    configure "$state/B" B "$B_PORT" "$B_GUI" "$A_ID" A "$A_PORT" "$(realpath "$4")" "$receive"
    printf 'API_KEY=%s\nA_ID=%s\nB_ID=%s\nA_GUI=%s\nB_GUI=%s\n' "$API_KEY" "$A_ID" "$B_ID" "$A_GUI" "$B_GUI" > "$state/env"
    launch A
    launch B
    wait_until 60 "device A's REST API" rest A GET /rest/system/ping
    wait_until 60 "device B's REST API" rest B GET /rest/system/ping
    wait_until 90 "the devices connecting" connected A
    wait_until 90 "the devices connecting" connected B
    ;;
wait-sync)
    load "$state"
    limit=${3:-120}
    rest A POST "/rest/db/scan?folder=$folder" >/dev/null
    rest B POST "/rest/db/scan?folder=$folder" >/dev/null
    # Twice in a row: one device may have just learned of a change the
    # other has not begun to pull.
    wait_until "$limit" "the devices getting in sync" in_sync
    sleep 0.5
    wait_until "$limit" "the devices getting in sync" in_sync
    ;;
scan)
    load "$state"
    rest "${3:?A or B}" POST "/rest/db/scan?folder=$folder" >/dev/null
    ;;
disconnect)
    load "$state"
    rest A POST "/rest/system/pause?device=$B_ID" >/dev/null
    rest B POST "/rest/system/pause?device=$A_ID" >/dev/null
    ;;
reconnect)
    load "$state"
    rest A POST "/rest/system/resume?device=$B_ID" >/dev/null
    rest B POST "/rest/system/resume?device=$A_ID" >/dev/null
    wait_until 90 "the devices reconnecting" connected A
    ;;
status)
    load "$state"
    for device in A B; do
        echo "$device: $(rest "$device" GET "/rest/db/status?folder=$folder" | python3 -c '
import json, sys
s = json.load(sys.stdin)
print(s["state"], "need", s["needTotalItems"], "global", s["globalFiles"], "local", s["localFiles"])')"
    done
    ;;
stop)
    for device in A B; do
        [[ -f "$state/$device/pgid" ]] || continue
        group=$(cat "$state/$device/pgid")
        kill -TERM -- "-$group" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 -- "-$group" 2>/dev/null || break; sleep 0.1; done
        kill -KILL -- "-$group" 2>/dev/null || true
        rm -f "$state/$device/pgid"
    done
    ;;
*)
    die "unknown command '$command'"
    ;;
esac
