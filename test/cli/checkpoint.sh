# --checkpoint and --resume: a run cut short (a node budget, Ctrl-C, SIGKILL at random
# moments) and resumed, as often as it takes, ends with exactly the counts of one whole run;
# a checkpoint of another problem or part, or a malformed one, is refused with its reason.
P=$DATA/xc/pent6x10.dlx

# A node budget: the finished pieces are kept, the rest is searched on resumption.
run xc "$P" --checkpoint p.ckpt --max-nodes 1e6
expect_exit 0
expect_stdout_has "the search is incomplete"
expect_stderr <<'EOF2'
dance xc: the finished parts are in p.ckpt: --resume p.ckpt goes on from there
EOF2
check "grep -q '^pieces ' p.ckpt && grep -q '^end$' p.ckpt" "p.ckpt has pieces and ends"
check "[ \"\$(sed -n 2p p.ckpt)\" = '# dance xc $P' ]" "p.ckpt's second line does not name the command"
run xc "$P" --resume p.ckpt --json --threads 2
expect_exit 0
expect_json 'd["solutions"] == 9356 and d["nodes"] == 3637261 and d["complete"] and d["resumed"]["pieces"] > 0 and d["checkpoint"] == "p.ckpt"'
# Resuming a finished run searches nothing more and says the same.
run xc "$P" --resume p.ckpt --json
expect_json 'd["solutions"] == 9356 and d["nodes"] == 3637261 and d["complete"]'

# SIGKILL at random moments, then resume until a run ends: never a piece counted twice,
# none lost.
for threads in 1 2; do
  rm -f k.ckpt
  args=(xc "$P" --threads "$threads" --checkpoint k.ckpt --checkpoint-interval 0.02 --json)
  kills=0
  for round in 1 2 3 4 5 6; do
    "$DANCE" "${args[@]}" >k.json 2>k.err &
    pid=$!
    sleep "$(python3 -c 'import random; print(round(random.uniform(0.05, 0.4), 3))')"
    if kill -KILL "$pid" 2>/dev/null; then kills=$((kills + 1)); fi
    wait "$pid" 2>/dev/null
    args=(xc "$P" --threads "$threads" --resume k.ckpt --checkpoint-interval 0.02 --json)
  done
  run "${args[@]}"
  expect_exit 0
  expect_json 'd["solutions"] == 9356 and d["nodes"] == 3637261 and d["complete"]'
  echo "checkpoint: $threads threads: killed $kills times, then resumed to the end" >&2
done

# The cube: a Tetris cube run killed once, resumed: its counts, covers and nodes whole.
run cube tetris --threads 2 --json
whole_nodes=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["nodes"])' "$OUT")
"$DANCE" cube tetris --threads 2 --checkpoint t.ckpt --checkpoint-interval 0.1 >/dev/null 2>&1 &
pid=$!
sleep 1
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
run cube tetris --threads 2 --resume t.ckpt --json
expect_exit 0
expect_json "d['solutions'] == 9839 and d['total'] == 236136 and d['nodes'] == $whole_nodes and d['complete']"

# Refusals.
expect_usage_error xc "--checkpoint records counts only: it cannot go with --print" xc "$P" --checkpoint x.ckpt --print
expect_usage_error cube "--resume records counts only: it cannot go with --catalog" cube soma --resume x.ckpt --catalog x.cat
run xc "$DATA/xc/queens13.dlx" --resume p.ckpt
expect_exit 2
id=$(sed -n 's/^identity //p' p.ckpt)
run xc "$DATA/xc/queens13.dlx" --stats
qid=$(sed -n 's/^identity: *//p' "$OUT")
run xc "$DATA/xc/queens13.dlx" --resume p.ckpt
expect_stderr <<EOF2
dance xc: p.ckpt: a checkpoint of another problem (identity $id; this one is $qid): the input, the options that change the count or its split (--memo), or the version of dance differ
EOF2
run xc "$P" --resume p.ckpt --shard 1/4
expect_exit 2
expect_stderr <<'EOF2'
dance xc: p.ckpt: a checkpoint of the whole problem: resume it without --shard
EOF2
printf 'dance-checkpoint 1\nidentity %s\nshard 0 1\nsplit 2048\nseconds 1\npieces 10\npiece 12 1 1 0 0\nend\n' "$id" >bad.ckpt
run xc "$P" --resume bad.ckpt
expect_exit 2
expect_stderr <<'EOF2'
dance xc: bad.ckpt:7: piece 12 of a split of 10 pieces
EOF2
printf 'hello\n' >bad.ckpt
run xc "$P" --resume bad.ckpt
expect_stderr <<'EOF2'
dance xc: bad.ckpt:1: not a dance checkpoint (expected 'dance-checkpoint 1')
EOF2
printf 'dance-checkpoint 1\nidentity %s\nshard 0 1\nsplit 2048\nseconds 1\n' "$id" >bad.ckpt
run xc "$P" --resume bad.ckpt
expect_stderr <<'EOF2'
dance xc: bad.ckpt: incomplete: a line 'identity', 'shard', 'split', 'seconds' or 'end' is missing
EOF2
run xc "$P" --resume missing.ckpt
expect_exit 2
expect_stderr <<'EOF2'
dance xc: missing.ckpt: cannot open: No such file or directory
EOF2
run xc "$P" --checkpoint no/such/dir/x.ckpt
expect_exit 2
expect_stderr <<'EOF2'
dance xc: no/such/dir/x.ckpt: cannot write: No such file or directory
EOF2
