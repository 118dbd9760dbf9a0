# Split, run, merge through the engines people use: GNU parallel (a failed part rerun with
# --resume-failed, the others not), a Slurm job array (its script run with the variables
# Slurm sets), and the counts of one whole run at the end.
P=$DATA/xc/pent6x10.dlx
ROOT=$(cd "$DATA/.." && pwd)

# GNU parallel: 8 parts, the fourth failing once (a stand-in for a lost machine).
if command -v parallel >/dev/null; then
  mkdir parts
  cat >part.sh <<EOF2
#!/usr/bin/env bash
# part.sh K: part K of 8; part 3 fails the first time
if [ "\$1" = 3 ] && [ ! -e failed-once ]; then touch failed-once; exit 1; fi
"$DANCE" xc "$P" --threads 1 --shard "\$1/8" --json >parts/\$1.json
EOF2
  chmod +x part.sh
  parallel --will-cite --joblog jobs.log -j 2 ./part.sh {} ::: 0 1 2 3 4 5 6 7 2>/dev/null
  status=$?
  check "[ $status -eq 1 ]" "parallel exits $status, not 1 for the one failed part"
  run merge parts/*.json
  expect_exit 2
  printf 'dance merge: part 3 of 8 of problem %s is missing\n' \
    "$(sed -n 's/.*"identity": "\(.*\)".*/\1/p' parts/0.json)" | expect_stderr
  parallel --will-cite --resume-failed --joblog jobs.log -j 2 ./part.sh {} ::: 0 1 2 3 4 5 6 7
  status=$?
  check "[ $status -eq 0 ]" "parallel --resume-failed exits $status"
  # The log: each part once, and part 3 twice (failed, then done).
  check "[ \$(awk 'NR > 1 && \$(NF - 1) == \"./part.sh\" && \$NF == 3' jobs.log | wc -l) -eq 2 ]" "part 3 did not run twice: $(cat jobs.log)"
  check "[ \$(awk 'NR > 1' jobs.log | wc -l) -eq 9 ]" "not 9 jobs in the log: $(cat jobs.log)"
  run merge parts/*.json --json
  expect_exit 0
  expect_json 'd["solutions"] == 9356 and d["nodes"] == 3637261 and d["parts"] == 8'
else
  echo "split: GNU parallel is not installed (Debian: parallel); skipping its checks" >&2
fi

# Slurm: the array script, run as Slurm would run its 4 tasks; a task run again goes on
# from its checkpoint (here: finds every piece done).
for k in 0 1 2 3; do
  SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_COUNT=4 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=3 \
    SLURM_CPUS_PER_TASK=2 DANCE=$DANCE DANCE_PARTS=slurm \
    bash "$ROOT/docs/examples/slurm-parts.sh" xc "$P" 2>slurm.err
  status=$?
  check "[ $status -eq 0 ]" "slurm-parts.sh task $k exits $status: $(cat slurm.err)"
done
check "[ -e slurm/2.ckpt ] && [ ! -e slurm/2.json.tmp ]" "slurm/ does not hold the checkpoints, or holds a temporary file"
rm slurm/2.json
SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_COUNT=4 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=3 \
  DANCE=$DANCE DANCE_PARTS=slurm bash "$ROOT/docs/examples/slurm-parts.sh" xc "$P"
check "grep -q '\"resumed\"' slurm/2.json" "task 2 run again did not resume"
run merge slurm/0.json slurm/1.json slurm/2.json slurm/3.json --json
expect_exit 0
expect_json 'd["solutions"] == 9356 and d["nodes"] == 3637261 and d["parts"] == 4'
# A task outside 0..N-1, and one run by hand.
SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=2 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=2 \
  bash "$ROOT/docs/examples/slurm-parts.sh" xc "$P" 2>slurm.err
status=$?
check "[ $status -eq 2 ] && grep -q 'the array must be 0-1' slurm.err" "a 1-2 array is not refused: $status $(cat slurm.err)"
env -u SLURM_ARRAY_TASK_ID bash "$ROOT/docs/examples/slurm-parts.sh" xc "$P" 2>slurm.err
status=$?
check "[ $status -ne 0 ] && grep -q 'not a task of a Slurm job array' slurm.err" "a run outside Slurm is not refused: $status $(cat slurm.err)"

# Queens, Langford pairs, the Soma cube and the pentominoes, each split in 6 parts run
# through GNU parallel and through the Slurm script: merged, the counts of one whole run
# (solutions, covers where a puzzle has symmetries, nodes).
same_as_whole() { # NAME DANCE-ARGS...: the parts in parts-NAME/ and slurm-NAME/
  local name=$1
  shift
  run "$@" --json
  expect_exit 0
  cp "$OUT" "whole-$name.json"
  local want="d['solutions'] == w['solutions'] and d['nodes'] == w['nodes'] and d.get('total') == w.get('total') and d['parts'] == 6 and d['identity'] == w['identity']"
  if command -v parallel >/dev/null; then
    mkdir "parts-$name"
    parallel --will-cite -j 2 "$DANCE" "$@" --threads 1 --shard {}/6 --json '>' "parts-$name/{}.json" ::: 0 1 2 3 4 5
    check "[ $? -eq 0 ]" "$name: a part failed under parallel"
    run merge "parts-$name"/*.json --json
    expect_exit 0
    expect_json "(lambda w: $want)(__import__('json').load(open('whole-$name.json')))"
  fi
  for k in 0 1 2 3 4 5; do
    SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_COUNT=6 DANCE=$DANCE DANCE_PARTS="slurm-$name" \
      bash "$ROOT/docs/examples/slurm-parts.sh" "$@" 2>slurm.err
    check "[ $? -eq 0 ]" "$name: slurm-parts.sh task $k: $(cat slurm.err)"
  done
  run merge "slurm-$name"/?.json --json
  expect_exit 0
  expect_json "(lambda w: $want)(__import__('json').load(open('whole-$name.json')))"
}
same_as_whole queens xc "$DATA/xc/queens12.dlx"
same_as_whole langford xc "$DATA/xc/langford11.dlx"
same_as_whole soma cube soma
same_as_whole pentominoes cube pentominoes --box 10x6
