# SPDX-License-Identifier: GPL-2.0
# The two README commands (run, test) and the developer loop.
ARCH ?= x86_64
VARIANT ?= base
# The base: 6.12 unless BASE=6.1 (tools/table.toml), for the workspace,
# run, export, check and per-commit tools (docs/bases.md).
ifdef BASE
export BASE
endif
# The rows make test runs: tools/table.toml's tier test (the required rows:
# x86_64, arm, arm64 and UML on 6.12, x86_64 on 6.1); make
# matrix runs them all.  The ordering check skips um: a one-CPU kernel needs no lock prefix.
# A table that does not load stops make here, after its one-line error.
ifndef ROWS
ROWS := $(shell python3 tools/table.py rows --tier test)
ifneq ($(.SHELLSTATUS),0)
$(error tools/table.toml does not load (its error is above))
endif
endif
# Every base of the table (6.12 6.1): make test checks each one's series.
BASES := $(shell python3 tools/table.py bases)
ifneq ($(.SHELLSTATUS),0)
$(error tools/table.toml does not load (its error is above))
endif

.PHONY: run test test-quick test-checks test-rows lint deps workspace kunit export check apply selftest matrix bench bisect-demo model mutants repeat-boots ordering-demo

# The row is checked before anything is installed or imported.
run:
	python3 tools/table.py --as 'make run' variant $(ARCH) $(VARIANT) >/dev/null
	$(MAKE) --no-print-directory workspace
	tools/kunit-run $(ARCH) $(VARIANT)

# make test, README's test command and what CI runs.  The checks that take
# seconds come first, so that a lint finding stops it at once; then two
# lanes on the two cores: the checks that build no kernel (self-tests, the
# series and base checks, the model) beside the row builds, whose links and
# single-threaded steps leave a core idle.  A lane that fails does not stop
# the other; make says which failed.  Then, on the ccache entries the rows
# left: each base's mutex.o without the test option against the base's
# (tools/check-mutex-o, the cover letter's "byte-identical"), the
# per-commit check of each base's series, and the bisect demo.
test:
	for b in $(BASES); do BASE=$$b tools/install-deps && BASE=$$b tools/make-workspace || exit; done
	$(MAKE) --no-print-directory test-quick
	$(MAKE) --no-print-directory -j2 test-checks test-rows || \
		{ echo "make test: a lane failed (its 'Error' line is above)" >&2; exit 1; }
	for b in $(BASES); do BASE=$$b tools/check-mutex-o || exit; done
	for b in $(BASES); do BASE=$$b tools/check-each-commit x86_64 || exit; done
	tools/bisect-demo

# The parts of make test; the workflow's tools job runs test-quick and
# test-checks.
test-quick:
	tools/lint
	tools/check-owner-word-doc
	tools/check-contract-doc
	tools/check-breakages-doc
	tools/check-model-refs

# make test's lanes.  MAKEFLAGS= keeps -j2's flags and the command line's
# variables out of the kernel builds, which kunit.py runs with its own
# --jobs.
test-checks:
	tools/selftest
	/usr/bin/python3 -m unittest discover -s tools -p 'test_*.py'
	tools/mutants.py check
	for b in $(BASES); do BASE=$$b tools/check-series && BASE=$$b tools/check-base || exit; done
	tools/check-arch-removal
	tools/check-model

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

# Boot ROW's built kernel N times and count the failed boots
# (tools/repeat-boots; make matrix or tools/matrix-run ROW builds it).
ROW ?= x86_64-base
N ?= 50
repeat-boots:
	tools/repeat-boots $(ROW) $(N)

# Proof that tools/check-ordering can fail (docs/ordering.md): mutex.o of
# the workspace's series with each fast path's ordering relaxed, about two
# minutes per config.
ordering-demo: workspace
	tools/ordering-objs build/linux build/ordering-objs $(ORDERING_CONFIGS)
	tools/ordering-demo build/ordering-objs $(ORDERING_CONFIGS)
ORDERING_CONFIGS ?= arm64-base arm64-llsc arm-base riscv64-base i386-base x86_64-base

# The mutation campaign (docs/mutants.md): hours of CPU, resumable, not
# part of make test; make test checks only that its survivors are triaged.
mutants: workspace
	tools/mutants.py run
	tools/mutants.py report
