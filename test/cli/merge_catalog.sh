# A part's catalog carries the plan of its split and its part (the line before its last), and
# dance merge --catalog checks it against the part's result: a catalog of another split, of
# another problem, with its plan line edited or without one, is refused (exit 2, the
# catalog and both plans named, no merged catalog written). The catalogs here are real ones,
# swapped or edited as a mix-up or a tampering would.
S=$DATA/xc/soma.dlx
for k in 0 1 2; do
  "$DANCE" xc "$S" --shard "$k/3" --catalog "s$k.cat" --json >"s$k.json"
done
# describe FILE...: for each part's JSON result FILE, FILE.plan holds the plan line its
# catalog must carry, and FILE.split how the messages name its split (one Python for all).
describe() {
  python3 -c '
import json, sys
for f in sys.argv[1:]:
    d = json.load(open(f))
    p, s = d["plan"], d["shard"]
    k, n, h, u, o, t = s["index"], s["count"], p["hash"], p["units"], p["part_units"], p["part_sum"]
    open(f + ".plan", "w").write("# plan: part %d of %d, {\"hash\": \"%s\", \"units\": %d, "
                                 "\"part_units\": %d, \"part_sum\": \"%s\"}\n" % (k, n, h, u, o, t))
    open(f + ".split", "w").write("part %d of %d of plan %s of %d units, %d of them the "
                                  "part\x27s, sum %s\n" % (k, n, h, u, o, t))' "$@"
}
plan() { cat "$1.plan"; }
split_of() { cat "$1.split"; }
mkdir four
"$DANCE" xc "$S" --shard 1/4 --catalog four/s1.cat --json >four/s1.json
"$DANCE" xc "$DATA/xc/langford11.dlx" --shard 2/3 --catalog lang.cat --json >lang.json
for k in 0 1 2; do
  "$DANCE" cube steinhaus --shard "$k/3" --catalog "c$k.cat" --json >"c$k.json"
done
describe s0.json s1.json s2.json four/s1.json lang.json c0.json c1.json c2.json

# Each part's catalog: the plan line, then the last line as before.
for k in 0 1 2; do
  check "[ \"\$(tail -n 2 s$k.cat | head -n 1)\" = \"\$(plan s$k.json)\" ]" \
    "s$k.cat's plan line: $(tail -n 2 "s$k.cat" | head -n 1)"
  check "tail -n 1 s$k.cat | grep -qx '# complete: [0-9]* solutions'" "s$k.cat's last line: $(tail -n 1 "s$k.cat")"
done
# A whole run's catalog has no plan line (it is no part), as before.
"$DANCE" xc "$S" --catalog whole.cat --json >whole.json
check "! grep -q '^# plan:' whole.cat" "a whole run's catalog has a plan line"

# The parts merge, into a catalog of the whole, which has no plan line either.
run merge s0.json s1.json s2.json --catalog all.cat
expect_exit 0
expect_stdout_has "11520 solutions from 3 parts of problem "
check "diff whole.cat all.cat | grep -qx '< # complete: 11520 solutions'" "all.cat is not whole.cat merged: $(diff whole.cat all.cat | head -5)"
check "! grep -q '^# plan:' all.cat" "the merged catalog has a plan line"

# Part 1's catalog swapped for part 1 of another split (of 4 parts): named, with both plans.
cp s1.cat s1.cat.orig
cp four/s1.cat s1.cat
run merge s0.json s1.json s2.json --catalog out.cat
expect_exit 2
expect_stdout </dev/null
printf "dance merge: s1.cat: the catalog is of another split than its result s1.json (the catalog: %s; the result: %s)\n" "$(split_of four/s1.json)" "$(split_of s1.json)" | expect_stderr
check "[ ! -e out.cat ]" "a refused merge wrote out.cat"
run merge s0.json s1.json s2.json --catalog out.cat --json
expect_exit 2
expect_json 'not d["complete"] and "solutions" not in d and d["mismatched_catalog"] == ["s1.cat"] and d["mismatched_plan"] == []'
check "[ ! -e out.cat ]" "a refused merge wrote out.cat"

# A catalog of another problem (Langford pairs, n = 11) renamed as part 2's; and part 0's
# catalog in part 1's place: each named (the part differs, the plan the same).
cp s1.cat.orig s1.cat
cp s2.cat s2.cat.orig
cp lang.cat s2.cat
cp s0.cat s1.cat
run merge s0.json s1.json s2.json --catalog out.cat
expect_exit 2
printf "dance merge: s1.cat: the catalog is of another split than its result s1.json (the catalog: %s; the result: %s)\ndance merge: s2.cat: the catalog is of another split than its result s2.json (the catalog: %s; the result: %s)\n" \
  "$(split_of s0.json)" "$(split_of s1.json)" "$(split_of lang.json)" "$(split_of s2.json)" | expect_stderr
run merge s2.json s1.json s0.json --catalog out.cat --json
expect_json 'd["mismatched_catalog"] == ["s1.cat", "s2.cat"]'
check "[ ! -e out.cat ]" "a refused merge wrote out.cat"
cp s1.cat.orig s1.cat
cp s2.cat.orig s2.cat

# The plan line edited: another part_sum (the units another part's), then not one dance writes.
sum=$(sed -n 's/^# plan: .*"part_sum": "\([0-9a-f]*\)"}$/\1/p' s2.cat.orig)
edited=${sum%?}$([ "${sum: -1}" = 0 ] && echo 1 || echo 0)
sed "s/\"part_sum\": \"$sum\"/\"part_sum\": \"$edited\"/" s2.cat.orig >s2.cat
check "grep -q '\"part_sum\": \"$edited\"' s2.cat && [ \"$edited\" != \"$sum\" ]" "the part_sum was not edited"
run merge s0.json s1.json s2.json --catalog out.cat
expect_exit 2
printf "dance merge: s2.cat: the catalog is of another split than its result s2.json (the catalog: %s; the result: %s)\n" \
  "$(split_of s2.json | sed "s/sum [0-9a-f]*\$/sum $edited/")" "$(split_of s2.json)" | expect_stderr
line=$(grep -n '^# plan:' s2.cat.orig | cut -d: -f1)
sed 's/^\(# plan: .*"hash": "\)[0-9a-f]*/\1xyz/' s2.cat.orig >s2.cat
run merge s0.json s1.json s2.json --catalog out.cat
expect_exit 2
printf "dance merge: s2.cat:%s: a plan line that is not one dance writes (expected '# plan: part K of N, {\"hash\": H, \"units\": U, \"part_units\": P, \"part_sum\": S}', H and S of 16 hex digits)\n" "$line" | expect_stderr
sed 's/^# plan: part 2 of 3/# plan: part 2 of 03/' s2.cat.orig >s2.cat
run merge s0.json s1.json s2.json --catalog out.cat
expect_exit 2
expect_stderr_has "s2.cat:$line: a plan line that is not one dance writes"
{ grep '^# plan:' s2.cat.orig; cat s2.cat.orig; } >s2.cat
run merge s0.json s1.json s2.json --catalog out.cat
expect_exit 2
printf "dance merge: s2.cat:%s: a second plan line (the first is line 1)\n" $((line + 1)) | expect_stderr
check "[ ! -e out.cat ]" "a refused merge wrote out.cat"

# The plan line removed, as in a catalog of an earlier dance: refused, the part's plan named.
grep -v '^# plan:' s2.cat.orig >s2.cat
run merge s0.json s1.json s2.json --catalog out.cat
expect_exit 2
printf "dance merge: s2.cat: the catalog has no plan line, but its result s2.json has one (%s): a catalog of an earlier version of dance, or edited\n" "$(split_of s2.json)" | expect_stderr
run merge s0.json s1.json s2.json --catalog out.cat --json
expect_json 'd["mismatched_catalog"] == ["s2.cat"]'
# Cut short after its plan line: not complete, as before.
head -n -1 s2.cat.orig >s2.cat
run merge s0.json s1.json s2.json --catalog out.cat
expect_exit 2
expect_stderr <<'EOF2'
dance merge: s2.cat: the catalog of part 2 does not say it is complete
EOF2
cp s2.cat.orig s2.cat

# A part's catalog beside the result of an unsplit run: refused.
cp whole.cat whole.cat.orig
cp s0.cat whole.cat
run merge whole.json --catalog out.cat
expect_exit 2
printf "dance merge: whole.cat: the catalog is of a split (%s), but its result whole.json is of an unsplit run\n" "$(split_of s0.json)" | expect_stderr
cp whole.cat.orig whole.cat
run merge whole.json --catalog out.cat
expect_exit 0
check "cmp -s <(grep -v '^#' whole.cat | sort) <(grep -v '^#' out.cat)" "the unsplit run's catalog merged alone differs"

# dance cube: a part with no solutions has its plan line right after the head, which is not
# part of the head the catalogs must share; --verify-catalog reads the line as a comment.
for k in 0 1 2; do
  check "[ \"\$(tail -n 2 c$k.cat | head -n 1)\" = \"\$(plan c$k.json)\" ]" "c$k.cat's plan line: $(tail -n 2 "c$k.cat" | head -n 1)"
done
check "[ \$(grep -vc '^#' c1.cat) -eq 0 ] && [ \$(wc -l <c1.cat) -eq 4 ]" "part 1 of steinhaus is not empty: $(cat c1.cat)"
run merge c0.json c1.json c2.json --catalog steinhaus.cat
expect_exit 0
expect_stdout_has "2 solutions (48 covers in all) from 3 parts of problem "
run cube steinhaus --verify-catalog steinhaus.cat
expect_exit 0
run cube steinhaus --verify-catalog c1.cat
expect_exit 0
expect_stdout <<'EOF'
c1.cat: no solutions
EOF
run cube steinhaus --verify-catalog c0.cat
expect_exit 0
expect_stdout <<'EOF'
c0.cat: 2 solutions, each a packing of steinhaus, no two equivalent under the 24 rotations of the box
EOF
