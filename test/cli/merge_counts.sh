# Counts past 2^64: dance xc --memo prints them whole (text and JSON), the parts of a split
# count add up exactly in dance merge, and a count past 2^128 - 1 is never complete.
#
# The problems are products of independent parts, whose counts multiply: 9 binary choices
# (x_i with a_i or with b_i, both secondary, so that the 512 nodes they lead to stay apart and
# become the split's pieces), then items z with m identical options each.
# product.dlx: 2^9 * 6^7 * 10^5 * 5^9 = 27,993,600,000,000,000,000 (past 2^64, each of four
# parts a quarter of it, below 2^64); wide.dlx: 2^9 * 10^36 (each quarter below 2^128, the
# whole past it); huge.dlx: 2^9 * 10^40 (past 2^128 even in a quarter).
product() { # product FILE M:N... -- N items of M options each after the binary choices
  python3 - "$@" <<'PY'
import sys
prim, sec, opts = [], [], []
for i in range(9):
    prim.append("x%d" % i)
    sec += ["a%d" % i, "b%d" % i]
    opts += ["x%d a%d" % (i, i), "x%d b%d" % (i, i)]
for spec in sys.argv[2:]:
    m, n = map(int, spec.split(":"))
    for _ in range(n):
        z = "z%d" % len(prim)
        prim.append(z)
        opts += [z] * m
with open(sys.argv[1], "w") as f:
    f.write(" ".join(prim) + " | " + " ".join(sec) + "\n" + "\n".join(opts) + "\n")
PY
}
product product.dlx 6:7 10:5 5:9
product wide.dlx 10:36
product huge.dlx 10:40

run xc product.dlx --memo
expect_exit 0
expect_stdout <<'EOF'
27993600000000000000 solutions
EOF
run xc product.dlx --memo --json --threads 2
expect_exit 0
expect_json 'type(d["solutions"]) is int and d["solutions"] == 27993600000000000000 and d["complete"] and d["stopped_by"] is None'

# Four parts of 6,998,400,000,000,000,000 each: the merge adds them in 128 bits (a 64-bit sum
# would be 9,546,855,926,290,448,384).
for k in 0 1 2 3; do
  "$DANCE" xc product.dlx --memo --shard "$k/4" --json >"p$k.json"
done
check "grep -q '\"solutions\": 6998400000000000000,' p3.json" "part 3's count: $(grep solutions p3.json)"
id=$(python3 -c 'import json; print(json.load(open("p0.json"))["identity"])')
run merge p0.json p1.json p2.json p3.json
expect_exit 0
expect_stderr </dev/null
head -1 "$OUT" >first
check "grep -qx '27993600000000000000 solutions from 4 parts of problem $id' first" "the total line: $(cat first)"
run merge p0.json p1.json p2.json p3.json --json
expect_exit 0
expect_json 'type(d["solutions"]) is int and d["solutions"] == 27993600000000000000 and d["complete"] and d["parts"] == 4'

# Past 2^128 - 1: the whole run says so, and is not complete.
run xc huge.dlx --memo
expect_exit 0
expect_stdout <<'EOF'
more than 340282366920938463463374607431768211455 solutions (too many to count in 128 bits)
EOF
run xc huge.dlx --memo --json
expect_exit 0
expect_json 'd["solutions"] is None and not d["complete"] and d["stopped_by"] == "overflow"'

# Parts below 2^128 - 1 whose sum passes it: no total, exit 2.
for k in 0 1 2 3; do
  "$DANCE" xc wide.dlx --memo --shard "$k/4" --json >"w$k.json"
done
check "grep -q '\"solutions\": 128000000000000000000000000000000000000,' w0.json" "wide part 0's count: $(grep solutions w0.json)"
run merge w0.json w1.json w2.json w3.json
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance merge: the parts' solutions add up to more than 340282366920938463463374607431768211455: too many to count
EOF
run merge w0.json w1.json w2.json w3.json --json
expect_exit 2
expect_json 'not d["complete"] and "solutions" not in d and d["overflow"] == ["solutions"]'
