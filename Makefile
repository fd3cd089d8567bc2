# Ether: `make run` serves the demo station on http://localhost:8080; `make test` runs every suite.
# Both install what they need first (Debian packages and npm packages), so they work on a fresh
# Debian 12 machine.

SHELL := /bin/bash
PORT ?= 8080
ETHER_DATA_DIR ?= $(CURDIR)/data
BUILD_DIR ?= build/server
JOBS ?= $(shell nproc)

.PHONY: run test bench fuzz sanitize deps test-deps web-deps server web media format lint clean cluster cluster-down \
	cluster-test

# The demo's full-length audio is rendered into the data dir in the background on the first start
# (a few minutes, at low priority; the log shows the progress); until then the committed short renders play.
ETHER_DEMO_RENDER ?= $(CURDIR)/scripts/make-demo-media

run: deps web-deps server web
	PORT=$(PORT) ETHER_DATA_DIR=$(ETHER_DATA_DIR) ETHER_DEMO_RENDER=$(ETHER_DEMO_RENDER) exec $(BUILD_DIR)/ether-server

test: test-deps web-deps
	scripts/test-all

bench: deps web-deps server web
	scripts/install-deps bench
	bench/run

# The reference deployment on one machine: PostgreSQL, three instances, HAProxy and the nginx
# caching edge on loopback (scripts/cluster; `make cluster-down` stops it).
cluster: deps web-deps server web
	scripts/cluster up

cluster-down:
	scripts/cluster down

# The fault tests of that deployment under a small load (scripts/cluster-test): kill -9 of the
# leader, a PostgreSQL restart, a SIGTERM drain of the busiest instance, an admin edit and media
# through the edge. Starts the cluster first and stops it afterwards; not part of `make test`
# (several minutes, most of a core).
cluster-test: cluster
	scripts/cluster-test; status=$$?; scripts/cluster down; exit $$status

# libFuzzer harnesses of the parsers, FUZZ_SECONDS (default 60) each, built with clang into build/fuzz.
fuzz:
	scripts/fuzz

# The server and ctest suite under AddressSanitizer and UBSan, built into build/sanitize.
sanitize:
	scripts/sanitize

deps:
	scripts/install-deps run

test-deps:
	scripts/install-deps test

web-deps:
	scripts/install-web-deps

$(BUILD_DIR)/build.ninja: server/CMakeLists.txt
	cmake -S server -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null

server: $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) --target ether-server -j $(JOBS)

web:
	cd web && npm run --silent build

# Regenerates the committed demo media from server/seed/demo-station.json.
media:
	scripts/install-deps media
	scripts/make-demo-media

format:
	scripts/check-format --fix

# Every form check with clang-tidy over every unit (as CI does); `make test` checks only the units
# changed against main outside CI (scripts/check-format).
lint: test-deps web-deps
	cmake -S server -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release -DETHER_BUILD_TESTS=ON >/dev/null
	cmake --build $(BUILD_DIR) -j $(JOBS)
	scripts/check-format --all

clean:
	rm -rf build web/dist
