# Malformed Gridlock files: FILE:LINE:COLUMN: message on stderr, exit 2, nothing on stdout.

# bad CONTENT LINE:COLUMN MESSAGE
bad() {
  printf "$1" >bad.txt
  run gridlock bad.txt
  expect_exit 2
  expect_stdout </dev/null
  printf 'dance gridlock: bad.txt:%s: %s\n' "$2" "$3" | expect_stderr
}

bad '2 1 h\n5 1 v\n' 3:1 "missing the line of the 1x3 white piece (a puzzle has 3 lines)"
bad '2 1 h\n5 1 v\n4 6 h\n1 1 h\n' 4:1 "more than 3 lines (a puzzle is the 1x1, 1x2 and 1x3 white pieces)"
bad '2 1 h\n5 9 v\n4 6 h\n' 2:3 "y = 9 is off the board (1..8)"
bad '2 1 h\n5 1 v\n4 6 q\n' 3:5 "bad orientation 'q' (expected h or v)"
bad '2 1 h\n1 1 h\n4 6 h\n' 2:1 "the 1x2 white piece at (1,1,h) overlaps the 1x1 at (2,1,h)"
bad '2 1 h\n5 1 v\n7 6 h\n' 3:1 "the 1x3 white piece at (7,6,h) runs off the board"
# Comments are lines whose first non-blank character is '#', and count in line numbers; a
# '#' after the orientation is extra text like any other.
bad '# Puzzle\n\n2 1 h\n  # note\n5 9 v\n4 6 h\n' 5:3 "y = 9 is off the board (1..8)"
bad '2 1 h\r\n# c\r\n5 1 v\r\n\r\n4 6 q\r\n' 5:5 "bad orientation 'q' (expected h or v)"
bad '# a\n2 1 h\n5 1 v\n# b\n' 5:1 "missing the line of the 1x3 white piece (a puzzle has 3 lines)"
bad '2 1 h # x\n5 1 v\n4 6 h\n' 1:7 "unexpected '#' after the orientation (a line is 'x y h|v')"

# Howard's own file (three lines, no comment), the commented copy in data/, and the same
# with comments and blank lines anywhere and CRLF: one puzzle, one output.
run gridlock "$DATA/gridlock/01.txt" --no-board
expect_exit 0
cp "$OUT" copy.out
for text in '2 1 h\n5 1 v\n4 6 h\n' '\n2 1 h\n\n  # x\n5 1 v\r\n\t#\r\n4 6 h\n\n# end'; do
  printf "$text" >puzzle.txt
  run gridlock puzzle.txt --no-board
  expect_exit 0
  expect_stdout <copy.out
done

run gridlock nosuch.txt
expect_exit 2
expect_stderr <<'EOF'
dance gridlock: nosuch.txt: cannot open: No such file or directory
EOF

# In a survey a bad file is reported and listed, the others are solved, and the exit is 2.
printf '2 1 h\n5 1 v\n4 6 q\n' >bad.txt
run gridlock bad.txt "$DATA/gridlock/01.txt" --no-board
expect_exit 2
expect_stderr <<'EOF'
dance gridlock: bad.txt:3:5: bad orientation 'q' (expected h or v)
EOF
expect_stdout_has '$DATA/gridlock/01.txt: 1 solution (unique)'
check 'grep -q "^bad.txt  *error$" "$OUT"' "the table does not list bad.txt as an error"
run gridlock bad.txt "$DATA/gridlock/01.txt" --json
expect_exit 2
expect_json 'd["errors"] == 1 and d["puzzles"][0]["error"] == "bad.txt:3:5: bad orientation '"'q'"' (expected h or v)"'
expect_json 'd["puzzles"][1]["solutions"] == 1'
# One bad file alone: no JSON, only the message.
run gridlock bad.txt --json
expect_exit 2
expect_stdout </dev/null
