#!/usr/bin/env bash
# split_long.sh DANCE DATA [DANCE_MPI] -- the Bedlam cube split in 16 parts, run through
# GNU parallel (2 at a time) and, when built, dance-mpi on 3 ranks: merged, the counts of
# one whole run (19,186 solutions, the same nodes).
set -u
dance=$1 mpi=${3:-}
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT && cd "$tmp" || exit 1
failures=0
fail() { echo "FAIL split_long: $*" >&2; failures=$((failures + 1)); }
same() { # FILE: the merged result against whole.json
  python3 - "$1" <<'PY' || fail "$1: $(cat "$1")"
import json, sys
d, w = json.load(open(sys.argv[1])), json.load(open("whole.json"))
sys.exit(not (d["solutions"] == w["solutions"] == 19186 and d["nodes"] == w["nodes"]
              and d["total"] == w["total"] and d["parts"] == 16))
PY
}
"$dance" cube bedlam --json >whole.json || fail "one whole run exits $?"
if command -v parallel >/dev/null; then
  mkdir parts
  parallel --will-cite -j 2 "$dance" cube bedlam --threads 1 --shard {}/16 --json '>' parts/{}.json ::: $(seq 0 15) ||
    fail "a part failed under parallel"
  "$dance" merge --json parts/*.json >merged.json || fail "merge exits $?"
  same merged.json
else
  echo "split_long: GNU parallel is not installed (Debian: parallel); skipping it" >&2
fi
if [ -n "$mpi" ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 # CI runs as root
  mpirun -np 3 --oversubscribe "$mpi" --dance "$dance" --parts 16 --dir mpi --json -- cube bedlam \
    >mpi.json 2>mpi.err || fail "dance-mpi exits $?: $(cat mpi.err)"
  same mpi.json
fi
echo "split_long: $failures failures"
[ $failures = 0 ]
