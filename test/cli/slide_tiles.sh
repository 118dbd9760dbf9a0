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
run slide "$EIGHT" --goal goal.txt --metric steps -q
expect_exit 0
expect_stdout_has "shortest in unit steps: 14 steps"
run slide plain.txt --goal goal.txt --metric steps
expect_exit 0
expect_stdout_has "shortest in unit steps: 2 steps"
expect_stderr <<'OUT'
dance slide: note: the goal has '8' at row 1, column 1, where the solution brings '1': pieces of one shape are interchangeable unless a 'labelled' line in the layout keeps their names (docs/formats.md)
OUT
run slide plain.txt --goal goal.txt --metric steps -q
expect_stderr </dev/null
# With the line, no note: the names were compared.
run slide "$EIGHT" --goal goal.txt --metric steps --max-memory 1G
expect_stderr <<'OUT'
dance slide: breadth-first search: the 181440 configurations of these tiles take about 2.19 MiB, within --max-memory 1G
OUT

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

# ---- goals of tiles: breadth-first or heuristic search ------------------------------------

# replay.py JSON START GOAL: every move of solution_steps takes its tile from `from` to the
# empty cell next to it, and the last board is GOAL (layout files; 'labelled' lines skipped).
cat >replay.py <<'PY'
import json, sys
def grid(path):
    rows = [l.strip() for l in open(path) if l.strip() and not l.lstrip().startswith(("#", "labelled"))]
    return [list(r) for r in rows]
d = json.load(open(sys.argv[1]))
g, goal = grid(sys.argv[2]), grid(sys.argv[3])
moves = d["solution_steps"]
assert len(moves) == d["steps"], "steps and moves differ"
for m in moves:
    (r0, c0), (r1, c1) = [(a - 1, b - 1) for a, b in (m["from"], m["to"])]
    assert g[r0][c0] == m["piece"] and g[r1][c1] == "." and abs(r0 - r1) + abs(c0 - c1) == 1, m
    g[r1][c1], g[r0][c0] = g[r0][c0], "."
assert g == goal, "the last board is not the goal"
PY

# The 8-puzzle fits in memory: breadth-first, both metrics (the same with one empty cell).
# (The default cap is half the RAM; the runs name one, and the threads, so that the lines
# are the same on every machine.)
run slide "$EIGHT" --goal goal.txt --max-memory 1G
expect_exit 0
expect_stdout_has "shortest in unit steps: 14 steps"
expect_stdout_has "shortest in piece moves: 14 moves (14 unit steps)"
expect_stderr <<'OUT'
dance slide: breadth-first search: the 181440 configurations of these tiles take about 2.19 MiB, within --max-memory 1G
OUT

# Under a cap too small for them, or asked for, the heuristic search: one solution, as long.
run slide "$EIGHT" --goal goal.txt --max-memory 1M --threads 2
expect_exit 0
expect_stderr <<'OUT'
dance slide: heuristic search (IDA*, Manhattan distance and linear conflicts, 2 threads): the 181440 configurations of these tiles would take about 2.19 MiB, more than --max-memory 1M
OUT
expect_stdout <<'OUT'
shortest in unit steps: 14 steps
     1. 6 down -> 3,3
     2. 5 right -> 2,3
     3. 8 up -> 2,2
     4. 7 right -> 3,2
     5. 4 down -> 3,1
     6. 8 left -> 2,1
     7. 2 down -> 2,2
     8. 1 right -> 1,2
     9. 8 up -> 1,1
    10. 4 up -> 2,1
    11. 7 left -> 3,1
    12. 6 left -> 3,2
    13. 5 down -> 3,3
    14. 2 right -> 2,3
OUT
run slide "$EIGHT" --goal goal.txt --method ida -t 1 --json
expect_exit 0
expect_stderr <<'OUT'
dance slide: heuristic search (IDA*, Manhattan distance and linear conflicts, 1 thread): as --method asks
OUT
expect_json 'd["method"] == "ida" and d["steps"] == 14 and d["piece_moves"] == 14 and d["complete"] is True'
expect_json 'd["lower_bound"] == 14 and d["searches"][0]["threads"] == 1 and d["searches"][0]["nodes"] > 0'
check 'python3 replay.py "$OUT" "$EIGHT" goal.txt' "the 8-puzzle's solution does not replay"

# Korf's instance 79 of the 15-puzzle (data/sliding/korf100.txt): 42 steps, too many
# configurations for breadth-first search.
printf 'labelled *\n.197\nBD53\nEC42\n86AF\n' >korf79.txt
printf '.123\n4567\n89AB\nCDEF\n' >fifteen.txt
run slide korf79.txt --goal fifteen.txt --max-memory 1G -t 2 --json --heuristic lc
expect_exit 0
expect_stderr <<'OUT'
dance slide: heuristic search (IDA*, Manhattan distance and linear conflicts, 2 threads): the 10461394944000 configurations of these tiles would take about 172 TiB, more than --max-memory 1G
OUT
expect_json 'd["steps"] == 42 and d["complete"] is True and d["stopped_by"] is None'
expect_json 'len(d["solution_steps"]) == 42 and d["solution_moves"] == d["solution_steps"]'
check 'python3 replay.py "$OUT" korf79.txt fifteen.txt' "Korf's instance 79 does not replay"
run slide korf79.txt --goal fifteen.txt --max-memory 1G -q --stats --heuristic lc
expect_exit 0
expect_stderr </dev/null
expect_stdout_has "shortest in unit steps: 42 steps"
expect_stdout_has "method:      IDA*, Manhattan distance and linear conflicts"
expect_stdout_has "iterations, bounds "

# ---- pattern databases, on the 8-puzzle (4-4: 6,184 bytes) ------------------------------

# Built on first use into the cache folder, said on stderr, and the solution as long.
PDB=cache/tiles-3x3-empty2.2-4-4-070caa70.pdb
run slide "$EIGHT" --goal goal.txt --method ida --heuristic pdb --pdb-cache cache -t 2 --json
expect_exit 0
expect_stderr_has "dance slide: heuristic search (IDA*, additive pattern databases 4-4, linear conflicts, 2 threads): as --method asks
dance slide: building the pattern databases 4-4 (6.04 KiB) for the goal's empty cell at 2,2
dance slide: pattern databases built in "
expect_stderr_has "dance slide: pattern databases saved as $PDB"
expect_json 'd["steps"] == 14 and d["heuristic"] == "pdb" and d["pdb"]["cache"] == "built"'
expect_json 'd["pdb"]["groups"] == "4-4" and d["pdb"]["bytes"] == 6184 and d["pdb"]["file"] == "'$PDB'"'
check 'python3 replay.py "$OUT" "$EIGHT" goal.txt' "the 8-puzzle's solution with the tables does not replay"
check '[ "$(stat -c %s $PDB)" = 6184 ]' "the cache file is not 6184 bytes"
# Read back: no build.
run slide "$EIGHT" --goal goal.txt --method ida --heuristic pdb --pdb-cache cache --json
expect_exit 0
expect_stderr_has "dance slide: pattern databases read from $PDB"
expect_json 'd["steps"] == 14 and d["pdb"]["cache"] == "hit" and d["pdb"]["build_seconds"] == 0'
# A byte changed: found by the checksum, said, rebuilt and saved again.
python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[3000] ^= 1; open(sys.argv[1], "wb").write(b)' $PDB
run slide "$EIGHT" --goal goal.txt --method ida --heuristic pdb --pdb-cache cache -q --json
expect_exit 0
expect_stderr <<OUT
dance slide: warning: $PDB: corrupted (its checksum does not match): rebuilding
OUT
expect_json 'd["steps"] == 14 and d["pdb"]["cache"] == "rebuilt"'
run slide "$EIGHT" --goal goal.txt --method ida --heuristic pdb --pdb-cache cache -q --json
expect_json 'd["pdb"]["cache"] == "hit"'
# Cut short: said, rebuilt.
truncate -s 100 $PDB
run slide "$EIGHT" --goal goal.txt --method ida --heuristic pdb --pdb-cache cache -q --json
expect_exit 0
expect_stderr <<OUT
dance slide: warning: $PDB: truncated (100 bytes, not 6184): rebuilding
OUT
expect_json 'd["steps"] == 14 and d["pdb"]["cache"] == "rebuilt"'
check '[ "$(stat -c %s $PDB)" = 6184 ]' "the rebuilt cache file is not 6184 bytes"
# none: built in memory, nothing written; so is DANCE_PDB_CACHE=none; by default
# $XDG_CACHE_HOME/dance.
run slide "$EIGHT" --goal goal.txt --method ida --heuristic pdb --pdb-cache none -q --json
expect_json 'd["pdb"]["cache"] == "off" and d["pdb"]["file"] is None and d["steps"] == 14'
DANCE_PDB_CACHE=none run slide "$EIGHT" --goal goal.txt --method ida --heuristic pdb -q --json
expect_json 'd["pdb"]["cache"] == "off"'
check '[ ! -e none ]' "--pdb-cache none made a folder"
(unset DANCE_PDB_CACHE; XDG_CACHE_HOME=$PWD/xdg run slide "$EIGHT" --goal goal.txt --method ida --heuristic pdb -q --json; [ -s xdg/dance/${PDB#cache/} ]) || check false "no cache file under \$XDG_CACHE_HOME/dance"
# The other estimates, named in JSON.
run slide "$EIGHT" --goal goal.txt --method ida --heuristic manhattan -q --json
expect_json 'd["steps"] == 14 and d["heuristic"] == "manhattan" and d["pdb"] is None'
expect_usage_error slide "--heuristic guides the search of a goal: it needs --goal" slide "$EIGHT" --heuristic pdb
expect_usage_error slide "--pdb-cache guides the search of a goal: it needs --goal" slide "$EIGHT" --pdb-cache none

# The default estimate by board size: pattern databases on 3 x 5 (groups 5-5-4 in reading
# order), the Manhattan distance and linear conflicts on 3 x 4.
printf 'labelled *\n6829D\n73.BE\n154AC\n' >r35.txt
printf '.1234\n56789\nABCDE\n' >g35.txt
run slide r35.txt --goal g35.txt --max-memory 100M --pdb-cache none -t 2 --json
expect_exit 0
expect_stderr_has "dance slide: heuristic search (IDA*, additive pattern databases 5-5-4, linear conflicts, 2 threads): the 653837184000 configurations"
expect_json 'd["steps"] == 35 and d["heuristic"] == "pdb" and d["pdb"]["groups"] == "5-5-4"'
check 'python3 replay.py "$OUT" r35.txt g35.txt' "the 3 x 5 solution does not replay"
printf 'labelled *\nA257\n864B\n319.\n' >r34.txt
printf '.123\n4567\n89AB\n' >g34.txt
run slide r34.txt --goal g34.txt --max-memory 100M --json
expect_exit 0
expect_json 'd["steps"] == 33 and d["heuristic"] == "lc" and d["pdb"] is None'
check 'python3 replay.py "$OUT" r34.txt g34.txt' "the 3 x 4 solution does not replay"

# Usage: --method needs --goal, and ida needs tiles and a layout goal.
expect_usage_error slide "--method picks how to reach a goal: it needs --goal" slide "$EIGHT" --method ida
expect_usage_error slide "--method ida needs numbered tiles (labelled 1x1 pieces, one empty cell, 2 x 2 to 6 x 6) and a layout for --goal" \
  slide plain.txt --goal goal.txt --method ida
expect_usage_error slide "--method ida needs numbered tiles (labelled 1x1 pieces, one empty cell, 2 x 2 to 6 x 6) and a layout for --goal" \
  slide "$EIGHT" --goal 1@2,2 --method ida

# Ctrl-C during a long search (Korf's instance 88, 65 steps): no solution, exit 1, and how
# far it got: none shorter than the bound it was searching.
if sigint_ignored || sigint_untimely; then
  echo "slide_tiles: skipping the Ctrl-C checks" >&2
else
  printf 'labelled *\nF2CB\nED95\n1387\n.A64\n' >korf88.txt
  run_interrupted 0.3 slide korf88.txt --goal fifteen.txt --method ida --heuristic lc --json -q
  expect_exit 1
  expect_json 'd["complete"] is False and d["stopped_by"] == "interrupt" and d["steps"] is None'
  expect_json 'd["solution_steps"] is None and 43 <= d["lower_bound"] <= 65'
  run_interrupted 0.3 slide korf88.txt --goal fifteen.txt --method ida --heuristic lc -q
  expect_exit 1
  expect_stdout_has "no solution found: none has fewer than "
  expect_stdout_has " steps (interrupted; the search is incomplete)"
fi

# Ctrl-C while the 15-puzzle's pattern databases are being built (6-6-3, long enough
# to interrupt): no search, no file left in the cache folder, and the bound the Manhattan
# distance with linear conflicts gives.
if sigint_ignored || sigint_untimely; then
  echo "slide_tiles: skipping the Ctrl-C checks" >&2
else
  run_interrupted 0.3 slide korf88.txt --goal fifteen.txt --method ida --heuristic pdb --pdb-cache stopcache --json
  expect_exit 1
  expect_stderr_has "dance slide: interrupted while building the pattern databases ("
  expect_json 'd["complete"] is False and d["stopped_by"] == "interrupt" and d["steps"] is None'
  expect_json 'd["pdb"] is None and d["lower_bound"] == d["searches"][0]["estimate"] > 0'
  check '[ -z "$(ls -A stopcache 2>/dev/null)" ]' "an interrupted build left a file in the cache"
  run_interrupted 0.3 slide korf88.txt --goal fifteen.txt --method ida --heuristic pdb --pdb-cache none -q --stats
  expect_exit 1
  expect_stdout_has " steps (interrupted; the search is incomplete)"
  expect_stdout_has "tables:      interrupted after "
fi
