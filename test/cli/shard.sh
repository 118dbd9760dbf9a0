# --shard K/N: the counts of the shards add up to the whole count.

run xc "$DATA/xc/queens12.dlx" --shard 0/2 --json
expect_exit 0
expect_json 'd["shard"] == {"index": 0, "count": 2} and d["complete"] is True'
a=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["solutions"])' "$OUT")
run xc "$DATA/xc/queens12.dlx" --shard 1/2 --json
expect_json 'd["shard"] == {"index": 1, "count": 2} and d["complete"] is True'
b=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["solutions"])' "$OUT")
check '[ $((a + b)) -eq 14200 ]' "shards 0/2 and 1/2 count $a + $b, not 14200"

# The human output names the shard.
run xc "$DATA/xc/queens12.dlx" --shard 1/2
printf '%s solutions in shard 1/2\n' "$b" | expect_stdout

run xc "$DATA/xc/queens12.dlx" --shard 0/1
expect_stdout <<'EOF'
14200 solutions in shard 0/1
EOF
