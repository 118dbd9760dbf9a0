# dance slide: counts, shortest solutions in both metrics, and their JSON.

EX=$DATA/sliding/example_208.txt

# Project Euler 766's small example: 208 configurations.
run slide "$EX"
expect_exit 0
expect_stderr </dev/null
expect_stdout <<'EOF'
208 configurations, at most 26 unit steps from the start
EOF

# The layers add up to the count, in both metrics.
run slide "$EX" --layers --metric moves
expect_exit 0
expect_stdout_has "208 configurations, at most 18 piece moves from the start"
expect_stdout_has "distance 0: 1"
check '[ "$(awk "/^distance [0-9]*: / { n += \$3 } END { print n }" "$OUT")" = 208 ]' \
  "the layers do not add up to 208"

run slide "$EX" --json
expect_exit 0
expect_json 'd["states"] == 208 and d["depth"] == 26 and d["complete"] is True'
expect_json 'd["stopped_by"] is None and sum(d["layers"]) == 208 and len(d["layers"]) == 27'
expect_json 'd["rows"] == 3 and d["cols"] == 4 and d["pieces"] == 8 and d["shapes"] == 2'
expect_json 'd["metric"] == "steps" and d["table_bytes"] > 0 and d["peak_bytes"] >= d["table_bytes"]'

# A shortest solution, move by move, in both metrics: the L to the bottom right.
run slide "$EX" --goal L@2,3
expect_exit 0
expect_stderr </dev/null
expect_stdout <<'EOF'
shortest in unit steps: 20 steps
     1. c right -> 2,4
     2. b right -> 2,3
     3. a right -> 1,4
     4. L right -> 1,2
     5. d up -> 2,1
     6. e left -> 3,1
     7. f left -> 3,2
     8. b down -> 3,3
     9. d up -> 1,1
    10. e up -> 2,1
    11. f left -> 3,1
    12. L down -> 2,2
    13. a left -> 1,3
    14. c up -> 1,4
    15. g up -> 2,4
    16. b right -> 3,4
    17. a left -> 1,2
    18. c left -> 1,3
    19. g up -> 1,4
    20. L right -> 2,3

shortest in piece moves: 14 moves (20 unit steps)
     1. c right -> 2,4
     2. b right -> 2,3
     3. a right -> 1,4
     4. L right -> 1,2
     5. d up up -> 1,1
     6. e left up -> 2,1
     7. f left left -> 3,1
     8. b down -> 3,3
     9. L down -> 2,2
    10. a left left -> 1,2
    11. c up left -> 1,3
    12. g up up -> 1,4
    13. b right -> 3,4
    14. L right -> 2,3
EOF

# With the boards: the start, then the board after each move.
run slide "$EX" --goal L@2,3 --metric moves --boards
expect_exit 0
expect_stdout_has "shortest in piece moves: 14 moves (20 unit steps)"
expect_stdout_has "     5. d up up -> 1,1
      dLLa
      .Lbc
      .efg"
check '[ "$(grep -c "^      [^ ]" "$OUT")" = 45 ]' "expected 15 boards of 3 rows"

# JSON: the lengths and each move.
run slide "$EX" --goal L@2,3 --json
expect_exit 0
expect_json 'd["steps"] == 20 and d["piece_moves"] == 14 and d["complete"] is True'
expect_json 'len(d["solution_steps"]) == 20 and len(d["solution_moves"]) == 14'
expect_json 'd["solution_moves"][4] == {"piece": "d", "from": [3, 1], "to": [1, 1], "path": "UU"}'
expect_json '[s["metric"] for s in d["searches"]] == ["steps", "moves"]'
expect_json 'all(len(m["path"]) == 1 for m in d["solution_steps"])'

# A goal met at the start: no move. A goal given as a layout file.
run slide "$EX" --goal a@3,1 --json
expect_exit 0
expect_json 'd["steps"] == 0 and d["piece_moves"] == 0 and d["solution_steps"] == []'
printf '# the goal\nabc.\ndLL.\neLfg\n' >goal.txt
run slide "$EX" --goal goal.txt --metric steps
expect_exit 0
expect_stdout_has "shortest in unit steps: "
check '! grep -q "piece moves" "$OUT"' "--metric steps searched piece moves too"

# A goal that cannot be reached: exit 1, said once (both metrics reach the same).
printf 'AA\nB.\n' >stuck.txt
printf 'B.\nAA\n' >under.txt
run slide stuck.txt --goal under.txt
expect_exit 1
expect_stderr </dev/null
expect_stdout <<'EOF'
no solution: the goal cannot be reached (2 configurations searched)
EOF
run slide stuck.txt --goal under.txt --json
expect_exit 1
expect_json 'd["steps"] is None and d["piece_moves"] is None and d["complete"] is True'
expect_json 'd["solution_steps"] is None and len(d["searches"]) == 1'

# '-' reads the layout from stdin.
run --stdin "$EX" slide - --json
expect_exit 0
expect_json 'd["file"] == "-" and d["states"] == 208'
printf 'A.A\n' >split.txt
run --stdin split.txt slide -
expect_exit 2
expect_stderr <<'EOF'
dance slide: <stdin>:1:3: piece 'A' is not in one piece: this cell does not join the rest side to side
EOF

# Comments are lines whose first non-blank character is '#', indented ones too.
printf '  # the small example\r\nLLa.\r\n\t# between rows\r\nLbc.\r\n\r\ndefg\r\n  #\r\n' >indented.txt
run slide indented.txt --json
expect_exit 0
expect_json 'd["states"] == 208'

# --stats: the search's figures after the count.
run slide "$EX" --stats
expect_exit 0
expect_stdout_has "states:      208 (208), depth 26"
expect_stdout_has "neighbours:  397 (397), 1.91 per state expanded"
expect_stdout_has "puzzle:      3 x 4, 8 pieces of 2 shapes, keys of 13 bits, decoding tables"

# Klotski: 25,955 configurations in both metrics, and the published shortest solution, 81
# piece moves (116 unit steps when counted in steps).
run slide "$DATA/sliding/klotski.txt"
expect_exit 0
expect_stdout_has "25955 configurations, at most 167 unit steps from the start"
run slide "$DATA/sliding/klotski.txt" --goal A@4,2 --metric moves
expect_exit 0
expect_stdout_has "shortest in piece moves: 81 moves (118 unit steps)"
run slide "$DATA/sliding/klotski.txt" --goal A@4,2 --metric steps --json
expect_exit 0
expect_json 'd["steps"] == 116 and d["complete"] is True'

# Project Euler 766's puzzle, with CRLF line ends: 2,613,742 configurations.
sed 's/$/\r/' "$DATA/sliding/main_2613742.txt" >crlf.txt
run slide crlf.txt --json -q
expect_exit 0
expect_json 'd["states"] == 2613742 and d["key_bits"] == 55 and d["bytes_per_state"] <= 24'
