#!/usr/bin/env bash
# Writes the man page and the shell completions that ship in share/, from the
# commands themselves (argument-parser's generate-manual plugin, and
# --generate-completion-script). The man page records a digest of the help
# it was made from, so that a test can tell when it is stale.
# Usage: scripts/generate-docs.sh SWIFT DOCBROWSER_BINARY
set -euo pipefail
swift=$1
docbrowser=$2
cd "$(dirname "$0")/.."

date=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)
"$swift" package --allow-writing-to-package-directory generate-manual --configuration debug --date "$date" >/dev/null
manual=$(find .build/plugins -path '*GenerateManual*' -name docbrowser.1 -newer Package.swift | head -n 1)
[[ -n $manual ]] || { echo "generate-docs: generate-manual wrote no docbrowser.1" >&2; exit 1; }
digest=$("$docbrowser" --experimental-dump-help | sha256sum | cut -d' ' -f1)
mkdir -p share/man/man1 share/completions
# mdoc has no empty lines: a paragraph break is .Pp.
{ echo ".\\\" help-digest: $digest"; sed "s/^$/.Pp/" "$manual"; } > share/man/man1/docbrowser.1

"$docbrowser" --generate-completion-script bash > share/completions/docbrowser.bash
"$docbrowser" --generate-completion-script zsh > share/completions/_docbrowser
"$docbrowser" --generate-completion-script fish > share/completions/docbrowser.fish
echo "wrote share/man/man1/docbrowser.1 and share/completions/ (bash, zsh, fish)"
