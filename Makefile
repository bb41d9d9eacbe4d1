# SPDX-License-Identifier: GPL-2.0
# The two README commands (run, test) and the developer loop.
ARCH ?= x86_64
VARIANT ?= base
# The base: 6.12 unless BASE=6.1 (tools/table.toml), for the workspace,
# run, export, check and per-commit tools (docs/bases.md).
ifdef BASE
export BASE
endif
# The rows make test runs: tools/table.toml's tier test (x86_64, arm, arm64,
# UML on 6.12, x86_64 on 6.1: the required rows); make matrix runs them
# all.  The ordering check skips um: a one-CPU kernel needs no lock prefix.
ROWS ?= $(shell tools/matrix-run --list --tier test | tr -d '[],"')
# Every base of the table (6.12 6.1): make test checks each one's series.
BASES := $(shell python3 tools/table.py bases)

.PHONY: run test test-checks test-rows lint deps workspace kunit export check apply selftest matrix bench bisect-demo model

run: workspace
	tools/kunit-run $(ARCH) $(VARIANT)

# make test, README's test command and what CI runs, in two lanes on the
# two cores: the checks that build no kernel (lint, self-tests, the series
# and base checks, docs, the model) run beside the row builds, whose links
# and single-threaded steps leave a core idle.  Then the per-commit check of
# each base's series, on the ccache entries the rows left, and the bisect
# demo.  Each lane's tools name themselves in their output lines.
test: workspace
	for b in $(BASES); do BASE=$$b tools/install-deps && BASE=$$b tools/make-workspace || exit; done
	$(MAKE) --no-print-directory -j2 test-checks test-rows
	for b in $(BASES); do BASE=$$b tools/check-each-commit x86_64 || exit; done
	tools/bisect-demo

# make test's lanes (MAKEFLAGS= keeps the jobserver of -j2 away from the
# kernel builds, which kunit.py runs with their own --jobs).
test-checks:
	MAKEFLAGS= tools/lint
	MAKEFLAGS= tools/selftest
	for b in $(BASES); do BASE=$$b MAKEFLAGS= tools/check-series && BASE=$$b MAKEFLAGS= tools/check-base || exit; done
	MAKEFLAGS= tools/check-arch-removal
	tools/check-owner-word-doc
	tools/check-contract-doc
	tools/check-breakages-doc
	MAKEFLAGS= tools/check-model
	tools/check-model-refs

test-rows:
	MAKEFLAGS= tools/matrix-run $(ROWS)
	tools/check-ordering --skip-missing --vmlinux $(filter-out um-%,$(ROWS))

deps:
	tools/install-deps

workspace: deps
	tools/make-workspace

kunit:
	tools/kunit-run $(ARCH) $(VARIANT)

export:
	tools/export-series $(if $(FORCE),--force)

check:
	tools/check-series

apply:
	tools/apply-series "$(TREE)" "$(BRANCH)"

selftest:
	tools/selftest

lint:
	tools/lint

matrix: workspace
	tools/matrix-run --all

bench: workspace
	tools/bench

bisect-demo: workspace
	tools/bisect-demo

# the Promela model of the owner word (docs/model.md)
model: workspace
	tools/check-model
	tools/check-model-refs
