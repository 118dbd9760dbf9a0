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
# Comments: lines whose first non-blank character is '#', counted in line numbers, and
# otherwise not there ('#' is no region label); a note after the data is still a note.
bad '# rows\n12\n  # inside\n12\n\n11\n2\n\n0\n' 7:1 "column-region line has 1 cells; the row-region block is 2 x 2"
bad '12\n12\n# no blank line\n11\n22\n\n0\n' 4:1 "the row-region block has more than 2 lines; expected 2 (a square board)"
bad '1#\n1#\n\n11\n22\n\n0\n' 1:2 "'#' in a region label ('#' starts a comment line and is no label)"
bad '12\r\n12\r\n\r\n11\r\n22\r\n\r\n# clues\r\n1 # one\r\n\t# it\r\n3 1 1 # x\r\n' 10:1 "clue row 3 is off the board (1..2)"

# Howard's own file (notes after the data, no comment line) and the commented copy in
# data/: one puzzle, one output.
cat >howard.txt <<'EOF'
11112222    Row regions
11111222
12222222
11222222
11111111
11222222
11122222
11111122

11111111    Column regions
11111121
11212121
11212221
21212221
22212221
22222221
22222221

9           Number of clues
1 2 3       Row 1, column 2's clue is 3
2 2 5
3 3 1
4 4 3
4 6 2
6 4 6
6 8 1
7 1 3
8 3 4
EOF
run oneup "$DATA/oneup/7-7-2024.txt"
expect_exit 0
cp "$OUT" copy.out
run oneup howard.txt
expect_exit 0
expect_stdout <copy.out
expect_stdout_has "1 solution (unique)"

run oneup nosuch.txt
expect_exit 2
expect_stderr <<'EOF'
dance oneup: nosuch.txt: cannot open: No such file or directory
EOF
