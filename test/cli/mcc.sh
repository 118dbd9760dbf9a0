# Multiplicities (Knuth's MCC format, as his DLX3 and SSMCC read it): counts, solutions,
# the matrix written back, what is refused and why.

# The 6 x 6 0-1 matrices with two 1s in every row and column: 67,950 (OEIS A001499).
run xc "$DATA/xc/twos6.dlx"
expect_exit 0
expect_stdout <<'EOF'
67950 solutions
EOF
expect_stderr </dev/null

# The 8 queens with the diagonals as optional primaries (0:1): 92, in the 3,033 nodes of
# Knuth's DLX3 on the same file.
run xc "$DATA/xc/queens8_mcc.dlx" --threads 1 --json
expect_exit 0
expect_json 'd["solutions"] == 92 and d["nodes"] == 3033 and d["bounded"] == 30'

# The automatic choice takes bit vectors for Algorithm M only with a popcount instruction,
# which DANCE_BITS_ISA=generic withholds (the portable run of the tests).
auto=bits
[ "${DANCE_BITS_ISA:-}" = generic ] && auto=dlx
run xc "$DATA/xc/twos6.dlx" --json
expect_exit 0
expect_json 'd["solutions"] == 67950 and d["complete"] and d["bounded"] == 12 and d["engine"] == "'$auto'"'

# Knuth's DLX3 example, with colors: its unique solution.
run xc "$DATA/xc/dlx3-example.dlx" --print
expect_exit 0
expect_stdout <<'EOF'
solution 1:
A C X:1 Y:1
B X:1
C Y:1

1 solution
EOF

# A from 1 to 2 times, B once: {A, A B}, {A B}, {A, B}.
printf '1:2|A B\nA\nA B\nB\n' >small.dlx
run xc small.dlx --print -q
expect_exit 0
expect_stdout <<'EOF'
solution 1:
A
A B

solution 2:
A B

solution 3:
A
B

3 solutions
EOF

# Written back as read: u:v|name, and v|name when u = v.
printf '| c\nA 0:1|B 3|C | x\nA B C\nC x\nC\nC\n' >bounds.dlx
run xc bounds.dlx --export - -q
expect_exit 0
expect_stdout <<'EOF'
| exported by dance xc from bounds.dlx
A 0:1|B 3|C | x
A B C
C x
C
C
EOF
"$DANCE" xc bounds.dlx --export again.dlx -q
run xc again.dlx --json
expect_json 'd["solutions"] == 3 and d["bounded"] == 2'

# No digit first: '|' splits as it always has.
printf 'A B|x\nA x\nB\n' >split.dlx
run xc split.dlx --json
expect_json 'd["solutions"] == 1 and d["primary"] == 2 and d["secondary"] == 1 and d["bounded"] == 0'

# Malformed bounds: file, line, column and what is wrong.
printf '| bad\nA 3:2|B\nA B\n' >bad1.dlx
run xc bad1.dlx
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance xc: bad1.dlx:2:3: lower bound 3 above upper bound 2 for item 'B'
EOF
printf 'A | 2|x\nA x\n' >bad2.dlx
run xc bad2.dlx
expect_exit 2
expect_stderr <<'EOF'
dance xc: bad2.dlx:1:5: bounds on secondary item 'x' (only primary items take them)
EOF
printf 'A 0|B\nA B\n' >bad3.dlx
run xc bad3.dlx
expect_exit 2
expect_stderr <<'EOF'
dance xc: bad3.dlx:1:3: upper bound 0 for item 'B' (at least 1)
EOF

# Threads and shards: the same count and nodes; the parts merge to the whole.
run xc "$DATA/xc/twos6.dlx" --threads 2 --json
expect_exit 0
expect_json 'd["solutions"] == 67950 and d["nodes"] == 198658 and d["threads"] == 2 and d["subproblems"] > 0'
for k in 0 1 2; do
  "$DANCE" xc "$DATA/xc/twos6.dlx" --shard $k/3 --json >part$k.json
done
run merge part0.json part1.json part2.json --json
expect_exit 0
expect_json 'd["solutions"] == 67950 and d["nodes"] == 198658'

# A checkpointed run stopped part way, then resumed: exactly the whole count and nodes.
run xc "$DATA/xc/twos6.dlx" --checkpoint ck --max-nodes 50000 --threads 2 --json
expect_json 'not d["complete"] and d["checkpoint"] == "ck"'
run xc "$DATA/xc/twos6.dlx" --resume ck --json
expect_exit 0
expect_json 'd["solutions"] == 67950 and d["nodes"] == 198658 and d["complete"] and d["resumed"]["pieces"] > 0'

# Knuth's estimate of the tree (198,658 nodes), from Algorithm M's own random paths.
run xc "$DATA/xc/twos6.dlx" --estimate 20000 --json
expect_exit 0
expect_json '180000 < d["estimated_nodes"] < 220000 and d["probes"] == 20000'

# Either engine walks the same tree; with colors the bitset one is refused.
run xc "$DATA/xc/twos6.dlx" --engine dlx --threads 1 --json
expect_exit 0
expect_json 'd["solutions"] == 67950 and d["nodes"] == 198658 and d["updates"] == 715151 and d["engine"] == "dlx"'
# Algorithm M's bitset code counts with the popcount instruction at most.
isa=popcnt
[ "${DANCE_BITS_ISA:-}" = generic ] && isa=generic
run xc "$DATA/xc/twos6.dlx" --engine bits --threads 1 --json
expect_exit 0
expect_json 'd["solutions"] == 67950 and d["nodes"] == 198658 and d["engine"] == "bits" and d["isa"] == "'$isa'"'
run xc "$DATA/xc/twos6.dlx" --engine bits --threads 1 --stats
expect_stdout_has "engine:      bits (Algorithm M on bit vectors, $isa code; no updates counted)"
run xc "$DATA/xc/dlx3-example.dlx" --engine bits
expect_exit 2
expect_stderr <<'EOF'
dance xc: the bitset engine cannot solve a problem with colors
EOF
