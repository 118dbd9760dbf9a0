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
