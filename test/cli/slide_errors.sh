# dance slide: malformed layouts (FILE:LINE:COLUMN: message), bad goals and bad usage, each
# with exit status 2 and nothing on stdout.

# layout_error FILE_CONTENT MESSAGE: the layout is refused with exactly that message.
layout_error() {
  printf "$1" >bad.txt
  run slide bad.txt --json
  expect_exit 2
  expect_stdout </dev/null
  printf 'dance slide: bad.txt:%s\n' "$2" | expect_stderr
}

layout_error '# ragged\nAB.\nAB\n' "3:3: row 2 has 2 cells; the first row has 3"
layout_error 'AB.\nAB..\n' "2:4: row 2 has 4 cells; the first row has 3"
layout_error '# split\nA.A\nBBB\n' \
  "2:3: piece 'A' is not in one piece: this cell does not join the rest side to side"
layout_error 'A.\n.A\n' "2:2: piece 'A' is not in one piece: this cell does not join the rest side to side"
layout_error '# full\n\nAB\nCD\n' "3:1: no empty cell ('.'), so nothing can move"
layout_error '# nothing\n' "2:1: no board (only comments and blank lines)"
layout_error 'A. \n' "1:3: a blank inside a row (one character per cell, '.' for an empty one)"
layout_error 'A#.\n' "1:2: '#' inside a row ('#' starts a comment line and names no piece)"
# Comments: first non-blank character '#', counted in line numbers; a '#' after a row's
# cells is no comment.
layout_error '  # indented\n\t# tabbed\n\nAB.\n  #\nAB\n' "6:3: row 2 has 2 cells; the first row has 3"
layout_error '# c\r\n \t# c\r\nA.A\r\n' "3:3: piece 'A' is not in one piece: this cell does not join the rest side to side"
layout_error 'AB.\nAB. # x\n' "2:4: a blank inside a row (one character per cell, '.' for an empty one)"
layout_error 'A.\tB\n' "1:3: a blank inside a row (one character per cell, '.' for an empty one)"
layout_error 'A.\001\n' "1:3: bad character 0x01 (pieces are named by printable ASCII characters)"
layout_error '.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n' \
  "8:2: more than 64 cells on the board"

run slide nosuch.txt
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance slide: nosuch.txt: cannot open: No such file or directory
EOF

# Goals: a piece that is not there or does not fit, a layout that is not this puzzle's.
EX=$DATA/sliding/example_208.txt
goal_error() {
  local goal=$1
  shift
  run slide "$EX" --goal "$goal"
  expect_exit 2
  expect_stdout </dev/null
  printf '%s\n' "$*" | expect_stderr
}
goal_error Z@1,1 "dance slide: --goal Z@1,1: no piece 'Z' in the puzzle"
goal_error L@3,1 "dance slide: --goal L@3,1: piece 'L' (2 x 2) cannot lie at row 3, column 1:" \
  "its top left corner goes in rows 1 to 2 and columns 1 to 3"
goal_error L@0,2 "dance slide: --goal L@0,2: piece 'L' (2 x 2) cannot lie at row 0, column 2:" \
  "its top left corner goes in rows 1 to 2 and columns 1 to 3"
goal_error Q@1 "dance slide: Q@1: cannot open: No such file or directory"
printf 'LL.\nLab\n' >small.txt
goal_error small.txt "dance slide: small.txt:1:1: the goal's board has 2 rows of 3 cells; the" \
  "puzzle's has 3 rows of 4"
printf '# wrong shape\nMMa.\nbMc.\ndefg\n' >shape.txt
goal_error shape.txt "dance slide: shape.txt:2:1: piece 'M' has a shape that no piece of the" \
  "puzzle has"
printf 'LLa.\nLbc.\ndeff\n' >count.txt
goal_error count.txt "dance slide: count.txt:1:3: 5 pieces of the shape of 'a' here; the" \
  "puzzle has 7 (like 'a')"
printf 'LLa.\nL b.\n' >broken.txt
goal_error broken.txt "dance slide: broken.txt:2:2: a blank inside a row (one character per" \
  "cell, '.' for an empty one)"

# Usage.
usage_error() { expect_usage_error slide "$@"; }
usage_error "missing FILE (use '-' to read stdin)" slide
usage_error "unexpected argument 'more.txt'" slide "$EX" more.txt
usage_error "--metric needs steps or moves, not 'both'" slide "$EX" --metric both
usage_error "--boards needs --goal" slide "$EX" --boards
usage_error "--layers counts: it does not go with --goal" slide "$EX" --layers --goal L@2,3
usage_error "--max-memory needs a size such as 512M, 4G or 1e9 (bytes)" slide "$EX" --max-memory 12Q
usage_error "--max-memory needs a size such as 512M, 4G or 1e9 (bytes)" slide "$EX" --max-memory 0
usage_error "--goal needs an argument (TARGET)" slide "$EX" --goal
usage_error "--progress-interval needs a number from 0.1 to 3600" slide "$EX" --progress-interval 0
