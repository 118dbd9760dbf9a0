# dance barflip: shortest solutions by GF(2) and by search, unsolvable boards, the survey,
# the board notation's errors and bad usage.

run barflip 1011/0110/1101/0010
expect_exit 0
expect_stderr </dev/null
expect_stdout <<'EOF'
9 presses: 1,1 1,4 2,1 2,3 2,4 3,1 3,2 3,3 3,4
EOF

# The search finds a set of the same size; --method both checks that they agree.
run barflip 1011/0110/1101/0010 --method bfs
expect_exit 0
expect_stdout_has "9 presses: "
run barflip 1011/0110/1101/0010 --method both --json
expect_exit 0
expect_json 'd["length"] == 9 and len(d["presses"]) == 9 and d["solvable"] is True'
expect_json 'd["method"] == "both" and d["search"]["depth"] == 9 and d["complete"] is True'
expect_json 'd["presses"][0] == [1, 1] and d["presses"][8] == [3, 4]'

# The presses really turn every bar vertical: replay them here.
run barflip 0110/1001/1011/0000 --json
expect_exit 0
check 'python3 - "$OUT" <<EOF
import json, sys
d = json.load(open(sys.argv[1]))
b = [[int(c) for c in row] for row in "0110/1001/1011/0000".split("/")]
for r, c in d["presses"]:
    for i in range(4):
        for j in range(4):
            if i == r - 1 or j == c - 1:
                b[i][j] ^= 1
sys.exit(0 if all(all(row) for row in b) and d["length"] == len(d["presses"]) else 1)
EOF' "the presses do not solve the board"

run barflip 1/1
expect_exit 0
expect_stdout <<'EOF'
0 presses: every bar is vertical already
EOF
run barflip 01/10
expect_stdout <<'EOF'
2 presses: 1,1 2,2
EOF

# 3 x 3: only 32 of the 512 boards can be solved.
run barflip 101/010/101
expect_exit 1
expect_stdout <<'EOF'
no solution: this board cannot be turned all vertical
EOF
run barflip 101/010/101 --method both --json
expect_exit 1
expect_json 'd["solvable"] is False and d["presses"] is None and d["length"] is None'
expect_json 'd["search"]["complete"] is True and d["search"]["states"] == 32'

# The survey: how many boards of a size are solvable, and the longest shortest solution.
run barflip --survey 4x4
expect_exit 0
expect_stdout <<'EOF'
4x4: 65536 boards, 65536 solvable; the longest shortest solution takes 16 presses
EOF
run barflip --survey 4x4 --method bfs --json
expect_json 'd["states"] == 65536 and d["solvable"] == 65536 and d["max_length"] == 16'
expect_json 'd["method"] == "bfs" and d["search"]["states"] == 65536 and d["complete"] is True'
run barflip --survey 3x3 --json
expect_json 'd["states"] == 512 and d["solvable"] == 32 and d["max_length"] == 3'
run barflip --survey 8x8 --json
expect_json 'd["states"] == 2**64 and d["solvable"] == 2**64 and d["max_length"] == 64'
expect_json 'd["method"] == "gf2" and "search" not in d'

# A survey too large to search stops at the cap and claims nothing it did not see.
run barflip --survey 7x7 --max-memory 8M
expect_exit 0
expect_stdout_has "7x7: 562949953421312 boards, 137438953472 solvable; the longest shortest "
expect_stdout_has "(stopped by --max-memory 8M; the search is incomplete)"
run barflip --survey 7x7 --max-memory 8M --json
expect_json 'd["complete"] is False and d["stopped_by"] == "max-memory"'
expect_json 'd["max_length"] is None and d["max_length_at_least"] >= 1'

# Errors: the board's column, and usage.
board_error() {
  run barflip "$1"
  expect_exit 2
  expect_stdout </dev/null
  printf 'dance barflip: %s: at character %s\n' "$1" "$2" | expect_stderr
}
board_error 0110/1a01 "7: bad character 'a' (a bar is 0 or 1; rows end with '/')"
board_error 0110/101 "9: row 2 has 3 bars; the first row has 4"
board_error 01//10 "4: empty row"
board_error 010101011 "9: more than 8 bars in a row"
board_error 1/1/1/1/1/1/1/1/1 "16: more than 8 rows"

usage_error() { expect_usage_error barflip "$@"; }
usage_error "missing BOARD (rows of 0 and 1, '/')" barflip
usage_error "unexpected argument '11'" barflip 01/10 11
usage_error "--method needs gf2, bfs or both, not 'magic'" barflip 01/10 --method magic
usage_error "--survey needs RxC with R and C from 1 to 8" barflip --survey 9x2
usage_error "--survey needs RxC with R and C from 1 to 8" barflip --survey 4x
usage_error "--survey takes no BOARD" barflip --survey 4x4 01/10
usage_error "--survey takes --method gf2 or bfs" barflip --survey 4x4 --method both
usage_error "--method bfs searches boards of at most 32 bars; this one has 36" \
  barflip 111111/111111/111111/111111/111111/111111 --method bfs
