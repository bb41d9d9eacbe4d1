# SPDX-License-Identifier: GPL-2.0
# Shared helpers for tools/*. Source it; do not run it.
# The variables are for the scripts that source this file:
# shellcheck shell=bash disable=SC2034
#
# Every path a tool touches can be overridden from the environment so that
# tools/selftest can drive the tools on small fake trees.

set -euo pipefail

# The project is where this file is: a TOP from the environment is ignored.
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
me=$(basename "$0")
# The base (BASE, default 6.12) gives the package, branch, bundle, patches
# and workspace; tools/table.py says where each lives.
base_vars=$(python3 "$(dirname "${BASH_SOURCE[0]}")/table.py" --as "$me" base ${BASE:+"$BASE"}) || exit 1
IFS='|' read -r BASE base_pkg base_branch base_bundle base_patches base_workspace ROW_SUFFIX <<<"$base_vars"
PKG=${LINUX_SOURCE_PKG:-$base_pkg}
TARBALL=${LINUX_SOURCE_TARBALL:-/usr/src/$PKG.tar.xz}
LOCK=${BASE_LOCK:-$TOP/base.lock}
BUNDLE=${SERIES_BUNDLE:-$TOP/$base_bundle}
PATCHES=${SERIES_PATCHES:-$TOP/$base_patches}
WORKSPACE=${WORKSPACE:-$TOP/$base_workspace}
BRANCH=${SERIES_BRANCH:-$base_branch}
BASE_TAG=base
# The one ccache of every build (workspace, scratch worktrees, bisect):
# outside the clone, so that a fresh clone's builds are warm.
export CCACHE_DIR=${CCACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/mutex-owner-word/ccache}

die() {
	local first=$1
	shift
	printf '%s: error: %s\n' "$me" "$first" >&2
	for line in "$@"; do
		printf '  %s\n' "$line" >&2
	done
	exit 1
}

say() {
	printf '%s: %s\n' "$me" "$*" >&2
}

# Git with nothing from the user's or system configuration that could change
# what a commit hashes to or what a command prints.
git_clean() {
	GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
		git -c core.autocrlf=false -c core.safecrlf=false \
		    -c core.filemode=true -c core.symlinks=true \
		    -c core.attributesFile=/dev/null -c core.excludesFile=/dev/null \
		    -c core.hooksPath=/dev/null -c commit.gpgSign=false \
		    -c user.name=tools -c user.email=tools@localhost "$@"
}

# The installed package version, or nothing.
installed_version() {
	if [ -n "${LINUX_SOURCE_VERSION:-}" ]; then
		echo "$LINUX_SOURCE_VERSION"
		return
	fi
	dpkg-query -W -f='${Status} ${Version}\n' "$PKG" 2>/dev/null |
		awk '$3 == "installed" { print $4 }'
}

# lock_hash VERSION: the locked base commit for VERSION, or nothing.
# base.lock lines: PACKAGE VERSION TARBALL-SHA256 BASE-COMMIT
lock_hash() {
	[ -f "$LOCK" ] || return 0
	awk -v p="$PKG" -v v="$1" '$1 == p && $2 == v { print $4 }' "$LOCK"
}

# Version recorded in a base commit's subject by tools/import-base.
base_version() {
	git -C "$1" log -1 --format=%s "$2" | sed -n "s/^Import $PKG //p"
}

# The series' patch files in order, one a line, without the cover letter.
# The series' changelog: its newest "vN" line is the version of the
# posting (tools/export-series writes it, tools/check-series checks it).
CHANGELOG=${SERIES_CHANGELOG:-$TOP/docs/changelog.txt}
series_version() {
	[ -f "$CHANGELOG" ] || die "changelog missing: $CHANGELOG"
	local v
	v=$(sed -n 's/^v\([0-9][0-9]*\)$/\1/p' "$CHANGELOG" | head -n1)
	[ -n "$v" ] || die "$CHANGELOG has no version line (vN)"
	echo "$v"
}

# checkpatch --strict, as the series is held to, in kernel tree $1 on the
# other arguments (a patch file, or -g COMMIT).  FILE_PATH_CHANGES only
# asks whether MAINTAINERS needs updating: LOCKING PRIMITIVES' F: covers
# kernel/locking/.  UNKNOWN_COMMIT_ID: a workspace is a tarball import
# without the kernel's history, so an upstream commit a message names is
# unknown to it.  Debian's python3 first: its python3-ply and python3-git
# let checkpatch check the SPDX lines (scripts/spdxcheck.py).
checkpatch_strict() {
	local tree=$1
	shift
	(cd "$tree" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict --quiet \
		--ignore FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID "$@")
}

# "CASES SUITES" of the mutex_kunit.c text on stdin: its KUNIT_CASE*()
# entries and kunit_suite definitions (the cover letter's counts).
suite_counts() {
	python3 -c 'import re, sys; sys.path.insert(0, sys.argv[1]); import verdict
src = verdict.strip_c_comments(sys.stdin.read())
print(len(verdict.registered_cases(src)), len(re.findall(r"^static struct kunit_suite ", src, re.M)))' "$TOP/tools"
}

series_patches() {
	local f
	for f in "$PATCHES"/[0-9][0-9][0-9][0-9]-*.patch; do
		if [ -f "$f" ] && [ "${f##*/}" != 0000-cover-letter.patch ]; then
			echo "$f"
		fi
	done
}
