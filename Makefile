# Bun is pinned in package.json and installed from the npm registry, so a machine with
# only Node.js and npm can build and run everything.
BUN := node_modules/.bin/bun
BUILD_FLAGS := --compile --no-compile-autoload-dotenv --no-compile-autoload-bunfig

.PHONY: run test build lint format bench clean

$(BUN): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $(BUN)

run: $(BUN)
	$(BUN) src/main.ts serve

test: $(BUN)
	$(BUN) test --timeout 60000

build: $(BUN)
	$(BUN) build $(BUILD_FLAGS) src/main.ts --outfile dist/fitness

lint: $(BUN)
	node_modules/.bin/tsc --noEmit
	node_modules/.bin/prettier --check .

format: $(BUN)
	node_modules/.bin/prettier --write .

bench: build
	$(BUN) tests/bench/run.ts

clean:
	rm -rf dist
