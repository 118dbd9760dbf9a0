# FILE '-' reads stdin.

run --stdin "$DATA/xc/queens12.dlx" xc -
expect_exit 0
expect_stdout <<'EOF'
14200 solutions
EOF

run --stdin "$DATA/xc/colortest.dlx" xc - --print
expect_exit 0
expect_stdout <<'EOF'
solution 1:
A C X:1 Y:1
B X:1

1 solution
EOF
expect_stderr <<'EOF'
dance xc: warning: <stdin>:6:1: option has no primary item; skipped
EOF

run --stdin "$DATA/xc/queens12.dlx" xc - --json
expect_json 'd["file"] == "-" and d["solutions"] == 14200'
