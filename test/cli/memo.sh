# Counting with memoization (--memo): the same counts, its statistics, a table too small,
# threads, parts merged, a checkpoint resumed (with pieces past 2^64), and what it refuses.

run xc "$DATA/xc/langford11.dlx" --memo
expect_exit 0
expect_stdout <<'EOF'
35584 solutions
EOF
expect_stderr </dev/null

run xc "$DATA/xc/soma.dlx" --memo --json
expect_exit 0
expect_json 'd["solutions"] == 11520 and d["complete"] and d["engine"] == "memo" and d["memo"]["entries"] > 0 and d["memo"]["hits"] > 0 and not d["memo"]["full"] and d["memo"]["max_memory"] == 2**30'

# 22 items, every pair an option: 21!! perfect matchings.
python3 -c "
v = ['v%d' % i for i in range(22)]
print(' '.join(v))
for i in range(22):
    for j in range(i + 1, 22):
        print(v[i], v[j])" >pairs.dlx
run xc pairs.dlx --memo
expect_exit 0
expect_stdout <<'EOF'
13749310575 solutions
EOF

# A table too small: the count is exact, and a warning says the table filled.
run xc "$DATA/xc/queens12.dlx" --memo --max-memory 64K
expect_exit 0
expect_stdout <<'EOF'
14200 solutions
EOF
expect_stderr <<'EOF'
dance xc: warning: the table of counts filled its 64 KiB (--max-memory) and took no more: the count is exact, but a bigger table may be faster
EOF

# Stopped early, there is no count.
run xc "$DATA/xc/pent6x10.dlx" --memo --max-nodes 1000 --json
expect_exit 1
expect_json 'd["solutions"] is None and not d["complete"] and d["stopped_by"] == "max-nodes"'

# Colors: the color a secondary item was given is remembered with it.
run xc "$DATA/xc/colortest.dlx" --memo -q
expect_exit 0
expect_stdout <<'EOF'
1 solution
EOF
run xc "$DATA/xc/twos6.dlx" --memo
expect_exit 2
expect_stderr <<'EOF'
dance xc: --memo: $DATA/xc/twos6.dlx has multiplicities, which counting with memoization does not handle yet
EOF

# Two threads share the table: the top of the tree split into pieces; one thread does not
# split.
run xc "$DATA/xc/langford11.dlx" --memo --threads 2 --json
expect_exit 0
expect_json 'd["solutions"] == 35584 and d["complete"] and d["threads"] == 2 and d["subproblems"] >= 512'
run xc "$DATA/xc/langford11.dlx" --memo --threads 1 --json
expect_exit 0
expect_json 'd["solutions"] == 35584 and d["threads"] == 1 and d["subproblems"] == 0'

# Parts: three shards merged give the whole count; a plain part is of another problem (the
# split is not the same).
for k in 0 1 2; do
  "$DANCE" xc pairs.dlx --memo --shard "$k/3" --json >"memo-$k.json"
done
run merge memo-0.json memo-1.json memo-2.json --json
expect_exit 0
expect_json 'd["solutions"] == 13749310575 and d["parts"] == 3 and d["complete"]'
"$DANCE" xc "$DATA/xc/langford11.dlx" --memo --shard 0/2 --json >lf-0.json
"$DANCE" xc "$DATA/xc/langford11.dlx" --shard 1/2 --json >lf-1.json
run merge lf-0.json lf-1.json
expect_exit 2
expect_stderr_has "lf-1.json: a part of another problem"

# A checkpoint: a run stopped part way, resumed to the whole count; not without --memo.
run xc "$DATA/xc/langford11.dlx" --memo --threads 2 --checkpoint lf.ckpt --max-nodes 40000
expect_exit 1
expect_stdout_has "no count yet (stopped by --max-nodes 40000; the pieces finished are in the checkpoint)"
check "sed -n 2p lf.ckpt | grep -qx '# dance xc .*langford11.dlx --memo'" "the checkpoint's comment: $(sed -n 2p lf.ckpt)"
run xc "$DATA/xc/langford11.dlx" --memo --resume lf.ckpt --json
expect_exit 0
expect_json 'd["solutions"] == 35584 and d["complete"] and d["resumed"]["pieces"] > 0 and 0 < d["resumed"]["solutions"] < 35584'
run xc "$DATA/xc/langford11.dlx" --resume lf.ckpt
expect_exit 2
expect_stderr_has "a checkpoint of another problem"

# Pieces whose counts pass 2^64: 11 binary choices (x_i with a_i or with b_i, both secondary:
# the 2,048 pieces of a checkpoint's split), then 70 items of two options each: 2^81
# solutions, 2^70 in each piece. A checkpoint keeps each piece's count whole, past 2^64 and
# their sum too: the run resumed gives the exact count (a piece kept by its low 64 bits, 0,
# would leave 2^81 less the pieces kept times 2^70).
python3 -c "
prim = ['x%d' % i for i in range(11)] + ['z%d' % j for j in range(70)]
print(' '.join(prim), '|', ' '.join('a%d b%d' % (i, i) for i in range(11)))
for i in range(11):
    print('x%d a%d' % (i, i)); print('x%d b%d' % (i, i))
for j in range(70):
    print('z%d' % j); print('z%d' % j)" >pow81.dlx
run xc pow81.dlx --memo
expect_exit 0
expect_stdout <<'EOF'
2417851639229258349412352 solutions
EOF
run xc pow81.dlx --memo --threads 1 --checkpoint pow.ckpt --max-nodes 10000
expect_exit 1
check "grep -q '^piece [0-9]* [0-9]* 1180591620717411303424 ' pow.ckpt" "no piece of 2^70 kept"
run xc pow81.dlx --memo --resume pow.ckpt --json
expect_exit 0
expect_json 'd["solutions"] == 2**81 and d["complete"] and d["resumed"]["pieces"] > 0 and d["resumed"]["solutions"] == d["resumed"]["pieces"] * 2**70'

expect_usage_error xc "--memo counts only: it cannot go with --print" xc "$DATA/xc/soma.dlx" --memo --print
expect_usage_error xc "--memo counts only: it cannot go with --catalog" xc "$DATA/xc/soma.dlx" --memo --catalog c.txt
expect_usage_error xc "--memo counts only: it cannot go with --estimate" xc "$DATA/xc/soma.dlx" --memo --estimate 100
expect_usage_error xc "--max-memory goes with --memo" xc "$DATA/xc/soma.dlx" --max-memory 1G
expect_usage_error xc "--max-memory needs a size such as 512M, 4G or 1e9 (bytes)" xc "$DATA/xc/soma.dlx" --memo --max-memory lots
expect_usage_error xc "--memo-order goes with --memo" xc "$DATA/xc/soma.dlx" --memo-order first

# --memo-order first: twenty L-tetrominoes in 10x8, the cells column by column across the
# short side, branching on the first cell not covered: the count walks the frontier of 8
# cells, far fewer nodes than with the fewest options, the same count (as dance xc without
# --memo finds it).
printf 'box 10x8\npiece L x20\nL.\nL.\nLL\n' >l20.txt
run cube l20.txt --restrict none --export l20.dlx
python3 -c "
rows = [l for l in open('l20.dlx').read().split('\n') if l and not l.startswith('|')]
items = sorted(rows[0].split(), key=lambda n: (int(n[0]), int(n[1])))
open('l20cm.dlx', 'w').write(' '.join(items) + '\n' + '\n'.join(rows[1:]) + '\n')"
run xc l20cm.dlx --memo --memo-order first --json --threads 1
expect_exit 0
expect_json 'd["solutions"] == 4417084 and d["complete"] and d["memo"]["order"] == "first" and d["nodes"] < 30000'
run xc l20cm.dlx --memo --json --threads 1
expect_json 'd["solutions"] == 4417084 and d["memo"]["order"] == "fewest" and d["nodes"] > 100000'
run xc l20cm.dlx --memo --memo-order first --stats --threads 1
expect_stdout_has "engine:      memo (dancing links, counts remembered by covered items; branching on the first item not covered)"
