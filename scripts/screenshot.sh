#!/usr/bin/env bash
# README's screenshot of `docbrowser serve` (docs/images/serve.png), taken
# with the browser tests' harness and Chromium (scripts/browser-tests.sh
# makes the venv). DOCBROWSER_BIN names the binary (default: the debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/browser-tests.sh --collect-only -q >/dev/null
mkdir -p docs/images
.build/browser-venv/bin/python Tests/Browser/screenshot.py docs/images/serve.png
echo "docs/images/serve.png: $(stat -c %s docs/images/serve.png) bytes"
