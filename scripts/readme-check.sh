#!/usr/bin/env bash
# Runs every ```sh block of README.md, in order, in a fresh clone of this
# repository (its HEAD, with the changes to tracked files not yet committed
# applied) with the binary the clone's own `make` builds, then checks that
# the clone's tree is as the clone left it (git status --porcelain): what
# the README tells a new user to type runs, and writes only where the tree
# ignores it. `make test` runs it (make readme-check).
#
# Two things the README shows are not run as they stand, and it says so when
# it meets them: the line `make test`, of which this check is a part; and the
# block for a Slurm cluster, which submits the paper profiles of every
# experiment to a partition the reader names. That block runs against an
# sbatch that records its calls instead of submitting them, whether or not a
# Slurm is installed here (make slurm-check, in the same `make test`, may be
# installing one at this moment, without a cluster to submit to): each
# experiment must be submitted as one array and one job after it, and the
# make target it ends with must exist. make slurm-check runs that path on a
# real Slurm.
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
# check_slurm_block runs block $1 (file $2) with a recording sbatch first on
# PATH, up to its make paper-figures line (which needs the paper's results),
# and checks what it submitted.
check_slurm_block() {
	local i=$1 b=$2 stub=$tmp/stub log=$tmp/sbatch.log t=$SECONDS
	mkdir -p "$stub"
	cat >"$stub/sbatch" <<-'EOF'
		#!/usr/bin/env bash
		echo "$*" >>"$SBATCH_LOG"
		echo "$(wc -l <"$SBATCH_LOG");readme-check"
	EOF
	chmod +x "$stub/sbatch"
	: >"$log"
	grep -vE '^make paper-figures([[:space:]]|$)' "$b" >"$tmp/block-$i.run"
	if ! PATH=$stub:$PATH SBATCH_LOG=$log RESULTS=$tmp/slurm-results \
		bash -euo pipefail -x "$tmp/block-$i.run" >"$tmp/block-$i.log" 2>&1; then
		echo "readme-check: block $i of README.md failed (against a recording sbatch):" >&2
		tail -n 40 "$tmp/block-$i.log" >&2
		exit 1
	fi
	local want got arrays
	want=$(make -s list-experiments | wc -w)
	got=$(grep -cE '^[a-z0-9-]+ array [0-9]+ (merge|verify) [0-9]+$' "$tmp/block-$i.log" || true)
	arrays=$(grep -c -- '--array=' "$log" || true)
	if [ "$got" -ne "$want" ] || [ "$arrays" -ne "$want" ] || [ "$(wc -l <"$log")" -ne $((2 * want)) ]; then
		echo "readme-check: block $i: $want experiments, but $got submitted lines, $arrays arrays and $(wc -l <"$log") sbatch calls" >&2
		exit 1
	fi
	make -n paper-figures >/dev/null
	echo "readme-check: block $i is for a Slurm cluster: against a recording sbatch it submitted $want arrays and $want jobs after them in $((SECONDS - t)) s; make paper-figures (after the jobs) not run"
}
start=$SECONDS
for i in $(seq 1 "$blocks"); do
	b=$tmp/block-$i.sh
	if grep -q 'deploy/slurm/submit.sh' "$b"; then
		check_slurm_block "$i" "$b"
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
