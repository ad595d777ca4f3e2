# BadgeBar: `make run` shows the Inbox demo, `make test` runs every test.
SWIFT ?= swift
RELEASE_BINARY := .build/release/badgebar
# A static executable: the Swift runtime, libc and ncurses linked in, so start-up maps no shared
# libraries and only the code that runs is resident (about 5.7 MiB against 8.4 with shared libc).
RELEASE_FLAGS := -c release -Xswiftc -static-executable
ARGS ?=

.PHONY: run build test lint format clean deps test-deps bench

## run: build the release binary and open the Inbox demo (pass flags with ARGS="--no-autoplay")
run: build
	@$(RELEASE_BINARY) $(ARGS)

## build: the release binary
build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product badgebar

## test: unit tests and end-to-end tests of the release binary in tmux and in xterm under Xvfb
test: deps test-deps
	$(SWIFT) build $(RELEASE_FLAGS) --product badgebar
	$(SWIFT) build --product badgebar-example
	BADGEBAR_BINARY="$(abspath $(RELEASE_BINARY))" $(SWIFT) test

## bench: measure the release binary on an 80x24 pseudo-terminal and the renderer in process (see Benchmarks/README.md)
bench: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product badgebar
	$(SWIFT) build $(RELEASE_FLAGS) --product badgebar-bench
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
	.build/bench-venv/bin/python Benchmarks/bench.py

## lint: check the layout of the Swift sources
lint:
	$(SWIFT) format lint --recursive --strict Package.swift Sources Tests

## format: rewrite the Swift sources in the project's layout
format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

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

# tmux, which the end-to-end tests drive, and the terminal descriptions they use; Xvfb, xterm,
# xdotool, ImageMagick's import and the fonts for the test that clicks in a real xterm.
TEST_PACKAGES := tmux ncurses-term xvfb xterm xdotool imagemagick fontconfig fonts-dejavu-core fonts-noto-color-emoji
test-deps:
	@if ! command -v tmux >/dev/null 2>&1 || ! infocmp tmux-256color >/dev/null 2>&1 || ! infocmp xterm-direct >/dev/null 2>&1 \
		|| ! command -v Xvfb >/dev/null 2>&1 || ! command -v xterm >/dev/null 2>&1 || ! command -v xdotool >/dev/null 2>&1 \
		|| ! command -v import >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -q 'DejaVu Sans Mono' \
		|| ! fc-list 2>/dev/null | grep -q 'Noto Color Emoji'; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "Installing $(TEST_PACKAGES) with apt-get"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(TEST_PACKAGES); \
		else \
			echo "The end-to-end tests need $(TEST_PACKAGES). Install them with: sudo apt-get install $(TEST_PACKAGES)" >&2; \
			exit 1; \
		fi; \
	fi
