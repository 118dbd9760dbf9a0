#!/usr/bin/env bash
# mpi.sh DANCE_MPI DANCE DATA -- dance-mpi (built with -DDANCE_MPI=ON) on 3 ranks of this
# machine: the parts merged give the whole count; run again after parts were lost, it
# searches only those; a checkpoint of another run is refused.
set -u
mpi=$1 dance=$2 data=$3
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT && cd "$tmp" || exit 1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 # CI runs as root
run() { mpirun -np 3 --oversubscribe "$mpi" --dance "$dance" "$@" >out 2>err; }
failures=0
fail() { echo "FAIL mpi: $*" >&2; cat out err >&2; failures=$((failures + 1)); }
P=$data/xc/pent6x10.dlx

run --parts 8 --dir d --json -- xc "$P" || fail "dance-mpi exits $?"
python3 -c 'import json,sys; d=json.load(open("out")); sys.exit(not (d["solutions"] == 9356 and d["nodes"] == 3637261 and d["parts"] == 8))' ||
  fail "the merged count is not 9356 solutions, 3637261 nodes in 8 parts"
[ "$(grep -c '^done ' d/checkpoint)" = 8 ] || fail "the checkpoint does not list 8 parts"

# Queens, Langford pairs, the Soma cube: the counts of one whole run.
for problem in "xc $data/xc/queens12.dlx" "xc $data/xc/langford11.dlx" "cube soma"; do
  # shellcheck disable=SC2086 # the command's words
  "$dance" $problem --json >whole.json
  # shellcheck disable=SC2086
  run --parts 5 --dir "parts-${problem##*/}" --json -- $problem || fail "$problem: dance-mpi exits $?"
  python3 -c 'import json,sys; d=json.load(open("out")); w=json.load(open("whole.json")); sys.exit(not (d["solutions"] == w["solutions"] and d["nodes"] == w["nodes"] and d.get("total") == w.get("total") and d["parts"] == 5))' ||
    fail "$problem: the merged counts are not one whole run's"
done

# Two parts lost (as if rank 0 had died before their results arrived): only they run again.
# Links planted where a writer of a fixed temporary name would write (FILE.tmp) are left
# alone, and so are the files they name.
rm d/part-2.json d/part-5.json
sed -i '/^done [25]$/d' d/checkpoint
echo kept >victim
ln -s ../victim d/checkpoint.tmp
ln -s ../victim d/part-2.json.tmp
run --parts 8 --dir d -- xc "$P" || fail "the resumed run exits $?"
[ "$(cat victim)" = kept ] && [ -L d/checkpoint.tmp ] && [ -L d/part-2.json.tmp ] ||
  fail "a file written through a link planted at a temporary name"
grep -q '^dance-mpi: 6 of 8 parts were done before; searching the others$' err || fail "not resumed"
[ "$(grep -c 'done by rank' err)" = 2 ] || fail "not 2 parts searched on resumption"
grep -q '^9356 solutions from 8 parts of problem ' out || fail "the resumed total"

# The same folder for another split: refused, nothing searched.
run --parts 4 --dir d -- xc "$P"
status=$?
[ $status = 2 ] && grep -q 'is the checkpoint of another run (8 parts' err || fail "another split accepted ($status)"
# Usage.
mpirun -np 1 "$mpi" -- xc "$P" >out 2>err
[ $? = 2 ] && grep -q 'needs 2 ranks or more' err || fail "one rank accepted"
run --parts 8 --dir e
[ $? = 2 ] && grep -q 'missing the dance command after --' err || fail "no command accepted"
echo "mpi: $failures failures"
[ $failures = 0 ]
