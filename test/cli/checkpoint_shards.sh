# A part of a split run (--shard K/N) cuts the tree as every other part does, whether or not
# it keeps a checkpoint, and whether or not it was resumed: dance merge adds up parts run
# with and without checkpoints alike to the count of one whole run. (A checkpointed part
# that took the finer split of a whole checkpointed run would own other pieces than its
# neighbours: merged with them, some pieces would be counted twice and some never.)
Q=$DATA/xc/queens13.dlx

for k in 0 1 2 3; do
  "$DANCE" xc "$Q" --shard "$k/4" --json >"a$k.json"
  "$DANCE" xc "$Q" --shard "$k/4" --checkpoint "b$k.ckpt" --json >"b$k.json"
done
run merge a0.json b1.json a2.json a3.json
expect_exit 0
expect_stdout_has "73712 solutions from 4 parts of problem "
run merge b0.json a1.json b2.json b3.json --json
expect_exit 0
expect_json 'd["solutions"] == 73712 and d["complete"]'
# A part cut short, then run again with the same command line: resumed, and merged alike.
run xc "$Q" --shard 2/4 --checkpoint c2.ckpt --max-nodes 1e5 --threads 1 --json
expect_json 'not d["complete"]'
run xc "$Q" --shard 2/4 --checkpoint c2.ckpt --json
expect_json 'd["complete"] and d["resumed"]["pieces"] > 0'
cp "$OUT" c2.json
run merge a0.json b1.json c2.json a3.json
expect_exit 0
expect_stdout_has "73712 solutions from 4 parts of problem "
# The times of all the parts' runs: a resumed part's earlier runs added.
run merge a0.json b1.json c2.json a3.json --json --stats
python3 - a0.json b1.json c2.json a3.json "$OUT" <<'PY' || fail "the merged times are not the parts' runs' sums: $(cat "$OUT")"
import json, sys
parts = [json.load(open(f)) for f in sys.argv[1:5]]
merged = json.load(open(sys.argv[5]))
def runs(key):
    return sum(p[key] + (p["resumed"][key] if "resumed" in p else 0) for p in parts)
assert parts[2]["resumed"]["cpu_seconds"] > 0 and parts[2]["resumed"]["seconds"] > 0
assert abs(merged["seconds"] - runs("seconds")) < 1e-3 and abs(merged["cpu_seconds"] - runs("cpu_seconds")) < 1e-2
PY
run merge a0.json b1.json c2.json a3.json --stats
check "grep -q '^cpu seconds: [0-9]*\.[0-9]\{3\} (all the parts.* runs together)\$' $OUT" "no CPU time: $(cat "$OUT")"
# A part whose CPU time is not known (a result of dance 1.4.0 or before): neither is the sum's.
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); del d["cpu_seconds"]; json.dump(d, open(sys.argv[2], "w"))' a3.json old3.json
run merge a0.json b1.json c2.json old3.json --json
expect_exit 0
expect_json 'd["complete"] and d["solutions"] == 73712 and d["cpu_seconds"] is None'
run merge a0.json b1.json c2.json old3.json --stats
expect_stdout_has "cpu seconds: not known (a part of dance 1.4.0 or before says only its seconds)"

# The Soma cube as a matrix, in 3 parts.
S=$DATA/xc/soma.dlx
for k in 0 1 2; do
  "$DANCE" xc "$S" --shard "$k/3" --json >"s$k.json"
  "$DANCE" xc "$S" --shard "$k/3" --checkpoint "t$k.ckpt" --json >"t$k.json"
done
run merge s0.json t1.json s2.json --json
expect_exit 0
expect_json 'd["solutions"] == 11520 and d["complete"]'
run merge t0.json s1.json t2.json --json
expect_json 'd["solutions"] == 11520 and d["complete"]'

# dance cube soma in 5 parts: its solutions and covers.
for k in 0 1 2 3 4; do
  "$DANCE" cube soma --shard "$k/5" --json >"u$k.json"
  "$DANCE" cube soma --shard "$k/5" --checkpoint "v$k.ckpt" --json >"v$k.json"
done
run merge u0.json v1.json u2.json v3.json u4.json --json
expect_exit 0
expect_json 'd["solutions"] == 480 and d["total"] == 11520 and d["complete"]'
run merge v0.json u1.json v2.json u3.json v4.json --json
expect_json 'd["solutions"] == 480 and d["total"] == 11520 and d["complete"]'
check "grep -q '^split 0$' v3.ckpt && grep -q '^shard 3 5$' v3.ckpt" "a part's checkpoint does not keep the default split"

# --shard 0/1 is a part of one: its tree is split as a part's is (split 0), and its checkpoint
# is resumed as any part's. A run without --shard splits the whole problem otherwise: each
# refuses the other's checkpoint, saying which is which.
run xc "$Q" --shard 0/1 --checkpoint w.ckpt --max-nodes 1e5 --threads 1 --json
expect_json 'not d["complete"]'
check "grep -q '^shard 0 1$' w.ckpt && grep -q '^split 0$' w.ckpt" "--shard 0/1 did not keep a part's split: $(head -8 w.ckpt)"
run xc "$Q" --shard 0/1 --checkpoint w.ckpt --json
expect_exit 0
expect_json 'd["complete"] and d["solutions"] == 73712 and d["resumed"]["pieces"] > 0'
cp "$OUT" w.json
run merge w.json
expect_exit 0
expect_stdout_has "73712 solutions from 1 part of problem "
run xc "$Q" --checkpoint w.ckpt
expect_exit 2
expect_stderr <<'EOF2'
dance xc: w.ckpt: a checkpoint of part 0/1, and this run is of the whole problem (--restart replaces it)
EOF2
run xc "$Q" --checkpoint whole.ckpt --max-nodes 1e5 --threads 1 -q
run xc "$Q" --shard 0/1 --resume whole.ckpt
expect_exit 2
expect_stderr <<'EOF2'
dance xc: whole.ckpt: a checkpoint of the whole problem, and this run is of part 0/1
EOF2
