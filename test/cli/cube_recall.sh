# dance cube --recall: in a count, the solutions below the positions with six and five pieces
# left remembered and a position met again counted at once. The same counts, fewer nodes;
# on by default only in large searches, and never where covers are not all classes or
# solutions are shown.

# The pentominoes in 10x6 (X held, no placement of it symmetric): a small search, so off
# by default; asked for, the same 2,339 in fewer nodes, at depths 6 and 7 (12 pieces).
run cube pentominoes --json
expect_exit 0
expect_json 'd["solutions"] == 2339 and d["total"] == 9356 and d["recall"] is None and d["nodes"] == 452457'
run cube pentominoes --recall on -t 1 --json
expect_exit 0
expect_json 'd["solutions"] == 2339 and d["total"] == 9356 and d["recall"] == [6, 7]'
expect_json 'd["nodes"] < 452457 and d["complete"] is True'
run cube pentominoes --recall on -t 1 --stats
expect_stdout_has "recall:      the subtrees below 6 to 7 pieces placed, remembered"
run cube pentominoes --recall off --json -t 2
expect_json 'd["solutions"] == 2339 and d["recall"] is None'

# In parts, on two threads, with a checkpoint: the parts add up to the whole.
run cube pentominoes --recall on --shard 0/2 -t 2 --checkpoint p0.ckpt --json
expect_exit 0
expect_json 'd["recall"] == [6, 7] and d["complete"] is True'
cp "$OUT" part0.json
run cube pentominoes --recall on --shard 1/2 -t 1 --json
cp "$OUT" part1.json
run merge part0.json part1.json
expect_exit 0
expect_stdout_has "2339 solutions (9356 covers in all) from 2 parts"

# Where solutions are shown, or a cover may not be its class's (X held in 12x5 has
# placements a half turn keeps), nothing is recalled.
run cube pentominoes --recall on --max 5 --json
expect_json 'd["solutions"] == 5 and d["recall"] is None'
run cube pentominoes --box 12x5 --recall on --json
expect_json 'd["solutions"] == 1010 and d["total"] == 4040 and d["recall"] is None'

# A part estimated at 5 x 10^8 nodes or more (a 64th of the 8x10 problem: 2.4 x 10^9)
# remembers the positions with seven to four pieces left (10 to 13 placed of 17); a 512th
# (3.0 x 10^8) those with six and five. Stopped soon after its search starts, the part's
# depths are in its JSON (exit 0 or 1, as a solution was found by then or not); stopped
# before, while the held piece is chosen (on a slow build), it recalled nothing: wait longer.
if ! sigint_ignored; then
  for part in "5/64 [10, 13]" "5/512 [11, 12]"; do
    for wait in 0.3 1 3; do
      run_interrupted "$wait" cube "$DATA/cube/pentominoes-tetrominoes-8x10.txt" \
        --shard "${part%% *}" -t 1 --json
      grep -q '"recall": null' "$OUT" || break
    done
    check '[ "$STATUS" -le 1 ]' "exit status $STATUS after Ctrl-C"
    expect_json "d['complete'] is False and d['stopped_by'] == 'interrupt' and d['recall'] == ${part#* }"
  done
fi

# A bad choice is refused.
run cube pentominoes --recall sometimes
expect_exit 2
expect_stderr_has "--recall needs auto, on or off, not 'sometimes'"
