#!/usr/bin/env bash
# Installs the Debian packages docbrowser builds and tests against, if any is missing.
# As root it runs apt-get directly, otherwise through passwordless sudo; when neither
# is possible it prints the exact command to run and fails, rather than half-working.
set -euo pipefail

# Build: libarchive-dev (CArchive), zlib1g-dev (CZlib: the archiver's parallel zip deflate),
# libsqlite3-dev (GRDB), libcurl4-openssl-dev (the Syncthing adapter asks its REST API), pkg-config.
# Tests and demo: the real tools users have, which the end-to-end tests compare against
# (trash-cli reads the freedesktop Trash the way file managers do; gio does it through
# gvfs, which needs a D-Bus session: dbus-daemon's dbus-run-session gives it one).
# Syncthing and curl: two real sync devices on 127.0.0.1 (scripts/syncthing-pair.sh); openssl makes
# the certificate of the stand-in for a Syncthing that speaks TLS (SyncthingAdapterHTTPEndToEndTests).
# feh, nsxiv and vim: real desktop apps with MimeType= lines, whose choice by docbrowser
# is compared with gio's and xdg-mime's; desktop-file-utils writes the mimeinfo.cache GIO reads.
# strace: tests count the fdatasyncs a read-only command makes (none).
# hyperfine: make bench times the short commands with it.
# python3-gi and gir1.2-gtk-3.0: GTK's own GtkRecentManager reads the recently-used.xbel
# docbrowser writes, as the desktop's Recent view does (this gvfs has no recent:// backend).
# gcab: makes the Microsoft cabinet that import's test extracts (bsdtar reads cab but cannot write it).
# attr: setfattr/getfattr, with which tag's tests check that the user.xdg.tags it keeps is what other tools read.
# libgdk-pixbuf2.0-bin, evince and ffmpegthumbnailer: real desktop thumbnailers (images, PDF,
# video) that `thumbnail` runs through their .thumbnailer files, inside bubblewrap (bwrap);
# imagemagick makes the pictures the thumbnail tests and make bench thumbnail.
# libxml2-dev: FoundationXML, which previews read office documents' XML with, links libxml2 in the static build.
# poppler-utils (pdfinfo, pdftotext, pdftoppm), ffmpeg (ffprobe, and ffmpeg to make test media) and chafa: the
# tools preview runs for PDFs, audio and video, and pictures drawn in the terminal.
# chromium and chromium-driver: the real browser the browser tests (Tests/Browser) drive `docbrowser serve` in,
# through Playwright from PyPI; python3-venv holds that Playwright (scripts/browser-tests.sh).
# wrk and rclone: make bench loads serve's API with wrk, against rclone serving the same folder.
# ripgrep and recoll: make bench compares search's index with `rg -l` and `recollindex` on the same folder.
packages=(
  libarchive-dev zlib1g-dev libsqlite3-dev libcurl4-openssl-dev pkg-config
  libarchive-tools zip unzip python3 shared-mime-info libglib2.0-bin file xdg-utils trash-cli
  gvfs dbus-daemon
  syncthing curl openssl
  feh nsxiv vim desktop-file-utils
  strace hyperfine wrk rclone ripgrep recoll
  gcab attr
  libxml2-dev poppler-utils ffmpeg chafa
  python3-gi gir1.2-gtk-3.0
  libgdk-pixbuf2.0-bin evince ffmpegthumbnailer bubblewrap imagemagick
  chromium chromium-driver python3-venv
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

command="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
echo "Installing missing system packages: ${missing[*]}" >&2
if [[ $(id -u) -eq 0 ]]; then
  export DEBIAN_FRONTEND=noninteractive
  bash -c "$command" >&2
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  sudo DEBIAN_FRONTEND=noninteractive bash -c "$command" >&2
else
  echo "docbrowser needs these Debian packages. Run this, then try again:" >&2
  echo "  sudo sh -c '$command'" >&2
  exit 1
fi
