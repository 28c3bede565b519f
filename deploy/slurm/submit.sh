#!/usr/bin/env bash
# Submits experiments to Slurm, each as a job array of run-array.sbatch (task
# i of K runs shard i/K) and a merge job that runs once every task has ended
# well (--dependency=afterok, cancelled if one failed). Run it from the
# repository's root after `make build`, on a node that submits jobs, with the
# repository on a file system all nodes share (deploy/README.md):
#
#   deploy/slurm/submit.sh PROFILE K EXPERIMENT… [-- SBATCH OPTION…]
#   deploy/slurm/submit.sh paper 16 $(make -s list-experiments) -- --partition=long
#
# PROFILE is a spec profile ('' for the small default), K the shards of each
# Monte Carlo experiment; the collectives specs (collectives-*) are not
# sharded and run as one task, checked by `hyperroute verify` after it (they
# write their manifest themselves). The options after -- go to sbatch for the
# arrays (--cpus-per-task, --mem, --time, --partition …, overriding the
# script's #SBATCH lines; sbatch also reads SBATCH_PARTITION, SBATCH_ACCOUNT
# …). Files go to RESULTS/EXPERIMENT/ (default results/PROFILE, results for the
# small default), job logs to RESULTS/slurm/. It prints one line per
# experiment: the name, the array job and the merge (or verify) job.
set -euo pipefail
usage='usage: deploy/slurm/submit.sh PROFILE K EXPERIMENT… [-- SBATCH OPTION…]'
[ $# -ge 3 ] || { echo "$usage" >&2; exit 2; }
profile=$1 k=$2
shift 2
exps=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	exps+=("$1")
	shift
done
[ $# -gt 0 ] && shift
case $k in
'' | *[!0-9]* | 0*) echo "submit.sh: K=$k: want a shard count, at least 1" >&2; exit 2 ;;
esac
[ ${#exps[@]} -gt 0 ] || { echo "$usage" >&2; exit 2; }

dir=$(cd "$(dirname "$0")" && pwd)
bin=${HYPERROUTE:-bin/hyperroute}
[ -x "$bin" ] || { echo "submit.sh: $bin: no such executable in $PWD (make build)" >&2; exit 2; }
export RESULTS=${RESULTS:-results${profile:+/$profile}}
mkdir -p "$RESULTS/slurm"
for e in "${exps[@]}"; do
	n=$k then=merge p=$profile
	case $e in collectives-*) n=1 then=verify ;; esac
	# As the Makefile: these two have no profiles and run as they are.
	case $e in collectives-size | collectives-bounds) p= ;; esac
	jid=$(SHARDS=$n sbatch --parsable --job-name="hr-$e" --array=0-$((n - 1)) --output="$RESULTS/slurm/$e-%A_%a.out" \
		"$@" "$dir/run-array.sbatch" "$e" "$p")
	jid=${jid%%;*}
	mid=$(sbatch --parsable --job-name="hr-$then-$e" --dependency=afterok:"$jid" --kill-on-invalid-dep=yes \
		--ntasks=1 --cpus-per-task=1 --mem=2G --time=30 --output="$RESULTS/slurm/$e-$then-%j.out" \
		--wrap "$bin $then $RESULTS/$e")
	echo "$e array $jid $then ${mid%%;*}"
done
