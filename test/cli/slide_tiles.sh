# dance slide with labelled pieces: the 8-puzzle counted, goals that compare names, goals
# refused before any search (wrong parity, tiles that are not there), the layout's
# 'labelled' line and its messages.

EIGHT=$DATA/sliding/eight_puzzle.txt

# Every configuration of the 8-puzzle, with its layers: the two hardest at 31 steps.
run slide "$EIGHT" --layers
expect_exit 0
expect_stderr </dev/null
expect_stdout_has "181440 configurations, at most 31 unit steps from the start"
expect_stdout_has "distance 30: 221
distance 31: 2"
run slide "$EIGHT" --json
expect_exit 0
expect_json 'd["states"] == 181440 and d["depth"] == 31 and d["layers"][-1] == 2'
expect_json 'd["labelled"] == 8 and d["pieces"] == 8 and d["shapes"] == 1'

# Without the line, the same tiles are interchangeable: 9 configurations.
grep -v labelled "$EIGHT" >plain.txt
run slide plain.txt
expect_exit 0
expect_stdout <<'OUT'
9 configurations, at most 4 unit steps from the start
OUT

# A goal compares names: 14 steps, where the interchangeable tiles took 2.
printf '813\n4.2\n765\n' >goal.txt
run slide "$EIGHT" --goal goal.txt --metric steps
expect_exit 0
expect_stdout_has "shortest in unit steps: 14 steps"
run slide plain.txt --goal goal.txt --metric steps
expect_exit 0
expect_stdout_has "shortest in unit steps: 2 steps"

# Refused before any search, exit 2, nothing on stdout.
goal_refused() {
  printf "$1" >g.txt
  run slide "$EIGHT" --goal g.txt --json
  expect_exit 2
  expect_stdout </dev/null
  printf 'dance slide: g.txt:%s\n' "$2" | expect_stderr
}
goal_refused '123\n456\n87.\n' "1:1: the goal cannot be reached: it permutes the cells (the blank counted) by an odd permutation of the start and moves the blank 0 cells, an even number; each move changes both parities"
goal_refused '# x\n123\n4.6\n785\n' "2:1: the goal cannot be reached: it permutes the cells (the blank counted) by an odd permutation of the start and moves the blank 2 cells, an even number; each move changes both parities"
goal_refused '123\n456\n79.\n' "3:2: no piece '9' in the puzzle, whose pieces of this shape are labelled (they keep their names)"
goal_refused '123\n456\n7..\n' "1:1: no piece '8' in the goal: the puzzle's '8' is labelled, so the goal places it"

# The line's own messages.
layout_refused() {
  printf "$1" >bad.txt
  run slide bad.txt
  expect_exit 2
  expect_stdout </dev/null
  printf 'dance slide: bad.txt:%s\n' "$2" | expect_stderr
}
layout_refused 'labelled \nA.\n' "1:10: 'labelled' needs the pieces that keep their names, or '*' for all of them"
layout_refused 'AB.\nlabelled AZ\n' "2:11: 'labelled' names 'Z', which is no piece on the board"
layout_refused 'AB.\nlabelled A.\n' "2:11: '.' is an empty cell, not a piece: 'labelled' names pieces"
