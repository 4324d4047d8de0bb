# docbrowser: `make demo` to see it, `make test` to test it. Both install
# the Debian packages they need first (scripts/install-system-packages.sh).

SWIFT ?= swift
PREFIX ?= /usr/local
DEMO_HOME ?= $(CURDIR)/demo-home

.PHONY: all deps build release test demo install install-files install-data uninstall docs documentation docs-check bench fuzz api-fuzz crash-campaign heap-check clean

all: build

deps:
	@bash scripts/install-system-packages.sh

build: deps
	$(SWIFT) build

# Swift's runtime and Foundation linked in: the installed binary needs no
# toolchain, and starts in 13 ms instead of 23 (no dynamic symbol lookups
# across Foundation and ICU); measured in docs/PERFORMANCE.md.
RELEASE_FLAGS = -c release --static-swift-stdlib
RELEASE = $(SWIFT) build $(RELEASE_FLAGS)

release: deps
	$(RELEASE)

# Each phase prints its time (scripts/test.sh), docs-check too.
test: deps
	@bash scripts/test.sh "$(SWIFT)" "$(RELEASE_FLAGS)"
	@started=$$(date +%s); $(MAKE) --no-print-directory docs-check && echo "== docs-check: $$(($$(date +%s) - started)) s =="

demo: release
	@bash scripts/demo.sh "$$($(RELEASE) --show-bin-path)/docbrowser" "$(DEMO_HOME)"

install: release
	$(MAKE) install-files

# The plugin programs docbrowser runs, which are no commands of their own:
# PREFIX/libexec/docbrowser, where DocKit looks after $DOCBROWSER_LIBEXEC
# (docs/PLUGIN-PROTOCOL.md). Debian keeps bin/ for what users type.
PLUGINS = docbrowser-archiver docbrowser-syncthing
LIBEXEC = $(PREFIX)/libexec/docbrowser
# Where the release products are; a test that built them passes its own.
RELEASE_BIN ?= $(shell $(RELEASE) --show-bin-path)

# What `install` copies, with no build: the end-to-end tests install the
# products they run into a temporary PREFIX.
install-files: install-data
	install -d "$(PREFIX)/bin" "$(LIBEXEC)"
	install -m 755 "$(RELEASE_BIN)/docbrowser" "$(PREFIX)/bin/docbrowser"
	for plugin in $(PLUGINS); do install -m 755 "$(RELEASE_BIN)/$$plugin" "$(LIBEXEC)/$$plugin" || exit; done

# Debian's zsh searches vendor-completions under /usr, site-functions under
# /usr/local.
ZSH_COMPLETIONS ?= $(if $(filter /usr,$(PREFIX)),$(PREFIX)/share/zsh/vendor-completions,$(PREFIX)/share/zsh/site-functions)

# What ships besides the binaries, where Debian's man, bash-completion, zsh
# and fish look for it. Of share/docbrowser only the pages of `serve`: the
# type declarations and manifests are compiled into DocKit.
install-data:
	install -d "$(PREFIX)/share/docbrowser" "$(PREFIX)/share/man/man1" \
		"$(PREFIX)/share/bash-completion/completions" "$(ZSH_COMPLETIONS)" \
		"$(PREFIX)/share/fish/vendor_completions.d"
	cp -R share/docbrowser/web "$(PREFIX)/share/docbrowser/"
	install -m 644 share/man/man1/docbrowser.1 "$(PREFIX)/share/man/man1/docbrowser.1"
	install -m 644 share/completions/docbrowser.bash "$(PREFIX)/share/bash-completion/completions/docbrowser"
	install -m 644 share/completions/_docbrowser "$(ZSH_COMPLETIONS)/_docbrowser"
	install -m 644 share/completions/docbrowser.fish "$(PREFIX)/share/fish/vendor_completions.d/docbrowser.fish"

# bin/docbrowser-archiver too: where installs before libexec put it.
uninstall:
	rm -f "$(PREFIX)/bin/docbrowser" "$(PREFIX)/bin/docbrowser-archiver" "$(PREFIX)/bin/docbrowser-syncthing" "$(PREFIX)/share/man/man1/docbrowser.1" \
		"$(PREFIX)/share/bash-completion/completions/docbrowser" "$(ZSH_COMPLETIONS)/_docbrowser" \
		"$(PREFIX)/share/fish/vendor_completions.d/docbrowser.fish"
	rm -rf "$(PREFIX)/share/docbrowser" "$(LIBEXEC)"

# The man page and completions in share/, made from the commands; a test
# fails when they are stale.
docs: build
	@bash scripts/generate-docs.sh "$(SWIFT)" "$$($(SWIFT) build --show-bin-path)/docbrowser"

# DocKit's reference and articles (Sources/DocKit/DocKit.docc), as a DocC
# archive under .build/plugins/Swift-DocC/outputs/.
documentation: deps
	$(SWIFT) package --disable-sandbox generate-documentation --target DocKit

# The same build with every DocC warning an error (a broken symbol link,
# an ambiguous overload): a minute once the debug build is warm, so
# `make test` runs it. The samples themselves run in DocumentationTests.
docs-check: deps
	$(SWIFT) package --disable-sandbox generate-documentation --target DocKit --warnings-as-errors

FUZZ_SECONDS ?= 600
# SwiftPM's --sanitize flags reach swiftc one by one, and swiftc keeps only
# the last; the combined flag instruments for coverage and for ASan.
# --sanitize fuzzer is still needed, so that libFuzzer's main is the
# program's.
FUZZ_BUILD = $(SWIFT) build --product docbrowser-fuzz --scratch-path .build-fuzz \
	--sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING

# Coverage-guided fuzzing of every reader of outside input (libFuzzer),
# then mutation fuzzing of the archiver and Syncthing adapter processes;
# bounded, and not part of `make test`. Findings go to fuzz-findings/.
fuzz: build
	$(FUZZ_BUILD)
	bash scripts/fuzz.sh "$$($(FUZZ_BUILD) --show-bin-path)/docbrowser-fuzz" \
		"$$($(SWIFT) build --show-bin-path)/docbrowser-fuzz" \
		"$$($(SWIFT) build --show-bin-path)/docbrowser-archiver" $(FUZZ_SECONDS) fuzz-findings
	$(MAKE) api-fuzz

API_FUZZ_EXAMPLES ?= 20

# schemathesis (PyPI, in .build/api-fuzz-venv) against docs/openapi.yaml
# and a `docbrowser serve` of a fresh home: no request may get a 5xx. Not
# part of `make test`: about 5 minutes on 2 busy cores (20 examples).
api-fuzz: build
	bash scripts/api-fuzz.sh "$$($(SWIFT) build --show-bin-path)/docbrowser" $(API_FUZZ_EXAMPLES)

CRASH_TRIALS ?= 1000

# kill -9 at random instants of every mutating command, judged by content;
# not part of `make test` (about a second a trial on 2 cores).
crash-campaign: build
	python3 scripts/crash-campaign.py --docbrowser "$$($(SWIFT) build --show-bin-path)/docbrowser" --trials $(CRASH_TRIALS)

HEAP_RUNS ?= 10

# The DocKit unit tests under glibc's malloc checks, HEAP_RUNS times; not
# part of `make test` (about 35 s a run on 2 cores).
heap-check: deps
	$(SWIFT) build --build-tests
	@bash scripts/heap-check.sh "$$($(SWIFT) build --show-bin-path)/docbrowserPackageTests.xctest" $(HEAP_RUNS)

bench: release
	@bash scripts/benchmark.sh "$$($(RELEASE) --show-bin-path)/docbrowser"

clean:
	rm -rf .build .build-fuzz demo-home fuzz-findings
