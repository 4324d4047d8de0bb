#!/usr/bin/env bash
# Builds Tests/OutsideApp, an app package outside the repository that
# depends on DocKit by path, as OutsideAppTests runs it: against a copy of
# the working tree as git sees it (untracked files too, ignored ones not)
# in .build/outside-app/docbrowser (the folder's name is the identity of
# the package the app depends on), with its products in
# .build/outside-app/scratch. File times are kept, so that a second build
# rebuilds only what changed: make test runs it while the release build
# runs, and the test finds it built.
set -euo pipefail
cd "$(dirname "$0")/.."
base="$PWD/.build/outside-app"
copy="$base/docbrowser"
# A run killed while the test had the copy away left it moved.
if [ -d "$base/docbrowser-moved" ]; then
	rm -rf "$copy"
	mv "$base/docbrowser-moved" "$copy"
fi
mkdir -p "$copy"
git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf - | tar -C "$copy" -xpf -
# Files gone from the tree go from the copy.
git ls-files --cached --others --exclude-standard | sort > "$base/wanted"
(cd "$copy" && find . -type f -printf '%P\n' | sort | comm -23 - ../wanted | tr '\n' '\0' | xargs -0r rm -f)
DOCKIT_CHECKOUT="$copy" "${SWIFT:-swift}" build --package-path "$copy/Tests/OutsideApp" --scratch-path "$base/scratch" --product outside-app
