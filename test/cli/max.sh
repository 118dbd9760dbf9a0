# --max and --max-nodes end the run early: the count is partial and says so.

run xc "$DATA/xc/queens12.dlx" --max 3
expect_exit 0
expect_stdout <<'EOF'
at least 3 solutions (stopped by --max 3; the search is incomplete)
EOF
expect_stderr </dev/null

run xc "$DATA/xc/queens12.dlx" --max 3 --json
expect_exit 0
expect_json 'd["solutions"] == 3 and d["complete"] is False and d["stopped_by"] == "max"'

# A limit above the count changes nothing.
run xc "$DATA/xc/queens12.dlx" --max 20000
expect_exit 0
expect_stdout <<'EOF'
14200 solutions
EOF

run xc "$DATA/xc/queens12.dlx" --max-nodes 2000 --threads 1 --json
expect_exit 0
expect_json 'd["complete"] is False and d["stopped_by"] == "max-nodes"'
run xc "$DATA/xc/queens12.dlx" --max-nodes 2000 --threads 1
expect_stdout_has "(stopped by --max-nodes 2000; the search is incomplete)"

# A budget too small to reach any solution: nothing found, exit 1, still incomplete.
run xc "$DATA/xc/queens12.dlx" --max-nodes 10 --threads 1
expect_exit 1
expect_stdout <<'EOF2'
no solutions found (stopped by --max-nodes 10; the search is incomplete)
EOF2
