# dance oneup --generate: the puzzle made reads back with one solution, the same seed makes
# the same file, --out, --svg, --solution-svg, --json, a target clue count, usage errors.

# 5 x 5 from seed 1, to the byte (test_oneup_generate pins the same puzzle).
run oneup --generate --size 5 --seed 1
expect_exit 0
expect_stderr </dev/null
expect_stdout <<'EOF'
# One Up 5 x 5, 1 clue, made by dance oneup --generate --size 5 --seed 1 --regions 2
11122
12222
11111
11122
11112

11111
21111
21111
22112
22212

1
3 3 1
EOF
cp "$OUT" five.txt
run oneup five.txt
expect_exit 0
expect_stdout <<'EOF'
1 solution (unique)
+---+---+---+---+---+
| 1   3   2 | 2   1 |
+---+       +       +
| 1 | 1   4   3   2 |
+   +               +
| 4   2   1   5   3 |
+   +---+   +   +---+
| 2   1   3 | 1   2 |
+       +---+   +   +
| 3   2   1   4 | 1 |
+---+---+---+---+---+
EOF

# Every size the option takes, and more regions: one solution each.
for args in "6 --seed 4" "8 --seed 2" "10 --seed 3" "12 --seed 5" "12 --seed 6 --regions 4"; do
  read -ra words <<<"$args"
  run oneup --generate --size "${words[@]}" -o "made${words[0]}.txt" -q
  expect_exit 0
  expect_stdout </dev/null
  run oneup "made${words[0]}.txt" --json
  expect_exit 0
  expect_json 'd["solutions"] == 1 and d["complete"] is True'
done
# Every clue needed: without any one of them, a second solution (test_oneup_generate checks
# this on every size; here through the file and the command).
for size in 6 8; do
  count=$(grep -c '^[0-9]* [0-9]* [0-9]*$' "made$size.txt")
  check '[ "$count" -ge 1 ]' "made$size.txt has no clues"
  for k in $(seq 1 "$count"); do
    # the file without its k-th clue, the count (the line after the second blank) one less
    awk -v k="$k" -v n="$count" '
      /^$/ { blanks++ }
      blanks == 2 && /^[0-9]+$/ { print n - 1; blanks++; next }
      /^[0-9]+ [0-9]+ [0-9]+$/ { if (++i == k) next }
      { print }' "made$size.txt" >less.txt
    run oneup less.txt --max 2 --json
    expect_json 'd["solutions"] == 2'
  done
done

# The same seed, the same puzzle; --out writes what stdout would show, and says so.
run oneup --generate --size 8 --seed 9
cp "$OUT" first.txt
run oneup --generate --size 8 --seed 9 --out again.txt
expect_exit 0
expect_stdout </dev/null
clues=$(sed -n 's/^# One Up 8 x 8, \([0-9]*\) clues, .*/\1/p' first.txt)
printf 'dance oneup: wrote again.txt (8 x 8, %s clues)\n' "$clues" | expect_stderr
check 'cmp -s first.txt again.txt' "--out wrote another puzzle than stdout showed"
run oneup --generate --size 8 --seed 10
check '! cmp -s first.txt "$OUT"' "seeds 9 and 10 made the same puzzle"
# Without --seed, the seed is taken from the clock and written in the first line.
run oneup --generate --size 6
expect_exit 0
check 'head -n 1 "$OUT" | grep -q "^# One Up 6 x 6, [0-9]* clues\{0,1\}, made by dance oneup --generate --size 6 --seed [0-9]* --regions 2$"' \
  "no seed in the first line: $(head -n 1 "$OUT")"

# Pictures: the puzzle alone, and solved.
run oneup --generate --size 5 --seed 1 --svg empty.svg --solution-svg solved.svg -q
expect_exit 0
expect_stderr </dev/null
check '[ "$(grep -c "<text" empty.svg)" = 1 ] && [ "$(grep -c "<text" solved.svg)" = 25 ]' \
  "the pictures hold $(grep -c "<text" empty.svg) and $(grep -c "<text" solved.svg) digits, not 1 and 25"
run oneup --generate --size 5 --seed 1 --svg empty.svg -o five-again.txt
expect_stderr <<'EOF'
dance oneup: wrote five-again.txt (5 x 5, 1 clue)
dance oneup: wrote empty.svg (the puzzle)
EOF

# JSON: one object, its puzzle the text the file would hold.
run oneup --generate --size 5 --seed 1 --json
expect_exit 0
expect_stderr </dev/null
mask seconds
expect_stdout <<'EOF'
{
  "size": 5,
  "seed": 1,
  "regions": 2,
  "clues": 1,
  "target": null,
  "attempts": 1,
  "layouts": 1,
  "puzzle": "# One Up 5 x 5, 1 clue, made by dance oneup --generate --size 5 --seed 1 --regions 2\n11122\n12222\n11111\n11122\n11112\n\n11111\n21111\n21111\n22112\n22212\n\n1\n3 3 1\n",
  "solution": ["13221", "11432", "42153", "21312", "32141"],
  "searches": 27,
  "nodes": 726,
  "solve_nodes": 26,
  "seconds": "*"
}
EOF
run oneup --generate --size 8 --seed 9 --json --out j.txt
expect_json 'd["puzzle"] == open("j.txt").read() and len(d["solution"]) == 8 and d["clues"] == '"$clues"

# A target clue count: kept when hit, the closest with a warning when not.
run oneup --generate --size 8 --seed 9 --clues "$clues" --json
expect_exit 0
expect_stderr </dev/null
expect_json 'd["clues"] == d["target"] == '"$clues"' and d["attempts"] == 1 and d["puzzle"].startswith("# One Up 8 x 8, '"$clues"' clues, made by dance oneup --generate --size 8 --seed 9 --regions 2 --clues '"$clues"' --attempts 20\n")'
run oneup --generate --size 6 --seed 1 --clues 30 --attempts 2
expect_exit 0
expect_stderr_has "dance oneup: warning: no puzzle with 30 clues in 2 attempts; kept one with "

# Usage errors.
expect_usage_error oneup "--size needs a number from 5 to 12" oneup --generate --size 4
expect_usage_error oneup "--size needs a number from 5 to 12" oneup --generate --size 13
expect_usage_error oneup "--generate needs --size N (5 to 12)" oneup --generate
expect_usage_error oneup "--generate reads no FILE, it makes one: not 'five.txt'" oneup --generate --size 5 five.txt
expect_usage_error oneup "--regions 6 is more than --size 5" oneup --generate --size 5 --regions 6
expect_usage_error oneup "--clues 26 is more than the 25 cells of the board" oneup --generate --size 5 --clues 26
expect_usage_error oneup "--attempts needs --clues" oneup --generate --size 5 --attempts 3
expect_usage_error oneup "--seed needs a whole number from 0 to 2^64-1, not 'x'" oneup --generate --size 5 --seed x
expect_usage_error oneup "--verify solves a puzzle: not with --generate" oneup --generate --size 5 --verify 1
expect_usage_error oneup "--method solves a puzzle: not with --generate" oneup --generate --size 5 --method metropolis
expect_usage_error oneup "--out - and --json both want stdout" oneup --generate --size 5 --out - --json
expect_usage_error oneup "--size needs --generate" oneup five.txt --size 5
expect_usage_error oneup "--solution-svg needs --generate" oneup five.txt --solution-svg s.svg
expect_usage_error oneup "--seed needs --method metropolis or --generate" oneup five.txt --seed 5
