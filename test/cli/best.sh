# The cheapest solutions (--best K): options with costs as Knuth's DLX5 reads them.

printf '| costs\nA B C | x\nA B |3 |4\nC x:r |1\nA |2\nB C\nB\n' >c.dlx

run xc c.dlx --best 2
expect_exit 0
expect_stdout <<'EOF'
solution 1 (cost 2):
A |2
B C

solution 2 (cost 3):
C x:r |1
A |2
B

the 2 cheapest solutions: costs 2, 3
EOF
expect_stderr </dev/null

# Fewer solutions than asked: all of them.
run xc c.dlx --best 10 --json
expect_exit 0
expect_json 'd["costs"] == [2, 3, 8] and d["solutions"] == 3 and d["complete"] and d["best"] == 10 and d["printed"][2] == ["A B |7", "C x:r |1"]'

# Costs are part of the matrix: written back, and counted as before.
run xc c.dlx --export -
expect_exit 0
expect_stdout <<'EOF'
| exported by dance xc from c.dlx
A B C | x
A B |7
C x:r |1
A |2
B C
B
EOF
run xc c.dlx
expect_stdout <<'EOF'
3 solutions
EOF

printf 'A B\nA |x\n' >bad.dlx
run xc bad.dlx --best 1
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance xc: bad.dlx:2:3: a cost is '|' and a whole number, as in '|7' (not '|x')
EOF

printf 'A B\nA\n' >none.dlx
run xc none.dlx --best 3
expect_exit 1
expect_stdout <<'EOF'
no solutions
EOF

# In parts: each part's K cheapest, and dance merge takes the K cheapest of them all, the
# same costs as one whole run (the Soma cube with costs: 96, 124, 134, 134, 138, a cost
# repeated). A part of another K is of another problem.
python3 - "$DATA/xc/soma.dlx" <<'PY' >pc.dlx
import sys
lines = [l for l in open(sys.argv[1]).read().splitlines() if l.strip() and not l.startswith("|")]
print(lines[0])
for n, l in enumerate(lines[1:]):  # every option a cost, some repeated
    print(l, "|%d" % ((n * 37) % 101))
PY
"$DANCE" xc pc.dlx --best 5 --threads 1 --json >whole.json
for k in 0 1 2; do
  "$DANCE" xc pc.dlx --best 5 --shard "$k/3" --json >"pc-$k.json"
done
want=$(python3 -c 'import json; print(json.load(open("whole.json"))["costs"])')
run merge pc-2.json pc-0.json pc-1.json --json
expect_exit 0
expect_json "d['costs'] == $want and d['solutions'] == 5 and d['best'] == 5 and len(d['printed']) == 5 and d['parts'] == 3"
run merge pc-0.json pc-1.json pc-2.json
expect_exit 0
expect_stdout_has "the 5 cheapest solutions: costs $(python3 -c 'import json; print(", ".join(map(str, json.load(open("whole.json"))["costs"])))') (from 3 parts of problem "
"$DANCE" xc pc.dlx --best 4 --shard 2/3 --json >pc4-2.json
run merge pc-0.json pc-1.json pc4-2.json
expect_exit 2
expect_stderr_has "pc4-2.json: a part of another problem"
run merge pc-0.json pc-1.json pc-2.json --catalog all.cat
expect_exit 2
expect_stderr <<'EOF'
dance merge: results of 'dance xc --best' have no catalogs to merge
EOF

expect_usage_error xc "--best prints its solutions itself: it cannot go with --print" xc c.dlx --best 2 --print
expect_usage_error xc "--best prints its solutions itself: it cannot go with --checkpoint" xc c.dlx --best 2 --checkpoint c.ckpt
expect_usage_error xc "--best prints its solutions itself: it cannot go with --memo" xc c.dlx --best 2 --memo
run xc "$DATA/xc/twos6.dlx" --best 1
expect_exit 2
expect_stderr <<'EOF'
dance xc: --best: $DATA/xc/twos6.dlx has multiplicities, which the search for the cheapest solutions does not handle yet
EOF

# A --best part whose costs do not match its solutions is refused, named.
python3 -c '
import json
d = json.load(open("pc-1.json"))
d["costs"] = d["costs"][:-1]
json.dump(d, open("pc-1-cut.json", "w"))'
run merge pc-0.json pc-1-cut.json pc-2.json
expect_exit 2
expect_stdout </dev/null
expect_stderr_has "dance merge: pc-1-cut.json: a result of 'dance xc --best' without its costs and solutions"
