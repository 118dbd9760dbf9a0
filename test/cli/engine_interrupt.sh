# Ctrl-C stops a search promptly at any moment, the parallel split included. A comb: items
# x0..x19999 and a secondary w; x_i has the options {x_i w} and {x_i x_i+1}. Taking {x_i w}
# leaves a chain of forced pairs that dies at its end for even i, and the one solution is
# the last path: a tree 20,000 levels deep with 50 million nodes, whose split replays
# thousands of long paths, each with a dear cover of w (work that polls, and reports
# progress, as the search's own does). A chain of items of one option each no longer serves:
# the item choice stops at the first item of one option, so a chain ends before its Ctrl-C
# (bench/RESULTS.md, "Chains of 10^6 items"). The split's trial searches used to restart
# from the root at every depth without looking at the stop flag, so a Ctrl-C went unheard.

awk 'BEGIN { n = 20000
  for (i = 0; i < n; i++) printf "x%d ", i; print "| w"
  for (i = 0; i < n; i++) { printf "x%d w\n", i; if (i < n - 1) printf "x%d x%d\n", i, i + 1 } }' >chain.dlx

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
