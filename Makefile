# The two commands of the README: `make run` and `make test`. Both install what is missing first
# (Debian packages as root, npm packages for the web front end).
SHELL := /bin/bash
JOBS ?= $(shell nproc)
BUILD ?= build
ASAN_BUILD ?= build-asan

.PHONY: run run-cluster test deps build build-asan test-release test-python test-asan test-web web bench clean playthroughs

run: deps build web
	@if [ -x $(BUILD)/strat ] && $(BUILD)/strat serve --help >/dev/null 2>&1; then \
	  exec $(BUILD)/strat serve --port $${PORT:-8080} --db $${STRAT_DB:-strat.db} --host $${STRAT_HOST:-127.0.0.1}; \
	else \
	  exec $(BUILD)/strat play stratego; \
	fi

# PostgreSQL, NODES (default 3) nodes and HAProxy on PORT (default 8080): docs/server.md, "Running several servers".
run-cluster: deps build web
	@exec scripts/cluster.sh --build $(BUILD) --nodes $${NODES:-3} --port $${PORT:-8080}

test: deps build test-release test-python build-asan test-asan test-web
	@echo "make test: all suites passed"

deps:
	@bash scripts/install-deps.sh

build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build $(BUILD) -j$(JOBS)

build-asan:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTRAT_SANITIZE=ON -DSTRAT_BENCH=OFF >/dev/null
	cmake --build $(ASAN_BUILD) -j$(JOBS)

test-release: build
	cd $(BUILD) && ctest -j$(JOBS) --output-on-failure

# The Python module's tests (python/tests, docs/python.md), with the interpreter the module was built for. Any
# pytest failure fails the target, "no tests collected" (exit 5) included.
test-python: build
	@if [ ! -f $(BUILD)/python/interpreter ]; then \
	  echo "test-python: the Python module was not built (pybind11 missing? run scripts/install-deps.sh)" >&2; exit 1; fi
	STRAT_BUILD=$(abspath $(BUILD)) $$(cat $(BUILD)/python/interpreter) -m pytest -q -p no:cacheprovider python/tests

# Rewrites the golden playthroughs of python/tests/playthroughs/ (docs/python.md) from today's module: after an
# intended change of a game's moves, actions or observations; review the diff.
playthroughs: build
	PYTHONPATH=$(abspath $(BUILD))/python $$(cat $(BUILD)/python/interpreter) python/tests/playthrough.py --write

# Agent-strength matches (*Match*) are left out under the sanitizers: they exercise no code the other tests
# do not, and would take far longer than CI allows; so is the Cluster test (processes behind HAProxy), whose
# server code the server suite runs under the sanitizers.
test-asan: build-asan
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest -j$(JOBS) --output-on-failure -E 'Match|^Cluster$$'

web:
	@if [ -f web/package.json ]; then cd web && npm run build --silent; fi

test-web: build web
	@if [ -x scripts/test-web.sh ]; then scripts/test-web.sh $(BUILD); fi

bench: build
	$(BUILD)/bench/strat_bench

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
