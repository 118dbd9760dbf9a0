# Malformed One Up files: FILE:LINE:COLUMN: message on stderr, exit 2, nothing on stdout.

bad() {
  printf "$1" >bad.txt
  run oneup bad.txt --json
  expect_exit 2
  expect_stdout </dev/null
  printf 'dance oneup: bad.txt:%s: %s\n' "$2" "$3" | expect_stderr
}

# The region blocks: unequal sizes, not square, too big.
bad '1122\n1122\n1122\n1122\n\n111\n222\n111\n\n0\n' 6:1 "column-region line has 3 cells; the row-region block is 4 x 4"
bad '12\n12\n\n11\n\n0\n' 5:1 "the column-region block has 1 lines; the row-region block is 2 x 2"
bad '12\n12\n12\n\n11\n22\n\n0\n' 3:1 "the row-region block has more than 2 lines; expected 2 (a square board)"
bad '12\n1\n\n11\n22\n\n0\n' 2:1 "row-region line has 1 cells; expected 2 (as many as the first line)"
bad '11111111111111111\n' 1:1 "row-region line has 17 cells; a board has at most 16"
# The clues: count, range, contradictions.
bad '12\n12\n\n11\n22\n' 6:1 "missing the number of clues"
bad '12\n12\n\n11\n22\n\n2\n1 1 1\n' 9:1 "2 clues announced, 1 found"
bad '12\n12\n\n11\n22\n\n1\n3 1 1\n' 8:1 "clue row 3 is off the board (1..2)"
bad '12\n12\n\n11\n22\n\n1\n1 1 3\n' 8:5 "clue digit 3 is out of range (1..2)"
bad '12\n12\n\n11\n22\n\n1\n1 1 2\n' 8:5 "clue digit 2 cannot be in row 1, column 1: its row region has 1 cells"
bad '11\n11\n\n11\n11\n\n2\n1 1 2\n1 1 1\n' 9:1 "a second clue for row 1, column 1 (the first is on line 8)"
bad '11\n11\n\n11\n11\n\n2\n1 1 2\n1 2 2\n' 9:5 "digit 2 is already a clue in this row region (row 1, column 1, line 8)"

run oneup nosuch.txt
expect_exit 2
expect_stderr <<'EOF'
dance oneup: nosuch.txt: cannot open: No such file or directory
EOF
