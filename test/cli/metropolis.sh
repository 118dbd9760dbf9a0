# dance gridlock/oneup --method metropolis: fixed seeds reach the exact search's solutions,
# budgets end runs with exit 1 and "complete": false, and bad options are usage errors.

G=$DATA/gridlock
O=$DATA/oneup/7-7-2024.txt

# Gridlock puzzle 1 with seed 1: the solution of Howard's article, in a number of steps a
# seed fixes.
run gridlock "$G/01.txt" --method metropolis --seed 1
expect_exit 0
expect_stderr </dev/null
expect_stdout_has "solved by the Metropolis sampler in 123014 steps (seed 1, T = 1.04)
((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))
8  G G G F F F F F"
expect_stdout_has "sampler: 123014 steps in 1 chain, 7.2% accepted, "
expect_stdout_has "states: 1991401251840 (1.99T), 301 neighbors each"

run gridlock "$G/01.txt" --method metropolis --seed 1 --json
expect_exit 0
mask seconds steps_per_second
expect_stdout <<'JSON'
{
  "file": "$DATA/gridlock/01.txt",
  "method": "metropolis",
  "solved": true,
  "complete": true,
  "stopped_by": null,
  "steps": 123014,
  "accepted": 8896,
  "acceptance": 0.072317,
  "chains": 1,
  "chain_steps": 123014,
  "energy": 0,
  "best_energy": 0,
  "seed": 1,
  "temperature": 1.04,
  "anneal_from": null,
  "max_steps": 1000000000,
  "seconds": "*",
  "steps_per_second": "*",
  "solution": "((2,2,v),(1,1,v),(3,1,h),(6,1,h),(7,3,v),(4,7,h),(1,6,h),(3,3,h))",
  "board": ["GGGFFFFF", "GGGFFFFF", "GGG###EE", "BAHHHHEE", "BAHHHHEE", "BAHHHHEE", "BACC#DDD", "B#CC#DDD"],
  "states": 1991401251840,
  "neighbors": 301
}
JSON

# A step budget too small: no solution, the last state drawn, exit 1; restarts add chains.
run gridlock "$G/77.txt" --method metropolis --seed 3 --max-steps 1000 --restarts 2
expect_exit 1
expect_stdout_has "no solution found: stopped by --max-steps 1000 after 3 chains (seed 3, T = 1.04);
the lowest energy reached was "
expect_stdout_has "A sampler cannot show that there is no solution."
expect_stdout_has "sampler: 3000 steps in 3 chains, "
run gridlock "$G/77.txt" --method metropolis --seed 3 --max-steps 1000 --json
expect_exit 1
expect_json 'd["solved"] is False and d["complete"] is False and d["stopped_by"] == "max-steps"'
expect_json 'd["solution"] is None and d["last_state"].startswith("((") and d["steps"] == 1000'
expect_json 'd["energy"] > 0 and d["energy"] % 2 == 0 and d["best_energy"] <= d["energy"]'

# Annealing, and a survey of several puzzles with one seed.
run gridlock "$G/01.txt" --method metropolis --seed 2 --anneal 2 --max-steps 5e7 --no-board
expect_exit 0
expect_stdout_has "(seed 2, T = 1.04 annealed from 2)"
run gridlock "$G/01.txt" "$G/37.txt" --method metropolis --seed 4 --json
expect_exit 0
expect_json 'd["method"] == "metropolis" and d["count"] == 2 and d["solved"] == 2'
expect_json 'd["complete"] is True and d["steps"] == sum(p["steps"] for p in d["puzzles"])'
expect_json 'all(p["seed"] == 4 for p in d["puzzles"])'

# One Up, 7 July 2024: the unique solution; --svg draws what was found.
run oneup "$O" --method metropolis --seed 1 --svg found.svg
expect_exit 0
expect_stdout_has "solved by the Metropolis sampler in "
expect_stdout_has "(seed 1, T = 0.5)
+---+---+---+---+---+---+---+---+
| 4   3   1   2 | 2   3   1   4 |"
expect_stderr_has "wrote found.svg (the solution)"
run oneup "$O" --method metropolis --seed 1 --json
expect_exit 0
expect_json 'd["solved"] is True and d["grid"][0] == "43122314" and d["grid"][7] == "23416512"'
expect_json 'd["temperature"] == 0.5 and d["energy"] == 0 and d["stopped_by"] is None'
run oneup "$O" --method metropolis --seed 1 --temp 5 --max-steps 20000 --json
expect_exit 1
expect_json 'd["solved"] is False and d["complete"] is False and len(d["last_state"]) == 8'
run oneup "$O" --method metropolis --seed 1 --temp 5 --max-seconds 0.05
expect_exit 1
expect_stdout_has "no solution found: stopped by --max-seconds 0.05 (seed 1, T = 5);"
expect_stdout_has "the last state (energy "

# Bad options: each names what is wrong.
expect_usage_error gridlock "--temp needs a temperature greater than 0, not '-1'" \
  gridlock "$G/01.txt" --method metropolis --temp -1
expect_usage_error gridlock "--temp needs a temperature greater than 0, not '0'" \
  gridlock "$G/01.txt" --method metropolis --temp 0
expect_usage_error oneup "--temp needs a temperature greater than 0, not 'hot'" \
  oneup "$O" --method metropolis --temp hot
expect_usage_error gridlock "--max-steps needs a number from 1 to 18446744073709551615" \
  gridlock "$G/01.txt" --method metropolis --max-steps 0
expect_usage_error oneup "--restarts needs a number from 1 to 1000000" \
  oneup "$O" --method metropolis --restarts 0
expect_usage_error gridlock "--anneal needs a start temperature greater than 0, not '-3'" \
  gridlock "$G/01.txt" --method metropolis --anneal -3
expect_usage_error gridlock "--seed needs a whole number from 0 to 2^64-1, not '1.5'" \
  gridlock "$G/01.txt" --method metropolis --seed 1.5
expect_usage_error gridlock "--method needs dlx or metropolis, not 'annealing'" \
  gridlock "$G/01.txt" --method annealing
expect_usage_error gridlock "--temp needs --method metropolis" gridlock "$G/01.txt" --temp 1
expect_usage_error oneup "--seed needs --method metropolis or --generate" oneup "$O" --seed 1 --method dlx
expect_usage_error gridlock "--verify needs exact search: not with --method metropolis" \
  gridlock "$G/01.txt" --method metropolis --verify '((2,2,v))'
expect_usage_error oneup "--threads needs exact search: not with --method metropolis" \
  oneup "$O" --method metropolis --threads 2

# Progress lines on stderr, every --progress-interval seconds; Ctrl-C ends a run as incomplete.
run oneup "$O" --method metropolis --seed 1 --temp 5 --max-seconds 0.5 --progress \
  --progress-interval 0.1
expect_exit 1
expect_stderr_has "dance oneup: chain 1, "
expect_stderr_has " steps, energy "
check '[ "$(tr "\r" "\n" <"$ERR" | grep -c "dance oneup: chain 1, ")" -ge 3 ]' \
  "at least 3 progress lines in 0.5 s at --progress-interval 0.1"
expect_usage_error oneup "--progress-interval needs --method metropolis" \
  oneup "$O" --progress-interval 0.1
expect_usage_error gridlock "--progress-interval needs --census" \
  gridlock --generate --progress-interval 0.1
expect_usage_error gridlock "--progress-interval needs a number from 0.1 to 3600" \
  gridlock "$G/01.txt" --method metropolis --progress-interval 0.05
if ! sigint_ignored; then
  run_interrupted 0.3 oneup "$O" --method metropolis --seed 1 --temp 5 --json
  expect_exit 1
  expect_json 'd["complete"] is False and d["stopped_by"] == "interrupt" and d["steps"] > 0'
  run_interrupted 0.3 gridlock "$G/01.txt" --method metropolis --seed 1 --temp 50 --no-board
  expect_exit 1
  expect_stdout_has "no solution found: interrupted (seed 1, T = 50);"
fi

# A 1 x 1 board: its one state is its solution, reached in 0 steps.
printf '1\n\n1\n\n0\n' >one.txt
run oneup one.txt --method metropolis --seed 1
expect_exit 0
expect_stdout_has "solved by the Metropolis sampler in 0 steps (seed 1, T = 0.5)"
