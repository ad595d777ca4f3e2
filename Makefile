# BadgeBar: `make run` shows the Inbox demo, `make test` runs every test.
SWIFT ?= swift
RELEASE_BINARY := .build/release/badgebar
# On Linux a static executable: the Swift runtime, libc and ncurses linked in, so start-up maps no
# shared libraries and only the code that runs is resident (about 5.7 MiB against 8.4 with shared libc).
# macOS has no static libc, so there the release build links dynamically.
STATIC_FLAGS := $(if $(filter Linux,$(shell uname -s)),-Xswiftc -static-executable)
RELEASE_FLAGS := -c release $(STATIC_FLAGS)
ARGS ?=

# Where make install puts things: $(DESTDIR)$(PREFIX)/bin and so on. DESTDIR is for staging (packages).
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
MAN1DIR = $(PREFIX)/share/man/man1
MAN5DIR = $(PREFIX)/share/man/man5
BASH_COMPLETION_DIR = $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR = $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR = $(PREFIX)/share/fish/vendor_completions.d

.PHONY: run build test lint format clean deps test-deps bench bench-soak bench-venv coverage install uninstall \
	api-check api-baseline status-bars docs docs-check

## run: build the release binary and open the Inbox demo (pass flags with ARGS="--no-autoplay")
run: build
	@$(RELEASE_BINARY) --demo $(ARGS)

## build: the release binary
build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product badgebar

## install: build, then install the binary, man pages and bash, zsh and fish completions under $(DESTDIR)$(PREFIX)
# The man page and completions come from the binary just built (badgebar --generate), written straight
# into place. `make build && sudo make -o build install` installs without building as root.
install: build
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MAN1DIR)" "$(DESTDIR)$(MAN5DIR)" "$(DESTDIR)$(BASH_COMPLETION_DIR)" \
		"$(DESTDIR)$(ZSH_COMPLETION_DIR)" "$(DESTDIR)$(FISH_COMPLETION_DIR)"
	install -m 755 $(RELEASE_BINARY) "$(DESTDIR)$(BINDIR)/badgebar"
	$(RELEASE_BINARY) --generate man > "$(DESTDIR)$(MAN1DIR)/badgebar.1"
	$(RELEASE_BINARY) --generate man5 > "$(DESTDIR)$(MAN5DIR)/badgebar.5"
	$(RELEASE_BINARY) --generate bash > "$(DESTDIR)$(BASH_COMPLETION_DIR)/badgebar"
	$(RELEASE_BINARY) --generate zsh > "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_badgebar"
	$(RELEASE_BINARY) --generate fish > "$(DESTDIR)$(FISH_COMPLETION_DIR)/badgebar.fish"
	chmod 644 "$(DESTDIR)$(MAN1DIR)/badgebar.1" "$(DESTDIR)$(MAN5DIR)/badgebar.5" "$(DESTDIR)$(BASH_COMPLETION_DIR)/badgebar" \
		"$(DESTDIR)$(ZSH_COMPLETION_DIR)/_badgebar" "$(DESTDIR)$(FISH_COMPLETION_DIR)/badgebar.fish"

## uninstall: remove exactly the files make install put under $(DESTDIR)$(PREFIX) (folders stay)
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/badgebar" "$(DESTDIR)$(MAN1DIR)/badgebar.1" "$(DESTDIR)$(MAN5DIR)/badgebar.5" \
		"$(DESTDIR)$(BASH_COMPLETION_DIR)/badgebar" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_badgebar" \
		"$(DESTDIR)$(FISH_COMPLETION_DIR)/badgebar.fish"

## test: the API baseline, the documentation, unit tests and end-to-end tests of the release binary in tmux and in xterm under Xvfb
test: deps test-deps api-check docs-check
	$(SWIFT) build $(RELEASE_FLAGS) --product badgebar
	$(SWIFT) build --product badgebar-example
	$(SWIFT) build --package-path Tests/Fixtures/OwnProgram
	$(SWIFT) test --package-path Tests/Fixtures/OwnProgram
	# In process, one test at a time: some raise signals at the test process, whose handlers are the whole
	# process's, and a runner of another test beside them would take them for its own end.
	BADGEBAR_BINARY="$(abspath $(RELEASE_BINARY))" $(SWIFT) test --skip EndToEndTests --no-parallel
	BADGEBAR_BINARY="$(abspath $(RELEASE_BINARY))" $(SWIFT) test --filter EndToEndTests

## status-bars: each bar's recipe in the real bar, headless, judged from pixels and logs (BADGEBAR=Tools/fake-badgebar.py checks the harness)
BADGEBAR ?= $(RELEASE_BINARY)
status-bars: test-deps
	@for bar in i3bar i3blocks polybar swaybar waybar; do \
		python3 Tools/status-bars.py $$bar --badgebar "$(BADGEBAR)" --output .build/status-bars/$$bar || exit 1; \
	done

## api-check: the public surface of BadgeKit and BadgeTerminal (swift-api-digester) against api/*.txt
api-check: deps
	SWIFT=$(SWIFT) Tools/api-check.sh check

## api-baseline: write api/*.txt anew from the code, for a change of the surface that is meant
api-baseline: deps
	SWIFT=$(SWIFT) Tools/api-check.sh update

## docs: the DocC documentation of BadgeKit and BadgeTerminal as one static site in .build/docs (fails on any DocC warning)
# Serve it with python3 -m http.server -d .build/docs and open /documentation/; DOCS_BASE_PATH=/path builds it
# for a site served under that path.
docs: deps
	SWIFT=$(SWIFT) Tools/docs.sh build

## docs-check: the same conversions, no site: a link that does not resolve or any other DocC warning fails
docs-check: deps
	SWIFT=$(SWIFT) Tools/docs.sh check

## bench: measure the release binary on pseudo-terminals and the renderer in process (see Benchmarks/README.md)
bench: deps bench-venv
	$(SWIFT) build $(RELEASE_FLAGS) --product badgebar
	$(SWIFT) build $(RELEASE_FLAGS) --product badgebar-bench
	.build/bench-venv/bin/python Benchmarks/bench.py

## bench-soak: 20 --watch commands every second for 10 minutes: own CPU per run, memory and open descriptors
bench-soak: deps bench-venv
	$(SWIFT) build $(RELEASE_FLAGS) --product badgebar
	.build/bench-venv/bin/python Benchmarks/bench.py --only watch-soak

# The venv make bench runs in, with pyte and ptyprocess.
bench-venv:
	@if [ ! -x .build/bench-venv/bin/pip ]; then \
		if ! python3 -m venv .build/bench-venv; then \
			if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
				echo "Installing python3-venv with apt-get"; \
				apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv; \
				rm -rf .build/bench-venv && python3 -m venv .build/bench-venv; \
			else \
				echo "make bench needs Python's venv. Install it with: sudo apt-get install python3-venv" >&2; \
				exit 1; \
			fi; \
		fi; \
	fi
	@.build/bench-venv/bin/python -m pip install -q -r Benchmarks/requirements.txt

## coverage: the share of each module's lines run by the in-process tests (end-to-end tests left out)
coverage: deps
	$(SWIFT) test --enable-code-coverage --skip EndToEndTests --no-parallel
	@python3 Tools/coverage.py

## lint: check the layout of the Swift sources
lint:
	$(SWIFT) format lint --recursive --strict Package.swift Plugins Sources Tests

## format: rewrite the Swift sources in the project's layout
format:
	$(SWIFT) format --in-place --recursive Package.swift Plugins Sources Tests

## clean: remove build products
clean:
	rm -rf .build

# ncursesw and pkg-config: installed with apt-get when running as root, else named.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists ncursesw; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "Installing libncurses-dev and pkg-config with apt-get"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libncurses-dev pkg-config; \
		else \
			echo "badgebar needs ncursesw. Install it with: sudo apt-get install libncurses-dev pkg-config" >&2; \
			exit 1; \
		fi; \
	fi

# What the tests need beyond the build (Tools/missing-packages.sh lists it): tmux and terminal
# descriptions, groff and mandoc, zsh, fish and bash-completion, Xvfb, xterm, xdotool and fonts.
test-deps:
	@missing="$$(Tools/missing-packages.sh test)"; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "Installing $$missing with apt-get"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
		else \
			echo "The tests need $$missing. Install them with: sudo apt-get install $$missing" >&2; \
			exit 1; \
		fi; \
	fi
