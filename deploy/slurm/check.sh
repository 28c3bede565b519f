#!/usr/bin/env bash
# The cluster path against a real Slurm (`make slurm-check`, part of `make
# test`): installs Slurm from the distribution's packages if it is missing
# (apt-get, slurm-wlm: Slurm with munge), starts a private single-node
# cluster on localhost (its own munged, slurmctld and slurmd, configuration
# and ports, all under $HYPERROUTE_SLURM_DIR), submits run-array.sbatch as an
# array of 3 tasks on the small default of valiant-tail, merges as a job that
# depends on the array (afterok), and checks the merged run: `hyperroute
# verify`, 3 shards, and the same rows as an unsharded run (samerows). Then
# it removes a unit of task 1 and repairs the run as deploy/README.md says:
# merge must refuse it, the index resubmitted with SHARDS redoes that unit
# only, and the merged run is again that of the unsharded run. It
# stops the daemons and removes the runs when it is done; a second run on the
# same machine starts afresh. The jobs are submitted by deploy/slurm/submit.sh,
# as deploy/README.md submits the paper profiles.
#
# It needs root (the daemons run as root, ProctrackType=proctrack/linuxproc,
# TaskPlugin=task/none: no cgroups, fine in a container). Where Slurm cannot
# be had (not root, no apt-get, no network), it says so in a banner on stderr
# and exits 0, unless CI=true: there that is a failure. Once Slurm is
# installed, any failure (a daemon, a job, a comparison) fails the check.
#
# Environment: HYPERROUTE, the binary (default bin/hyperroute); GO (default
# go); HYPERROUTE_SLURM_DIR (default /tmp/hyperroute-slurm-check);
# HYPERROUTE_SLURM_TIMEOUT, seconds to wait for the jobs (default 300).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${HYPERROUTE:-bin/hyperroute}
go=${GO:-go}
state=${HYPERROUTE_SLURM_DIR:-/tmp/hyperroute-slurm-check}
timeout=${HYPERROUTE_SLURM_TIMEOUT:-300}
spec=valiant-tail
shards=3
started=$SECONDS

say() { echo "slurm-check: $*" >&2; }

# cannot prints a banner saying why the check did not run and exits: 1 in
# CI, else 0.
cannot() {
	local line='########################################################################'
	{
		echo
		echo "$line"
		echo "# SLURM CHECK NOT RUN: $*"
		echo "# deploy/slurm/run-array.sbatch was NOT tested against a real Slurm."
		if [ "${CI:-}" = true ]; then
			echo "# CI=true: this is a failure."
		else
			echo "# (Not in CI, so make test goes on; CI runs this check as root.)"
		fi
		echo "$line"
		echo
	} >&2
	[ "${CI:-}" = true ] && exit 1
	exit 0
}

if [ "$(id -u)" != 0 ]; then
	cannot "it starts its own Slurm daemons and needs root (you are $(id -un))"
fi
if [ ! -x "$bin" ]; then
	say "$bin: no such executable (make build)"
	exit 1
fi

# --- Slurm from the distribution's packages ---------------------------------
# One check at a time per state directory (and one apt-get).
mkdir -p "$(dirname "$state")"
exec 9>"$state.lock"
flock 9
need=(sbatch scontrol sinfo slurmctld slurmd munged mungekey)
missing() {
	local c
	for c in "${need[@]}"; do
		command -v "$c" >/dev/null || return 0
	done
	return 1
}
if missing; then
	command -v apt-get >/dev/null || cannot "Slurm is not installed and there is no apt-get to install it"
	say "installing Slurm: apt-get update; apt-get install slurm-wlm (log in $state.apt.log)"
	t=$SECONDS
	if ! { apt-get -o DPkg::Lock::Timeout=120 update -q &&
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 install -y -q --no-install-recommends slurm-wlm; } >"$state.apt.log" 2>&1; then
		tail -n 20 "$state.apt.log" >&2
		cannot "apt-get could not install slurm-wlm (no network or no Debian mirror?); see $state.apt.log"
	fi
	missing && cannot "slurm-wlm is installed but lacks one of ${need[*]}"
	say "Slurm installed in $((SECONDS - t)) s"
fi

# --- a private single-node cluster ------------------------------------------
# Every variable of an enclosing Slurm job (make test run as a job) would
# leak into the submissions and the unsharded run.
while read -r v; do unset "$v"; done < <(compgen -e | grep '^SLURM_' || true)
export SLURM_CONF=$state/slurm.conf

# stop ends the daemons of an earlier or this check, by their pid files.
stop() {
	local d pid
	for d in slurmd slurmctld munged; do
		pid=$(cat "$state/$d.pid" 2>/dev/null) || continue
		if kill "$pid" 2>/dev/null; then
			for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
			kill -9 "$pid" 2>/dev/null || true
		fi
		rm -f "$state/$d.pid"
	done
}
stop
rm -rf "$state"
mkdir -p "$state"/{munge,ctld,spool,log}
chmod 0711 "$state/munge" # munged wants its socket's directory searchable by all
mungekey -c -k "$state/munge/munge.key"
munged -S "$state/munge/socket" --key-file="$state/munge/munge.key" --pid-file="$state/munged.pid" \
	--log-file="$state/log/munged.log" --seed-file="$state/munge/seed"

fail() {
	say "FAILED: $*"
	local f
	for f in "$state"/run/sharded/slurm/* "$state"/run/whole.log "$state"/log/slurmctld.log "$state"/log/slurmd.log; do
		[ -f "$f" ] || continue
		echo "--- $f (last lines)" >&2
		tail -n 15 "$f" >&2
	done
	say "logs in $state/log and $state/run/sharded/slurm"
	exit 1
}
finish() {
	scancel --quiet --full --user=root 2>/dev/null || true
	stop
}
trap finish EXIT

# The node as slurmd sees it (CPUs, sockets, cores, memory), named localhost.
node=$(slurmd -C | sed -n '1s/^NodeName=[^ ]* //p')
cat >"$SLURM_CONF" <<EOF
# hyperroute's Slurm check (deploy/slurm/check.sh): one node, root, no cgroups.
ClusterName=hyperroute-check
SlurmctldHost=localhost
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$state/munge/socket
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
NodeName=localhost $node State=UNKNOWN
PartitionName=check Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld || fail "slurmctld did not start"
slurmd -N localhost || fail "slurmd did not start"
for _ in $(seq 100); do
	[ "$(sinfo -h -n localhost -o %t 2>/dev/null)" = idle ] && break
	sleep 0.2
done
[ "$(sinfo -h -n localhost -o %t 2>/dev/null)" = idle ] || fail "the node localhost did not come up idle: $(sinfo -h -N 2>&1)"
say "Slurm $(sinfo -V | cut -d' ' -f2) up on localhost in $((SECONDS - started)) s"

# --- the array, the merge, the unsharded run --------------------------------
run=$state/run
mkdir -p "$run"
line=$(RESULTS=$run/sharded deploy/slurm/submit.sh '' "$shards" "$spec" -- --cpus-per-task=1 --mem=1G --time=30) ||
	fail "deploy/slurm/submit.sh"
read -r _ _ jid _ mid <<<"$line"
say "submitted array job $jid (tasks 0-$((shards - 1)) of $spec) and merge job $mid (afterok:$jid)"

"$bin" run "$spec" --out "$run/whole" --workers 1 2>"$run/whole.log" || fail "the unsharded run"

state_of() { scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2 | sort -u | tr '\n' ' '; }
# wait_job prints the states of job $1's tasks once none is pending or running.
wait_job() {
	local t=$SECONDS s
	while :; do
		s=$(state_of "$1")
		case $s in
		"" | *PENDING* | *RUNNING* | *CONFIGURING* | *COMPLETING*) ;;
		*) break ;;
		esac
		((SECONDS - t < timeout)) || fail "job $1 is still ${s:-unknown} after $timeout s"
		sleep 0.5
	done
	echo "${s% }"
}
s=$(wait_job "$mid")
[ "$s" = COMPLETED ] || fail "merge job $mid: $s (array job $jid: $(state_of "$jid"))"
say "merge: $(cat "$run"/sharded/slurm/*-merge-*.out)"

# --- the comparison ---------------------------------------------------------
# same checks the merged run $run/sharded/$spec: verify passes and counts
# $shards shards, and it holds the rows of the unsharded run.
same() {
	local v
	v=$("$bin" verify "$run/sharded/$spec") || fail "verify: $v"
	say "$v"
	case $v in
	*" of $shards shards there"*) ;;
	*) fail "the merged run is not one of $shards shards: $v" ;;
	esac
	"$go" run ./deploy/slurm/samerows "$run/sharded/$spec" "$run/whole/$spec" >&2 ||
		fail "the merged shards and the unsharded run differ"
}
"$bin" verify "$run/whole/$spec" >/dev/null || fail "verify of the unsharded run"
same

# --- a failed task, as deploy/README.md repairs it --------------------------
# Task 1 lost its last unit (n=12): merge refuses the run and names the
# files; resubmitting index 1 without SHARDS is refused; with SHARDS=3 it
# redoes that unit only, and the merge job after it passes.
rm "$run/sharded/$spec"/*/n=12/part-1-of-$shards.parquet "$run/sharded/$spec/manifest.json"
if m=$("$bin" merge "$run/sharded/$spec" 2>&1); then
	fail "merge accepted a run without shard 1 of n=12: $m"
fi
case $m in
*"part-1-of-$shards.parquet"*) say "merge refuses the incomplete run: ${m:0:150}…" ;;
*) fail "merge refused the incomplete run without naming part-1-of-$shards: $m" ;;
esac
bad=$(RESULTS=$run/sharded sbatch --parsable --array=1 --cpus-per-task=1 --mem=1G --time=10 \
	--output="$run/sharded/slurm/noshards-%A_%a.out" deploy/slurm/run-array.sbatch "$spec" '') || fail "sbatch --array=1"
s=$(wait_job "$bad")
[ "$s" = FAILED ] || fail "--array=1 without SHARDS: job $bad $s, want FAILED"
grep -q "set SHARDS" "$run"/sharded/slurm/noshards-*.out || fail "--array=1 without SHARDS failed without saying why"
jid=$(SHARDS=$shards RESULTS=$run/sharded sbatch --parsable --array=1 --cpus-per-task=1 --mem=1G --time=10 \
	--output="$run/sharded/slurm/rerun-%A_%a.out" deploy/slurm/run-array.sbatch "$spec" '') || fail "sbatch of the rerun"
mid=$(sbatch --parsable --dependency=afterok:"$jid" --kill-on-invalid-dep=yes --time=10 \
	--output="$run/sharded/slurm/rerun-merge-%j.out" --wrap "$bin merge $run/sharded/$spec") || fail "sbatch of the merge"
s=$(wait_job "$mid")
[ "$s" = COMPLETED ] || fail "merge job $mid after the rerun: $s (rerun job $jid: $(state_of "$jid"))"
grep -q "1 units run, 8 skipped" "$run"/sharded/slurm/rerun-"$jid"_1.out ||
	fail "the rerun of task 1 did not redo exactly its one missing unit: $(tail -n 3 "$run"/sharded/slurm/rerun-"$jid"_1.out)"
say "SHARDS=$shards sbatch --array=1 redid the one missing unit, merge passed after it"
same
rm -rf "$run"
say "passed in $((SECONDS - started)) s: $shards array tasks merged afterok, and again after a task was redone, hold the rows of the unsharded run"
