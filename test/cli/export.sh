# --export writes the matrix in Knuth's format without solving; the round trip keeps the count.

run xc "$DATA/xc/colortest.dlx" --export - -q
expect_exit 0
expect_stdout <<'EOF'
| exported by dance xc from $DATA/xc/colortest.dlx
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
B X:1
C Y:1
EOF

run xc "$DATA/xc/soma.dlx" --export -
expect_exit 0
expect_stderr </dev/null
cp "$OUT" soma.dlx
run xc soma.dlx
expect_exit 0
expect_stdout <<'EOF'
11520 solutions
EOF

# To a file: nothing on stdout, a note on stderr.
run xc "$DATA/xc/queens12.dlx" --export q12.dlx
expect_exit 0
expect_stdout </dev/null
expect_stderr <<'EOF'
dance xc: wrote 66 items and 144 options to q12.dlx
EOF
run xc q12.dlx --json --export again.dlx
expect_exit 0
expect_json 'd["exported"] == "again.dlx" and d["options"] == 144'
check 'cmp -s <(tail -n +2 q12.dlx) <(tail -n +2 again.dlx)' \
  "exporting an exported file changed more than its first comment line"
run xc q12.dlx
expect_stdout <<'EOF'
14200 solutions
EOF

run xc "$DATA/xc/colortest.dlx" --export nodir/x.dlx
expect_exit 2
expect_stderr_has "dance xc: nodir/x.dlx: cannot write: No such file or directory"
