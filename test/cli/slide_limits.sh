# dance slide: a search stopped by --max-memory or Ctrl-C reports what it reached, marked
# incomplete; a count so stopped still exits 0, a goal not reached exits 1.

PE=$DATA/sliding/main_2613742.txt

run slide "$PE" --max-memory 4M
expect_exit 0
expect_stderr </dev/null
expect_stdout_has "at least "
expect_stdout_has "(stopped by --max-memory 4M; the search is incomplete)"

run slide "$PE" --max-memory 4M --json
expect_exit 0
expect_json 'd["complete"] is False and d["stopped_by"] == "max-memory"'
expect_json '0 < d["states"] < 2613742 and d["peak_bytes"] <= 4 * 2**20'
expect_json 'sum(d["layers"]) == d["states"] and len(d["layers"]) == d["depth"] + 1'

# Sizes: K, M, G are powers of 1024, 1e6 is 10^6.
run slide "$PE" --max-memory 3000k --json
expect_json 'd["stopped_by"] == "max-memory" and d["peak_bytes"] <= 3000 * 1024'
run slide "$PE" --max-memory 2e6 --json
expect_json 'd["stopped_by"] == "max-memory" and d["peak_bytes"] <= 2000000'

run slide "$PE" --max-memory 4M --goal Q@4,5
expect_exit 1
expect_stdout_has "no solution found in "
expect_stdout_has "(stopped by --max-memory 4M; the search is incomplete)"

run slide "$PE" --max-memory 4M --goal Q@4,5 --json
expect_exit 1
expect_json 'd["complete"] is False and d["stopped_by"] == "max-memory" and d["steps"] is None'
expect_json 'all(s["complete"] is False for s in d["searches"])'

# Progress lines go to stderr, one a line when it is not a terminal.
run slide "$PE" --metric moves --max-memory 32M --progress --progress-interval 0.1
expect_exit 0
expect_stderr_has "dance slide: "
expect_stderr_has " states, depth "

if sigint_ignored; then
  echo "slide_limits: SIGINT is ignored here; skipping the Ctrl-C checks" >&2
else
  run_interrupted 0.2 slide "$PE" --metric moves --json
  expect_exit 0
  expect_json 'd["complete"] is False and d["stopped_by"] == "interrupt"'
  run_interrupted 0.2 slide "$PE" --metric moves
  expect_stdout_has "(interrupted; the search is incomplete)"
fi
