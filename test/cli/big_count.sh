# scripts/big-count, the long counts' runner (docs/big-counts.md): Bedlam in 2 parts, one at
# a time, merged to the whole count; a part stopped by Ctrl-C goes on from its checkpoint; run
# again, nothing is searched twice; a lost part is searched again alone; parts that fail are
# counted and the merge is not made.
ROOT=$(cd "$DATA/.." && pwd)
BC=$ROOT/scripts/big-count
mkdir out

# Part 0 stopped by Ctrl-C first, as a user stops a long run: its checkpoint stays.
stopped=0
if ! sigint_ignored && ! sigint_untimely; then
  timeout -s INT 0.5 "$DANCE" cube bedlam --shard 0/2 -t 1 --json -q \
    --checkpoint out/part-0.ckpt --checkpoint-interval 60 >/dev/null 2>&1
  [ -s out/part-0.ckpt ] && stopped=1
fi

bash "$BC" "$DANCE" out 2 1 bedlam >bc.out 2>bc.err
status=$?
check "[ $status -eq 0 ]" "big-count exits $status: $(cat bc.err)"
check "grep -q '^19186 solutions (460464 covers in all) from 2 parts of problem ' bc.out" \
  "not Bedlam's count: $(cat bc.out)"
check "grep -q '^part 1 of 2: cpu [0-9.]* s, wall [0-9.]* s; 2 of 2 done\$' bc.err" "part 1: $(cat bc.err)"
check "grep -Eq '^part 0 of 2: cpu .*; 1 of 2 done, (under 2 min|about [0-9.]+ (min|h)) of wall time left at 1 at a time\$' bc.err" \
  "part 0, and what is left: $(cat bc.err)"
check "[ ! -e out/part-0.ckpt ] && [ ! -e out/part-1.ckpt ]" "checkpoints left: $(ls out)"
check "grep -q '^cpu seconds: [0-9.]* (all the parts.* runs together)\$' bc.out" "no CPU time in the merge: $(cat bc.out)"
if [ "$stopped" = 1 ]; then
  # Its line gives the CPU time of both its runs: the JSON's, and that before its checkpoint.
  python3 - out/part-0.json bc.err <<'PY' || fail "part 0 was stopped with a checkpoint, but: $(cat bc.err)"
import json, re, sys
d = json.load(open(sys.argv[1]))
cpu = d["cpu_seconds"] + d["resumed"]["cpu_seconds"]
line = [l for l in open(sys.argv[2]) if l.startswith("part 0 of 2: ")][0]
assert d["resumed"]["cpu_seconds"] > 0 and re.match(r"part 0 of 2: cpu %.1f s, wall " % cpu, line), line
PY
fi

# Run again: nothing searched, the same total.
bash "$BC" "$DANCE" out 2 1 bedlam >again.out 2>again.err
status=$?
check "[ $status -eq 0 ] && cmp -s bc.out again.out && [ ! -s again.err ]" \
  "run again: exit $status, $(cat again.out again.err)"

# A part lost: only it is searched again.
rm out/part-1.json
bash "$BC" "$DANCE" out 2 1 bedlam >lost.out 2>lost.err
check "grep -q '^part 1 of 2' lost.err && ! grep -q '^part 0 of 2' lost.err && [ \"\$(head -1 lost.out)\" = \"\$(head -1 bc.out)\" ]" \
  "the lost part: $(cat lost.out lost.err)"

# Parts that fail (a bad option): exit 1, how many are left, no merge.
bash "$BC" "$DANCE" bad 2 1 bedlam --no-such-option >bad.out 2>bad.err
status=$?
check "[ $status -eq 1 ] && [ ! -s bad.out ]" "failing parts: exit $status, $(cat bad.out)"
check "grep -q '^scripts/big-count: 2 of 2 parts still to run\$' bad.err" "$(cat bad.err)"

# Usage.
bash "$BC" "$DANCE" out 2 >usage.out 2>usage.err
status=$?
check "[ $status -eq 2 ] && grep -q '^usage: scripts/big-count DANCE OUTDIR N JOBS DANCE-CUBE-ARGS' usage.err" \
  "usage: exit $status, $(cat usage.err)"

# The 8x10 count kept in the tree, run without the recall, with it, and with the lone cells
# ahead too (docs/big-counts.md): each merges to the published 13,544,006,752 packings, and
# the three agree part by part.
for kept in pento-tetra-8x10 pento-tetra-8x10-recall pento-tetra-8x10-lone; do
  run merge "$DATA"/counts/$kept/part-*.json
  expect_exit 0
  expect_stdout_has "3386001688 solutions (13544006752 covers in all) from 64 parts"
done
python3 - "$DATA/counts" <<'PY' || fail "the kept runs differ part by part"
import json, sys
for k in range(64):
    a, b, c = (json.load(open(f"{sys.argv[1]}/{d}/part-{k}.json"))
               for d in ("pento-tetra-8x10", "pento-tetra-8x10-recall", "pento-tetra-8x10-lone"))
    for x in (b, c):
        assert (a["solutions"], a["total"], a["plan"]) == (x["solutions"], x["total"], x["plan"]), k
    assert b["recall"] == [11, 12] and a.get("recall") is None and b["nodes"] < a["nodes"], k
    assert c["recall"] == [10, 13] and c["isa"] == "avx512" and c["nodes"] < b["nodes"], k
PY
