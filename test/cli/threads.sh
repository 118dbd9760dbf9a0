# Threads change the speed, never the count.

# 2339 is what one thread counts (see test_pentomino); one thread is too slow to run here.
run xc "$DATA/xc/pent6x10_sym.dlx" --threads 2 --json
expect_exit 0
expect_json 'd["solutions"] == 2339 and d["complete"] is True and d["threads"] == 2'

run xc "$DATA/xc/queens13.dlx" --threads 1
expect_stdout <<'EOF'
73712 solutions
EOF
run xc "$DATA/xc/queens13.dlx" --threads 2
expect_stdout <<'EOF'
73712 solutions
EOF

# A tiny search on the default threads runs on one (narrow300.dlx: 3,678 nodes, and
# queens8_mcc.dlx: 3,033, both estimated under 20,000), unless threads are asked for.
run xc "$DATA/xc/narrow300.dlx" --json
expect_exit 0
expect_json 'd["solutions"] == 4 and d["threads"] == 1'
run xc "$DATA/xc/queens8_mcc.dlx" --json
expect_exit 0
expect_json 'd["solutions"] == 92 and d["threads"] == 1'
run xc "$DATA/xc/queens8_mcc.dlx" --threads 2 --json
expect_exit 0
expect_json 'd["solutions"] == 92 and d["threads"] == 2'
run xc "$DATA/xc/narrow300.dlx" --memo --json # the same for --memo and --best
expect_exit 0
expect_json 'd["solutions"] == 4 and d["threads"] == 1'
run xc "$DATA/xc/costs.dlx" --best 3 --json
expect_exit 0
expect_json 'd["threads"] == 1'
