#!/usr/bin/env bash
# The browser tests (Tests/Browser): `docbrowser serve` driven in Debian's
# headless Chromium by Playwright for Python, with pytest, from the venv of
# scripts/browser-venv.sh, so that the tests need no network once it is
# there.
# DOCBROWSER_BIN names the binary to test (default: the debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/browser-venv.sh
exec .build/browser-venv/bin/python -m pytest -q -p no:cacheprovider Tests/Browser "$@"
