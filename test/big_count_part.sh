#!/usr/bin/env bash
# big_count_part.sh DANCE DATA [K] -- one part of the long count of docs/big-counts.md (the
# twelve pentominoes with the five tetrominoes in 8x10, in 64 parts) run again, on two
# threads and without a checkpoint where the committed one ran on one thread with them: the
# same plan, the same units, the same solutions and covers as data/counts/pento-tetra-8x10/
# part-K.json. K defaults to 6, the part of the fewest nodes.
set -u
dance=$1 data=$2 k=${3:-6}
committed=$data/counts/pento-tetra-8x10/part-$k.json
[ -s "$committed" ] || { echo "FAIL big_count_part: no $committed" >&2; exit 1; }
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT || exit 1
"$dance" cube "$data/cube/pentominoes-tetrominoes-8x10.txt" --shard "$k/64" -t 2 --json -q \
  >"$tmp/part.json"
status=$?
[ "$status" -eq 0 ] || { echo "FAIL big_count_part: part $k exits $status" >&2; exit 1; }
python3 - "$tmp/part.json" "$committed" <<'PY'
import json, sys
new, old = (json.load(open(p)) for p in sys.argv[1:3])
same = ("solutions", "total", "complete", "plan", "shard", "symmetries")  # the identity carries the version
bad = [k for k in same if new.get(k) != old.get(k)]
if bad or new["complete"] is not True:
    sys.exit("FAIL big_count_part: " + ", ".join(f"{k}: {new.get(k)} against {old.get(k)}" for k in bad))
print(f"big_count_part: part {new['shard']['index']} of 64: {new['solutions']} solutions "
      f"({new['total']} covers), as committed")
PY
