# dance merge checks the plan of the split: every part of a split names one (its hash, the
# units the tree was cut into, how many of them this part owns and the sum of their tags);
# all the same; and the parts own the units of the whole plan, the top included, each
# exactly once. A part without a plan, of another plan, or a set that owns a unit twice or
# never is refused (exit 2, no total), naming the parts. The parts here are real ones,
# edited as a mistake or a tampering would.
L=$DATA/xc/langford11.dlx
for k in 0 1 2; do
  "$DANCE" xc "$L" --shard "$k/3" --json >"p$k.json"
done
id=$(python3 -c 'import json; print(json.load(open("p0.json"))["identity"])')
hash=$(python3 -c 'import json; print(json.load(open("p0.json"))["plan"]["hash"])')
units=$(python3 -c 'import json; print(json.load(open("p0.json"))["plan"]["units"])')
# edit IN OUT PYTHON: OUT is IN's JSON d after the statement PYTHON
edit() {
  python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
$3
json.dump(d, open(sys.argv[2], 'w'), indent=2)" "$1" "$2"
}

run merge p0.json p1.json p2.json --json
expect_exit 0
expect_json "d['solutions'] == 35584 and d['complete']"
owned=$(python3 -c 'import json; print(sum(json.load(open("p%d.json" % k))["plan"]["part_units"] for k in range(3)))')
check "[ $owned -eq $((units + 1)) ]" "the parts own $owned units, not the plan's $units + 1"

# A part that owns another unit than its own: as many units, but not each once.
edit p1.json sum1.json 'd["plan"]["part_sum"] = "%016x" % ((int(d["plan"]["part_sum"], 16) + 1) % 2**64)'
run merge p0.json sum1.json p2.json
expect_exit 2
expect_stdout </dev/null
printf 'dance merge: the parts do not cover the plan %s exactly once (%s units of its %s, but not each once): parts of other runs, or edited\n' "$hash" $((units + 1)) $((units + 1)) | expect_stderr
run merge p0.json sum1.json p2.json --json
expect_exit 2
expect_json 'not d["complete"] and "solutions" not in d and d["plan_covered"] is False and d["mismatched_plan"] == []'

# A part that says it owns one unit fewer.
edit p2.json units2.json 'd["plan"]["part_units"] -= 1'
run merge p0.json p1.json units2.json
expect_exit 2
printf 'dance merge: the parts do not cover the plan %s exactly once (%s units of its %s): parts of other runs, or edited\n' "$hash" "$units" $((units + 1)) | expect_stderr

# A part of another plan: named, with both plans.
edit p1.json other1.json 'd["plan"]["hash"] = "0123456789abcdef"'
run merge p0.json other1.json p2.json
expect_exit 2
printf 'dance merge: other1.json: part 1 of 3 is of another split (plan 0123456789abcdef of %s units; the others are of plan %s of %s)\n' "$units" "$hash" "$units" | expect_stderr
run merge p0.json other1.json p2.json --json
expect_exit 2
expect_json 'not d["complete"] and d["mismatched_plan"] == ["other1.json"] and d["plan_covered"] is None'

# A part without a plan, and one whose plan is null: each named.
edit p0.json none0.json 'del d["plan"]'
edit p2.json null2.json 'd["plan"] = None'
run merge none0.json p1.json null2.json
expect_exit 2
expect_stderr <<'EOF2'
dance merge: none0.json: part 0 of 3 has no plan (the 'plan' of its split, which dance 0.7 and later write): its share cannot be checked
dance merge: null2.json: part 2 of 3 has no plan (the 'plan' of its split, which dance 0.7 and later write): its share cannot be checked
EOF2
run merge none0.json p1.json null2.json --json
expect_exit 2
expect_json 'd["mismatched_plan"] == ["none0.json", "null2.json"]'

# A plan that is not one dance writes: the part cannot be read.
edit p2.json bad2.json 'd["plan"]["hash"] = "0123"'
run merge p0.json p1.json bad2.json
expect_exit 2
printf "dance merge: bad2.json: a 'plan' that is not one dance writes (hash and part_sum as 16 hex digits, units and part_units as whole numbers)\ndance merge: part 2 of 3 of problem %s is missing\n" "$id" | expect_stderr

# The result of an unsplit run is the whole, part 0 of 1: it names no plan, and needs none.
"$DANCE" xc "$L" --json >whole.json
check "! grep -q plan whole.json" "an unsplit run's result names a plan"
run merge whole.json
expect_exit 0
expect_stdout_has "35584 solutions from 1 part of problem $id"
