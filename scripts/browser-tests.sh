#!/usr/bin/env bash
# The browser tests (Tests/Browser): `docbrowser serve` driven in Debian's
# headless Chromium by Playwright for Python, with pytest. Both come from
# PyPI into a venv under .build, made once and reused; Playwright's own
# browser download is never used (`playwright install` is not run), so the
# tests need no network once the venv is there.
# DOCBROWSER_BIN names the binary to test (default: the debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/browser-venv
if ! "$venv/bin/python" -c 'import playwright, pytest' 2>/dev/null; then
	python3 -m venv "$venv"
	"$venv/bin/pip" install --quiet --disable-pip-version-check pytest playwright
fi
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider Tests/Browser "$@"
