# colortest.dlx (Knuth's DLX2 color example) has exactly one solution.

run xc "$DATA/xc/colortest.dlx"
expect_exit 0
expect_stdout <<'EOF'
1 solution
EOF
expect_stderr <<'EOF'
dance xc: warning: $DATA/xc/colortest.dlx:6:1: option has no primary item; skipped
EOF

run xc "$DATA/xc/colortest.dlx" --print -q
expect_exit 0
expect_stdout <<'EOF'
solution 1:
A C X:1 Y:1
B X:1

1 solution
EOF
expect_stderr </dev/null

# --first stops at the first solution: whether there are more is unknown.
run xc "$DATA/xc/colortest.dlx" --first -q
expect_exit 0
expect_stdout <<'EOF'
solution 1:
A C X:1 Y:1
B X:1

at least 1 solution (stopped by --first; the search is incomplete)
EOF
