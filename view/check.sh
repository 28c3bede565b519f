#!/usr/bin/env bash
# The pages of hyperroute view in a real browser (`make view-check`, part of
# `make test`): installs Debian's chromium with apt-get if no Chromium is
# found, then runs the browser tests of cmd/hyperroute (TestViewBrowser*)
# with HYPERROUTE_CHROMIUM naming the browser (without it go test skips
# them). They drive headless Chromium with chromedp:
# no console errors, the step counter on play and on the arrow key, the
# packets drawn and the queue lengths at a step against the trace of
# `hyperroute sim --record trace`, two runs side by side ending at their T,
# and a screenshot of a fixed state (written to $HYPERROUTE_VIEW_SHOTS if
# set) with the house colours in it.
#
# Where Chromium cannot be had (not installed and not root, no apt-get, no
# network), it says so in a banner on stderr and exits 0, unless CI=true:
# there that is a failure (as deploy/slurm/check.sh).
#
# Environment: GO (default go); HYPERROUTE_VIEW_LOG, the apt-get log
# (default /tmp/hyperroute-view-check.apt.log).
set -euo pipefail
cd "$(dirname "$0")/.."
go=${GO:-go}
log=${HYPERROUTE_VIEW_LOG:-/tmp/hyperroute-view-check.apt.log}

say() { echo "view-check: $*" >&2; }

# cannot prints a banner saying why the check did not run and exits: 1 in
# CI, else 0.
cannot() {
	local line='########################################################################'
	{
		echo
		echo "$line"
		echo "# VIEW CHECK NOT RUN: $*"
		echo "# The pages of hyperroute view were NOT tested in a browser."
		if [ "${CI:-}" = true ]; then
			echo "# CI=true: this is a failure."
		else
			echo "# (Not in CI, so make test goes on; CI installs Chromium as root.)"
		fi
		echo "$line"
		echo
	} >&2
	[ "${CI:-}" = true ] && exit 1
	exit 0
}

browser() {
	local c
	for c in chromium chromium-browser google-chrome-stable google-chrome; do
		command -v "$c" && return 0
	done
	return 1
}

if ! chromium=$(browser); then
	[ "$(id -u)" = 0 ] || cannot "Chromium is not installed, and installing it needs root (you are $(id -un))"
	command -v apt-get >/dev/null || cannot "Chromium is not installed and there is no apt-get to install it"
	say "installing Chromium: apt-get update; apt-get install chromium (log in $log)"
	t=$SECONDS
	if ! { apt-get -o DPkg::Lock::Timeout=300 update -q &&
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends chromium; } >"$log" 2>&1; then
		tail -n 20 "$log" >&2
		cannot "apt-get could not install chromium (no network or no Debian mirror?); see $log"
	fi
	chromium=$(browser) || cannot "the chromium package is installed but no chromium command is on PATH"
	say "Chromium installed in $((SECONDS - t)) s"
fi
say "$("$chromium" --version 2>/dev/null || echo "$chromium")"
HYPERROUTE_CHROMIUM=$chromium exec "$go" test -count=1 -run '^TestViewBrowser' -v ./cmd/hyperroute/
