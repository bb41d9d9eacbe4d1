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

.PHONY: run test lint deps workspace kunit export check apply selftest matrix bench bisect-demo model

run: workspace
	tools/kunit-run $(ARCH) $(VARIANT)

test: workspace
	for b in $(BASES); do BASE=$$b tools/install-deps && BASE=$$b tools/make-workspace || exit; done
	tools/lint
	tools/selftest
	for b in $(BASES); do BASE=$$b tools/check-series && BASE=$$b tools/check-base || exit; done
	tools/check-arch-removal
	tools/check-owner-word-doc
	tools/check-contract-doc
	tools/check-breakages-doc
	tools/check-model
	tools/check-model-refs
	tools/matrix-run $(ROWS)
	tools/check-ordering --skip-missing --vmlinux $(filter-out um-%,$(ROWS))
	tools/check-each-commit x86_64
	tools/bisect-demo

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
