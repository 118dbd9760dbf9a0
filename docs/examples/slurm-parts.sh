#!/usr/bin/env bash
# slurm-parts.sh -- one part of a split dance run per task of a Slurm job array.
#
#   sbatch --array=0-15 docs/examples/slurm-parts.sh cube bedlam
#   dance merge parts/*.json                      # once every task has finished
#
# Task K of an array 0..N-1 runs `dance ARGS --shard K/N --json`, with the task's CPUs as
# threads, into parts/K.json (written whole: a temporary file renamed when the part is
# done). A task that dies (a node lost, the time limit) leaves parts/K.ckpt, its finished
# pieces: run that task again (sbatch --array=K ...) and it goes on from there. Set
# DANCE (the dance to run, default: the one on PATH) and DANCE_PARTS (the folder, default
# parts) in the environment if you like; sbatch passes the environment on.
#SBATCH --job-name=dance
#SBATCH --cpus-per-task=2
#SBATCH --output=dance-%A_%a.log
set -euo pipefail

dance=${DANCE:-dance}
dir=${DANCE_PARTS:-parts}
k=${SLURM_ARRAY_TASK_ID:?"not a task of a Slurm job array (sbatch --array=0-N)"}
n=${SLURM_ARRAY_TASK_COUNT:?"not a task of a Slurm job array (sbatch --array=0-N)"}
if [ "${SLURM_ARRAY_TASK_MIN:-0}" != 0 ] || [ "${SLURM_ARRAY_TASK_MAX:-$((n - 1))}" != $((n - 1)) ]; then
  echo "slurm-parts.sh: the array must be 0-$((n - 1)) (the parts are numbered from 0)" >&2
  exit 2
fi
[ $# -gt 0 ] || { echo "slurm-parts.sh: give the dance command, e.g. cube bedlam" >&2; exit 2; }
mkdir -p "$dir"
# The same command for the first run and a rerun: --checkpoint resumes its file when it
# holds this part's finished pieces.
"$dance" "$@" --shard "$k/$n" --threads "${SLURM_CPUS_PER_TASK:-1}" --json \
  --checkpoint "$dir/$k.ckpt" >"$dir/$k.json.tmp"
mv "$dir/$k.json.tmp" "$dir/$k.json"
