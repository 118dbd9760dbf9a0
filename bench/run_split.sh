#!/usr/bin/env bash
# run_split.sh -- a search split into parts, run through GNU parallel and merged, against
# one run on the same cores; and how even the parts are.
#   bench/run_split.sh [--rounds R] [--parts N] [PUZZLE...]   (default: 3 rounds, 16 parts,
#                                                              bedlam and pentominoes 10x6)
# For each puzzle, in alternating rounds: `dance cube P --threads 2` (wall), and
# `parallel -j 2 dance cube P --shard {}/N --threads 1 --json` then `dance merge` (wall,
# the merge included); prints the medians, their ratio, and the spread of the parts' times
# (merge's max/mean: the slowest part against the mean). With BUILD_DIR/dance-mpi (a build
# with -DDANCE_MPI=ON), also `mpirun -np 3 dance-mpi --parts N` (2 working ranks).
# A puzzle is the words after `dance cube`, e.g. "bedlam --restrict T". Prints the lines
# bench/RESULTS.md records (machine, compiler, commit, command) first.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
command="bench/run_split.sh $*"
rounds=3 parts=16
while [ $# -gt 0 ]; do
  case $1 in
  --rounds) rounds=$2; shift 2 ;;
  --parts) parts=$2; shift 2 ;;
  *) break ;;
  esac
done
[ $# -gt 0 ] || set -- bedlam "pentominoes --box 10x6"
command -v parallel >/dev/null || { echo "run_split.sh: needs GNU parallel (Debian: parallel)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
since() { awk -v a="$(now)" -v b="$1" 'BEGIN { printf "%.3f", a - b }'; }
median() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
bench_header "A split run through GNU parallel and dance merge" "$root" "$build" \
  "${BUILD_DIR:+BUILD_DIR=$BUILD_DIR }$command" dlx models solvers
echo "| puzzle | one run, --threads 2 (s) | $parts parts, parallel -j 2, + merge (s) | ratio | slowest part / mean |$( [ -x "$build/dance-mpi" ] && echo " dance-mpi, 3 ranks (s) | ratio |")"
echo "|---|---|---|---|---|$( [ -x "$build/dance-mpi" ] && echo "---|---|")"
for puzzle in "$@"; do
  one=() split=() spread=() mpi=()
  for ((r = 0; r < rounds; r++)); do
    t0=$(now)
    # shellcheck disable=SC2086 # the puzzle's words
    "$build/dance" cube $puzzle --threads 2 >"$tmp/one.txt"
    one+=("$(since "$t0")")
    rm -f "$tmp"/part-*.json
    t0=$(now)
    # shellcheck disable=SC2086
    parallel --will-cite -j 2 "'$build/dance' cube $puzzle --shard {}/$parts --threads 1 --json >'$tmp'/part-{}.json" ::: $(seq 0 $((parts - 1)))
    "$build/dance" merge --json "$tmp"/part-*.json >"$tmp/merged.json"
    split+=("$(since "$t0")")
    spread+=("$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["part_seconds"]["max_over_mean"])' "$tmp/merged.json")")
    whole=$(sed -n 's/^\([0-9]*\) solutions.*/\1/p' "$tmp/one.txt")
    merged=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["solutions"])' "$tmp/merged.json")
    [ "$whole" = "$merged" ] || { echo "run_split.sh: $puzzle: $merged merged, $whole in one run" >&2; exit 1; }
    if [ -x "$build/dance-mpi" ]; then
      rm -rf "$tmp/mpi"
      t0=$(now)
      # shellcheck disable=SC2086
      mpirun -np 3 --oversubscribe "$build/dance-mpi" -q --parts "$parts" --dir "$tmp/mpi" -- cube $puzzle >/dev/null
      mpi+=("$(since "$t0")")
    fi
  done
  mo=$(median "${one[@]}") ms=$(median "${split[@]}")
  line="| \`$puzzle\` | $mo | $ms | $(awk -v a="$ms" -v b="$mo" 'BEGIN { printf "%.2f", a / b }') | $(median "${spread[@]}") |"
  if [ ${#mpi[@]} -gt 0 ]; then
    mm=$(median "${mpi[@]}")
    line="$line $mm | $(awk -v a="$mm" -v b="$mo" 'BEGIN { printf "%.2f", a / b }') |"
  fi
  echo "$line"
done
