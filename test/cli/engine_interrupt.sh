# Ctrl-C stops a search promptly at any moment, the parallel split included: a chain of
# 100,000 items (option i covers item i alone: the tree never branches) takes seconds to
# search, and the split's trial searches used to restart from the root at every depth
# without looking at the stop flag (a Ctrl-C unheard for a minute, here for hours).

awk 'BEGIN { n = 100000
  for (i = 0; i < n; i++) printf "i%d%s", i, (i < n - 1 ? " " : "\n")
  for (i = 0; i < n; i++) printf "i%d\n", i }' >chain.dlx

if sigint_ignored; then
  echo "engine_interrupt: SIGINT is ignored here; skipping the Ctrl-C checks" >&2
else
  for args in "" "--threads 1" "--threads 2" "--shard 0/2"; do
    # shellcheck disable=SC2086 # the arguments are words
    run_interrupted 0.3 xc chain.dlx $args --json
    expect_exit 1 # no solution found (yet)
    expect_json 'd["complete"] is False and d["stopped_by"] == "interrupt" and d["solutions"] == 0'
    us=$((ELAPSED_US - 300000)) # the Ctrl-C's latency
    took=$(printf '%d.%03d' $((us / 1000000)) $((us % 1000000 / 1000)))
    echo "engine_interrupt: dance xc chain.dlx $args: exit ${took} s after the Ctrl-C"
    # generous: the bound is 0.5 s on an idle machine, this one is shared
    check "[ $us -lt 5000000 ]" "dance xc chain.dlx $args exited ${took} s after the Ctrl-C"
  done

  # Progress is reported while the split runs (it was silent).
  run_interrupted 0.6 xc chain.dlx --threads 2 --progress --progress-interval 0.1
  expect_exit 1
  expect_stdout_has "(interrupted; the search is incomplete)"
  expect_stderr_has "dance xc: "
fi

# A node budget ends the split too.
run xc chain.dlx --threads 2 --max-nodes 1000 --json
expect_exit 1
expect_json 'd["complete"] is False and d["stopped_by"] == "max-nodes" and d["nodes"] >= 1000 and d["nodes"] < 5000'
