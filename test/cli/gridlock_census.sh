# dance gridlock --census and --generate: usage errors, the JSON keys, --out's format, a
# generated puzzle that reads back, Ctrl-C.

G=$DATA/gridlock

# Usage errors.
expect_usage_error gridlock "--census and --generate are two runs: give one" gridlock --census --generate
expect_usage_error gridlock "--verify does not go with --census" gridlock --census --verify x
expect_usage_error gridlock "--method does not go with --generate" gridlock --generate --seed 1 --method dlx
expect_usage_error gridlock "--seed needs --generate" gridlock --census --seed 1
expect_usage_error gridlock "--svg-solution needs --generate" gridlock --census --svg-solution a.svg
expect_usage_error gridlock "--out needs --census" gridlock --generate --seed 1 --out t.txt
expect_usage_error gridlock "--threads needs --census" gridlock "$G/01.txt" --threads 2
expect_usage_error gridlock "--difficulty needs --generate" gridlock "$G/01.txt" --difficulty 3
expect_usage_error gridlock "--generate reads no FILE, it makes one" gridlock --generate --seed 1 "$G/01.txt"
expect_usage_error gridlock "--seed needs a whole number from 0 to 2^64-1, not 'x'" gridlock --generate --seed x
expect_usage_error gridlock "--difficulty needs a whole number from 0 to 1000000, not '-1'" gridlock --generate --seed 1 --difficulty -1
expect_usage_error gridlock "--tries needs a whole number from 1 to 1000000, not '0'" gridlock --generate --seed 1 --tries 0
expect_usage_error gridlock "--census reads no stdin: give FILEs" gridlock --census -

# The census: the JSON object and its figures (checked against a backtracker by
# test_gridlock_census_full), the published puzzles found in it, the table of --out.
run gridlock --census --json --threads 2 --out table.txt --svg census.svg "$G/01.txt" "$G/37.txt" "$G/88.txt"
expect_exit 0
expect_json 'd["layouts"] == 72983 and d["none"] == 59016 and d["unique"] == 1850 and d["multiple"] == 12117'
expect_json 'd["counted"] == 72983 and d["complete"] is True and d["stopped_by"] is None and d["threads"] == 2'
expect_json 'sum(b["layouts"] for b in d["histogram"]) == 72983 and d["histogram"][0] == {"from": 0, "to": 0, "layouts": 59016}'
expect_json 'sum(b["layouts"] for b in d["difficulty_histogram"]) == 1850'
expect_json 'len(d["hardest"]) == 10 and d["hardest"][0]["rank"] == 1 and all(len(h["layout"]) == 3 for h in d["hardest"])'
expect_json '[p["tilings"] for p in d["published"]] == [1, 19, 1] and d["published"][1]["rank"] is None'
expect_json 'd["published"][0]["difficulty"] == 4 and d["published"][0]["layout"] == ["2 1 h", "5 1 v", "4 6 h"]'
expect_json 'all(k in d for k in ("seconds", "layouts_per_second", "spearman_order", "nodes", "most_tilings"))'
expect_stderr </dev/null
check '[ "$(grep -vc "^#" table.txt)" = 72983 ]' "--out does not have a line per layout"
check '[ "$(grep -c "^#" table.txt)" = 1 ] && head -1 table.txt | grep -q "^# dance gridlock --census"' "--out lacks its header line"
check '[ -z "$(grep -v "^#" table.txt | grep -Ev "^[1-8] [1-8] h [1-8] [1-8] [hv] [1-8] [1-8] [hv] [0-9]+ [0-9]+ ([0-9]+|-)$")" ]' "a line of --out is not 'x y z x y z x y z TILINGS NODES DIFFICULTY'"
check '[ "$(awk "!/^#/ && \$10 == 1" table.txt | wc -l)" = 1850 ]' "--out does not list 1850 unique layouts"
check '[ "$(awk "!/^#/ && \$10 != 1 && \$12 != \"-\"" table.txt | wc -l)" = 0 ]' "--out rates a layout that is not unique"
check 'grep -q "^2 1 h 4 6 h 5 1 v \|^1 2 h" table.txt' "--out lacks the canonical layouts"
expect_file_has census.svg "Unique layouts by difficulty (1850"

run gridlock --census --threads 1 --progress --progress-interval 0.1 "$G/01.txt"
expect_exit 0
check '[ "$(tr "\r" "\n" <"$ERR" | grep -c "^dance gridlock: census: .* layouts/s")" -ge 3 ]' \
  "a census of over 0.3 s reports its progress every 0.1 s"
expect_stdout_has "Rubik's Gridlock census: 72983 layouts of the white pieces up to symmetry (583864 in all)"
expect_stdout_has "tilings: none 59016, unique 1850, multiple 12117"
expect_stdout_has "on 1 thread,"
expect_stdout_has "1 puzzle: 1 unique"

# A FILE that cannot be read is said before the census, which still runs: status 2.
printf '1 1 h\n' >bad.txt
run gridlock --census bad.txt
expect_exit 2
expect_stderr_has "bad.txt:2:1: missing the line of the 1x2 white piece"

# --generate: a puzzle file with its seed and difficulty that reads back as unique; the
# same seed gives the same puzzle (recorded).
run gridlock --generate --seed 7 --difficulty 100
expect_exit 0
expect_stdout <<'EOF'
# Rubik's Gridlock, made by dance gridlock --generate: seed 7, difficulty 100 (as asked)
# one tiling, checked by the exact-cover engine; 3486 layouts drawn, 77 of them unique
4 3 h
2 8 h
2 4 h
EOF
cp "$OUT" new.txt
run gridlock new.txt --no-board
expect_exit 0
expect_stdout_has "1 solution (unique)"
expect_stdout_has "difficulty: 100 ("
run gridlock --generate --seed 7 --difficulty 400 --tries 50
expect_exit 0
expect_stdout_has "(the closest to 400 among 50 unique layouts drawn)"
run gridlock --generate --seed 1 --json --svg empty.svg --svg-solution solved.svg
expect_exit 0
expect_json 'd["seed"] == 1 and d["puzzle"] == ["1 8 h", "3 2 h", "6 8 h"] and d["target"] is None and d["exact"] is True'
expect_json 'd["difficulty"] == 423 and d["solution"].startswith("((")'
expect_stderr </dev/null
check '[ "$(grep -c "<rect" empty.svg)" -lt "$(grep -c "<rect" solved.svg)" ]' "--svg draws as much as --svg-solution"
run gridlock --generate --seed 1 --svg empty.svg
expect_stderr_has "wrote empty.svg (the puzzle)"

# Ctrl-C: what was counted, marked incomplete (the census takes a second or more).
if ! sigint_ignored && ! sigint_untimely; then
  run_interrupted 0.3 gridlock --census --json --threads 1
  expect_exit 1
  expect_json 'd["complete"] is False and d["stopped_by"] == "interrupt" and d["counted"] < 72983'
fi

# Without --seed, a seed from the clock, named in the first line; that seed makes the same
# puzzle again.
run gridlock --generate
expect_exit 0
seed=$(sed -n '1s/.*: seed \([0-9]*\),.*/\1/p' "$OUT")
check '[ -n "$seed" ]' "the first line names no seed: $(head -1 "$OUT")"
cp "$OUT" clock.txt
run gridlock --generate --seed "$seed"
expect_exit 0
check 'cmp -s "$OUT" clock.txt' "--seed $seed made another puzzle than the one it was named by"
