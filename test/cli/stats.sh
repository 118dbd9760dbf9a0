# --stats: the statistics and the matrix size go to stdout after the count.

run xc "$DATA/xc/queens12.dlx" --stats --threads 1
expect_exit 0
expect_stderr </dev/null
check '[ "$(head -n 1 "$OUT")" = "14200 solutions" ]' "the count is not the first line"
expect_stdout_has "nodes:       "
expect_stdout_has "updates:     "
expect_stdout_has " per node"
expect_stdout_has "nodes/s:     "
expect_stdout_has "bytes:       "
expect_stdout_has "threads:     1"
expect_stdout_has "seconds:     "
expect_stdout_has "matrix:      66 items (24 primary, 42 secondary), 144 options, 572 nodes"
