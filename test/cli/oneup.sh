# dance oneup: the 7 July 2024 puzzle in text and JSON, --verify, --svg, --export, help.

P=$DATA/oneup/7-7-2024.txt
run oneup "$P"
expect_exit 0
expect_stderr </dev/null
expect_stdout <<'EOF'
1 solution (unique)
+---+---+---+---+---+---+---+---+
| 4   3   1   2 | 2   3   1   4 |
+               +   +   +---+   +
| 3   5   2   4   1 | 1   2   3 |
+   +   +---+   +---+           +
| 1 | 4   1   5   3   2   6   7 |
+   +   +           +---+       +
| 2   1 | 5   3   1   2   4   6 |
+---+   +                       +
| 4   2   6   1   5   3   7   8 |
+   +---+                       +
| 1   2 | 3   6   2   4   5   1 |
+       +   +---+               +
| 3   1   2 | 2   4   1   3   5 |
+           +           +       +
| 2   3   4   1   6   5 | 1   2 |
+---+---+---+---+---+---+---+---+
EOF

run oneup "$P" --json
expect_exit 0
expect_json 'd["solutions"] == 1 and d["complete"] is True and d["stopped_by"] is None'
expect_json 'd["grid"][0] == "43122314" and d["grid"][7] == "23416512" and len(d["grid"]) == 8'
expect_json 'd["size"] == 8 and d["clues"] == 9 and d["items"] == 192 and "verify" not in d'

GRID=43122314/35241123/14153267/21531246/42615378/12362451/31224135/23416512
run oneup "$P" --verify "$GRID"
expect_exit 0
expect_stdout_has "the claimed solution is right"
expect_stdout_has "the puzzle has no other solution"
run oneup "$P" --verify 43122314/35241123/14153267/21531246/42615378/12362451/31224135/23416521
expect_exit 1
expect_stdout_has "the claimed solution is wrong:
  column 7, rows 2-8: digit 1 is missing
  column 7, rows 2-8: digit 2 appears twice
  column 8, rows 1-8: digit 1 appears twice
  column 8, rows 1-8: digit 2 is missing"
expect_stdout_has "the puzzle has 1 solution: $GRID"
run oneup "$P" --verify 4312231 --json
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance oneup: --verify: column 8: row 1 has 7 digits; the board is 8 x 8
EOF
run oneup "$P" --verify "$GRID" --json
expect_json 'd["verify"] == {"claimed": d["grid"], "valid": True, "problems": [], "other_solutions": 0}'

# Limits, --svg, --export through dance xc, stdin.
run oneup "$P" --max-nodes 5 --json
expect_exit 1
expect_json 'd["complete"] is False and d["stopped_by"] == "max-nodes" and d["grid"] is None'
run oneup "$P" --svg p.svg -q
expect_exit 0
expect_stderr </dev/null
expect_file_has p.svg '<text x="78" y="34" font-size="22" font-weight="bold" fill="#111111"'
run oneup "$P" --export o.dlx
expect_stderr <<'EOF'
dance oneup: wrote 192 items and 240 options to o.dlx
EOF
expect_file_has o.dlx "r1c1 r1a=1 c1a=1"
run xc o.dlx
expect_stdout <<'EOF'
1 solution
EOF
run --stdin "$P" oneup - --json
expect_json 'd["file"] == "-" and d["solutions"] == 1'

# A well-formed puzzle without a solution: rows of single cells under a 2-cell column.
printf '12\n12\n\n11\n11\n\n0\n' >none.txt
run oneup none.txt
expect_exit 1
expect_stdout <<'EOF'
no solutions
EOF

run oneup "$P" extra.txt
expect_exit 2
expect_stderr <<'EOF'
dance oneup: unexpected argument 'extra.txt'
Try 'dance oneup --help'.
EOF
run oneup --help
expect_exit 0
expect_stdout_has "Usage: dance oneup [OPTIONS] FILE"
expect_stdout_has "  dance oneup ${EX}oneup/7-7-2024.txt --svg 7-7-2024.svg"

# A digit too large for a one-cell region: "a region of 1 cell".
run oneup "$DATA/oneup/7-7-2024.txt" --verify 43122314/35241123/24153267/21531246/42615378/12362451/31224135/23416512
expect_exit 1
expect_stdout_has "row 3, columns 1-1: digit 2 appears, in a region of 1 cell"
check '! grep -q "region of 1 cells" "$OUT"' "a region of 1 cells"
