# --shard K/N: the counts of the shards add up to the whole count.

run xc "$DATA/xc/queens12.dlx" --shard 0/2 --json
expect_exit 0
expect_json 'd["shard"] == {"index": 0, "count": 2} and d["complete"] is True'
a=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["solutions"])' "$OUT")
run xc "$DATA/xc/queens12.dlx" --shard 1/2 --json
expect_json 'd["shard"] == {"index": 1, "count": 2} and d["complete"] is True'
b=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["solutions"])' "$OUT")
check '[ $((a + b)) -eq 14200 ]' "shards 0/2 and 1/2 count $a + $b, not 14200"

# The human output names the part and the problem (its identity, as --stats and --json
# give it).
run xc "$DATA/xc/queens12.dlx" --stats
id=$(sed -n 's/^identity: *//p' "$OUT")
check '[ ${#id} -eq 16 ]' "--stats gives no identity of 16 digits: '$id'"
run xc "$DATA/xc/queens12.dlx" --shard 1/2
printf '%s solutions in part 1/2 of problem %s\n' "$b" "$id" | expect_stdout

run xc "$DATA/xc/queens12.dlx" --shard 0/1
printf '14200 solutions in part 0/1 of problem %s\n' "$id" | expect_stdout
