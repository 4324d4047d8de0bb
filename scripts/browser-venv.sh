#!/usr/bin/env bash
# The venv the browser tests run in (.build/browser-venv): pytest and
# Playwright from PyPI, made once and reused. Playwright's own browser
# download is never used (`playwright install` is not run): the tests drive
# Debian's chromium. scripts/test.sh makes it while the build runs, since
# on a fresh clone it is mostly waiting for the download.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/browser-venv
if ! "$venv/bin/python" -c 'import playwright, pytest' 2>/dev/null; then
	python3 -m venv "$venv"
	"$venv/bin/pip" install --quiet --disable-pip-version-check pytest playwright
fi
