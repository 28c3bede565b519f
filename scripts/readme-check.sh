#!/usr/bin/env bash
# Runs every ```sh block of README.md, in order, in a fresh clone of this
# repository (its HEAD, with the changes to tracked files not yet committed
# applied) with the binary the clone's own `make` builds, then checks that
# the clone's tree is as the clone left it (git status --porcelain): what
# the README tells a new user to type runs, and writes only where the tree
# ignores it. `make test` runs it (make readme-check).
#
# Two things the README shows are not run here, and it says so when it meets
# them: the line `make test`, of which this check is a part; and, where
# sbatch is not on PATH, the block for a Slurm cluster (it submits the paper
# profiles of every experiment), whose script and make targets are checked
# to exist instead (make slurm-check runs that path on a real Slurm).
set -euo pipefail
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone -q "$repo" "$tmp/clone"
cd "$tmp/clone"
git -C "$repo" diff --binary HEAD >"$tmp/changes.diff"
if [ -s "$tmp/changes.diff" ]; then
	git apply "$tmp/changes.diff"
fi
before=$(git status --porcelain)
awk -v dir="$tmp" '
	/^```sh[ \t]*$/ { n++; inblock = 1; next }
	inblock && /^```[ \t]*$/ { inblock = 0; next }
	inblock { print > (dir "/block-" n ".sh") }
' README.md
blocks=$(find "$tmp" -maxdepth 1 -name 'block-*.sh' | wc -l)
if [ "$blocks" -eq 0 ]; then
	echo "readme-check: README.md has no sh block" >&2
	exit 1
fi
start=$SECONDS
for i in $(seq 1 "$blocks"); do
	b=$tmp/block-$i.sh
	if grep -q 'deploy/slurm/submit.sh' "$b" && ! command -v sbatch >/dev/null; then
		echo "readme-check: block $i is for a Slurm cluster and sbatch is not here: checking that its script and make targets exist"
		bash -n deploy/slurm/submit.sh
		make -n build paper-figures list-experiments >/dev/null
		continue
	fi
	if grep -qE '^make test([[:space:]]|$)' "$b"; then
		echo "readme-check: block $i: not running its line 'make test' (this check is part of it)"
		sed -i -E '/^make test([[:space:]]|$)/d' "$b"
	fi
	t=$SECONDS
	if ! bash -euo pipefail -x "$b" >"$tmp/block-$i.log" 2>&1; then
		echo "readme-check: block $i of README.md failed:" >&2
		tail -n 40 "$tmp/block-$i.log" >&2
		exit 1
	fi
	echo "readme-check: block $i: $(grep -c '^+ ' "$tmp/block-$i.log") commands ran in $((SECONDS - t)) s"
done
status=$(git status --porcelain)
if [ "$status" != "$before" ]; then
	echo "readme-check: the README's commands left the tree of a fresh clone unclean:" >&2
	diff <(echo "$before") <(echo "$status") >&2 || true
	exit 1
fi
echo "readme-check: the $blocks sh blocks of README.md ran in a fresh clone in $((SECONDS - start)) s; its tree is clean"
