# dance merge: the parts of a split run, checked and added up; a set with a part missing,
# doubled, incomplete, of another problem or another split, or unreadable, is refused
# with every problem named and no total.
Q=$DATA/xc/queens12.dlx
mkdir parts
for k in 0 1 2; do
  "$DANCE" xc "$Q" --shard "$k/3" --json --catalog "parts/$k.cat" >"parts/$k.json"
done
run xc "$Q" --stats
id=$(sed -n 's/^identity: *//p' "$OUT")

run merge parts/0.json parts/1.json parts/2.json
expect_exit 0
expect_stderr </dev/null
head -1 "$OUT" >first
check "grep -qx '14200 solutions from 3 parts of problem $id' first" "the total line: $(cat first)"
expect_stdout_has "part times: min "

run merge parts/2.json parts/0.json parts/1.json --json
expect_exit 0
expect_json "d['solutions'] == 14200 and d['identity'] == '$id' and d['parts'] == 3 and d['complete'] and d['part_seconds']['max_over_mean'] >= 1 and d['catalog'] is None"

# The catalogs: each solution once, sorted, with the parts' header.
run merge parts/*.json --catalog all.cat
expect_exit 0
check "[ \$(grep -vc '^#' all.cat) -eq 14200 ]" "all.cat does not hold 14200 solutions"
check "[ \$(grep -v '^#' all.cat | sort -u | wc -l) -eq 14200 ]" "all.cat repeats a solution"
check "tail -1 all.cat | grep -qx '# complete: 14200 solutions (merged from 3 parts)'" "all.cat's last line: $(tail -1 all.cat)"
check "head -1 all.cat | grep -q '^# dance xc catalog: .*queens12.dlx (problem $id)'" "all.cat's header: $(head -1 all.cat)"
# The whole run's catalog holds the same solutions.
"$DANCE" xc "$Q" --catalog whole.cat >/dev/null
check "diff <(grep -v '^#' whole.cat | sort) <(grep -v '^#' all.cat)" "the merged catalog differs from a whole run's"

# A part missing, a part twice.
run merge parts/0.json parts/2.json
expect_exit 2
expect_stdout </dev/null
printf 'dance merge: part 1 of 3 of problem %s is missing\n' "$id" | expect_stderr
run merge parts/0.json parts/1.json parts/1.json parts/2.json
expect_exit 2
expect_stderr <<'EOF2'
dance merge: parts/1.json: part 1 of 3 again (also in parts/1.json)
EOF2
run merge parts/0.json parts/1.json parts/1.json --json
expect_exit 2
expect_json 'd["complete"] is False and d["missing"] == [2] and d["duplicated"] == ["parts/1.json"] and "solutions" not in d'

# Incomplete, foreign, of another split, unreadable.
"$DANCE" xc "$Q" --shard 2/3 --json --max-nodes 100 >late.json
run merge parts/0.json parts/1.json late.json
expect_exit 2
expect_stderr <<'EOF2'
dance merge: late.json: part 2 of 3 is incomplete (a limit or Ctrl-C ended it)
EOF2
"$DANCE" xc "$DATA/xc/queens13.dlx" --shard 2/3 --json >q13.json
qid=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["identity"])' q13.json)
run merge parts/0.json parts/1.json q13.json
expect_exit 2
printf 'dance merge: q13.json: a part of another problem (identity %s; the others are of %s)\ndance merge: part 2 of 3 of problem %s is missing\n' "$qid" "$id" "$id" | expect_stderr
"$DANCE" xc "$Q" --shard 1/4 --json >four.json
run merge parts/0.json parts/1.json parts/2.json four.json
expect_exit 2
expect_stderr <<'EOF2'
dance merge: four.json: part 1 of 4, but the others are parts of 3
EOF2
printf '{"identity": "0123456789abcdef",\n "solutions" 5}\n' >broken.json
run merge parts/0.json parts/1.json parts/2.json broken.json
expect_exit 2
expect_stderr <<'EOF2'
dance merge: broken.json:2:14: expected ':' after an object key, found '5'
EOF2
printf '{"solutions": 5}\n' >other.json
run merge other.json
expect_exit 2
expect_stderr <<'EOF2'
dance merge: other.json: not a result of 'dance xc --json' or 'dance cube --json' (no 'identity')
EOF2
run merge nothing.json
expect_exit 2
expect_stderr <<'EOF2'
dance merge: nothing.json: cannot open: No such file or directory
EOF2
expect_usage_error merge "missing RESULT: the --json results of the parts" merge

# Catalogs that do not check out: a part without one, a solution in two parts.
"$DANCE" xc "$Q" --shard 1/3 --json >nocat.json
run merge parts/0.json nocat.json parts/2.json --catalog x.cat
expect_exit 2
expect_stderr <<'EOF2'
dance merge: nocat.json: part 1 of 3 wrote no catalog (run it with --catalog FILE)
EOF2
check "[ ! -e x.cat ]" "a failed merge left x.cat"
head -2 parts/1.cat | tail -1 >>parts/0.cat.tmp
{ head -n -1 parts/0.cat; tail -1 parts/0.cat.tmp; tail -1 parts/0.cat; } >parts/0.cat.new
mv parts/0.cat.new parts/0.cat
run merge parts/*.json --catalog x.cat
expect_exit 2
expect_stderr_has "solutions in the catalog of part 0, whose result says"

# The cube: parts found beside their results when the path they give is gone; covers add up.
mkdir cube
for k in 0 1; do
  "$DANCE" cube soma --shard "$k/2" --json --catalog "c$k.cat" >"cube/$k.json"
  mv "c$k.cat" cube/
done
run merge cube/0.json cube/1.json --catalog soma.cat
expect_exit 0
expect_stdout_has "480 solutions (11520 covers in all) from 2 parts of problem "
run cube soma --verify-catalog soma.cat
expect_exit 0

# Up to reflection: from the parts' solutions and self-mirror ones, not their halves (Soma's
# 3 parts say 80, 78 and 81: 239; the whole is 240). The flat pentominoes are all their own
# mirror images (2,339).
for k in 0 1 2; do
  "$DANCE" cube soma --reflections --shard "$k/3" --json >"refl$k.json"
done
run merge refl0.json refl1.json refl2.json
expect_exit 0
expect_stdout_has "480 solutions (11520 covers in all, 240 up to reflection too) from 3 parts of problem "
run merge refl0.json refl1.json refl2.json --json
expect_json 'd["reflections"] == 240 and d["solutions"] == 480'
for k in 0 1 2 3; do
  "$DANCE" cube pentominoes --box 10x6 --reflections --shard "$k/4" --json >"flat$k.json"
done
run merge flat0.json flat1.json flat2.json flat3.json --json
expect_json 'd["reflections"] == 2339 and d["solutions"] == 2339 and d["total"] == 9356'

# The example of --help, from the files in data/merge.
run merge "$DATA/merge/soma-part0.json" "$DATA/merge/soma-part1.json" "$DATA/merge/soma-part2.json" --json
expect_exit 0
expect_json 'd["solutions"] == 480 and d["total"] == 11520 and d["parts"] == 3'
