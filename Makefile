# Bun is pinned in package.json and installed from the npm registry, so a machine with
# only Node.js and npm can build and run everything.
BUN := node_modules/.bin/bun
# --splitting keeps each library loaded with import() in a chunk of its own inside the
# binary, read only when first used: the idle server is some 50 MB smaller (README, "Memory").
BUILD_FLAGS := --compile --splitting --no-compile-autoload-dotenv --no-compile-autoload-bunfig
# The server, and the modules its worker threads run (a worker's module must be an entry
# point of the binary: src/lib/worker-jobs.ts). tests/helpers/binary-server.ts builds with
# BUILD_FLAGS and BUILD_ENTRYPOINTS too.
BUILD_ENTRYPOINTS := src/main.ts src/activity-files/fit/fit-worker.ts src/export/archive-json-worker.ts src/app-imports/apple-health-worker.ts

.PHONY: run test build lint format bench bench-web clean web screenshots

# The web client's build output (public/ and src/static/public-assets.ts, the list the binary
# embeds) is not committed: it is made from web/ whenever a source there is newer.
WEB_BUILD := src/static/public-assets.ts
$(WEB_BUILD): $(BUN) $(shell find web -type f)
	$(BUN) web/build.ts

$(BUN): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $(BUN)

run: $(WEB_BUILD)
	$(BUN) src/main.ts serve

# Two test files at a time: each has a database of its own and takes the ports the system
# hands out, and much of a file's time is spent waiting on PostgreSQL, a browser or a child
# process, so two cores run the suite in about two thirds of the time of one file at a time.
test: $(WEB_BUILD)
	$(BUN) test --timeout 60000 --parallel=2

build: $(WEB_BUILD)
	$(BUN) build $(BUILD_FLAGS) $(BUILD_ENTRYPOINTS) --outfile dist/fitness

# Rebuilds the web client now (run, test and build do it when web/ has changed).
web: $(BUN)
	$(BUN) web/build.ts

# PNGs of every screen (390 and 1280 px, light and dark) from a seeded year, into screenshots/.
screenshots: $(WEB_BUILD)
	$(BUN) tests/web/screenshots.ts

lint: $(WEB_BUILD)
	node_modules/.bin/tsc --noEmit
	node_modules/.bin/prettier --check .

format: $(BUN)
	node_modules/.bin/prettier --write .

bench: build
	$(BUN) tests/bench/run.ts

# Every screen's time to show five years of seeded data, layout shift and JavaScript size.
bench-web: $(WEB_BUILD)
	$(BUN) tests/bench/web-screens.ts

clean:
	rm -rf dist
