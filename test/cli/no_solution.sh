# A problem without a solution: "no solutions", exit 1.

printf '| A C and B C both cover C: no way to cover A, B, C\nA B C\nA C\nB C\n' >none.dlx
run xc none.dlx
expect_exit 1
expect_stdout <<'EOF'
no solutions
EOF
expect_stderr </dev/null

run xc none.dlx --print
expect_exit 1
expect_stdout <<'EOF'
no solutions
EOF

run xc none.dlx --json --print
expect_exit 1
expect_json 'd["solutions"] == 0 and d["complete"] is True and d["printed"] == []'

# Dominoes cannot tile a 7x7 board (49 cells): a tree of some 10^5 nodes without a solution.
{
  for r in 0 1 2 3 4 5 6; do for c in 0 1 2 3 4 5 6; do printf 'c%d%d ' $r $c; done; done
  printf '\n'
  for r in 0 1 2 3 4 5 6; do
    for c in 0 1 2 3 4 5 6; do
      if [ $c -lt 6 ]; then printf 'c%d%d c%d%d\n' $r $c $r $((c + 1)); fi
      if [ $r -lt 6 ]; then printf 'c%d%d c%d%d\n' $r $c $((r + 1)) $c; fi
    done
  done
} >dominoes7.dlx
run xc dominoes7.dlx
expect_exit 1
expect_stdout <<'EOF'
no solutions
EOF

# Stopped before the end with nothing found: exit 1 too, and the count is not final.
run xc dominoes7.dlx --max-nodes 10000 --threads 1
expect_exit 1
expect_stdout <<'EOF'
no solutions found (stopped by --max-nodes 10000; the search is incomplete)
EOF
run xc dominoes7.dlx --max-nodes 10000 --threads 1 --json
expect_exit 1
expect_json 'd["solutions"] == 0 and d["complete"] is False and d["stopped_by"] == "max-nodes"'

# Where the reason is cheap and certain, it is said: primary items that no option covers,
# named on stderr and in the JSON's "diagnosis" (null where there is none, as above).
run xc none.dlx --json
expect_json 'd["diagnosis"] is None'
printf 'A B C D\nA B\nB\n' >uncovered.dlx
run xc uncovered.dlx
expect_exit 1
expect_stdout <<'EOF'
no solutions
EOF
expect_stderr <<'EOF'
dance xc: no option covers the primary items C, D: no solution can exist
EOF
run xc uncovered.dlx --json
expect_exit 1
expect_json 'd["diagnosis"] == "no option covers the primary items C, D"'
run xc uncovered.dlx -q
expect_stderr </dev/null
