#!/usr/bin/env bash
# Builds a demo home with sample documents in both locations and shows what
# a new user sees first. Usage: scripts/demo.sh DOCBROWSER_BINARY DEMO_HOME
set -euo pipefail
docbrowser=$1
home=$2

case "$home" in
  ""|"/"|"$HOME"|"$HOME/") echo "refusing to use '$home' as the demo home" >&2; exit 1 ;;
esac
rm -rf "$home"
local_docs="$home/Documents"
cloud_docs="$home/Cloud/Documents"
mkdir -p "$local_docs" "$cloud_docs"

printf 'Shopping list\n- milk\n- bread\n' > "$local_docs/Shopping.txt"
printf '# Trip notes\n\nPack the **charger**.\n' > "$local_docs/Trip notes.md"
printf 'name,qty\nmilk,2\nbread,1\n' > "$local_docs/Groceries.csv"
printf '%%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%%%EOF\n' > "$cloud_docs/Invoice.pdf"
printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0\x1f\xf3\xffa' > "$cloud_docs/Icon.png"
printf '{"title": "Budget", "total": 1200}\n' > "$cloud_docs/Budget.json"
# A package: an RTFD is a directory that is one document.
mkdir -p "$local_docs/Letter.rtfd"
printf '{\\rtf1\\ansi Dear Ana,\\par See you soon.}\n' > "$local_docs/Letter.rtfd/TXT.rtf"
# A folder, and an iCloud placeholder for a file not downloaded yet.
mkdir -p "$local_docs/Receipts"
printf 'Coffee 3.20\n' > "$local_docs/Receipts/March.txt"
cat > "$cloud_docs/.Holiday.mov.icloud" <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>NSURLNameKey</key><string>Holiday.mov</string>
<key>NSURLFileSizeKey</key><integer>734003200</integer>
</dict></plist>
PLIST
# A file whose name says nothing: its type is sniffed from its content.
cp "$cloud_docs/Invoice.pdf" "$cloud_docs/scan-0042"

# The demo's deletions go to a Trash of its own, never the user's.
export XDG_DATA_HOME="$home/xdg-data"

run() {
  printf '\n\033[1m$ docbrowser %s\033[0m\n' "$*"
  "$docbrowser" --home "$home" "$@"
}

echo "Demo home: $home"
run list
run list --recursive --sort size
run list --type public.text --long
run info Letter
run info cloud:Invoice
run types lookup --ext pdf
run types lookup --ext tar.gz
run types lookup --mime application/vnd.oasis.opendocument.text
run types lookup "$local_docs/Letter.rtfd"
run types lookup "$cloud_docs/scan-0042"
run types conforms public.png public.image
run types public.json
run preview Letter
run move Letter.rtfd Shopping --to cloud --dry-run
run move Shopping --to cloud
run duplicate Groceries.csv
run new --folder Projects/2026
run delete "Trip notes"
run storage
run export Letter.rtfd cloud:Shopping --wait -o "$home/share.zip"
run import "$home/share.zip" --on-conflict rename
printf '\nTry it yourself: %s --home %s --help\n' "$docbrowser" "$home"
