# --estimate: Knuth's estimate of the tree instead of a search; queens13 walks 1,681,844 nodes.

run xc "$DATA/xc/queens13.dlx" --estimate 20000 --json
expect_exit 0
expect_json 'abs(d["estimated_nodes"] - 1681844) < 0.1 * 1681844 and d["probes"] == 20000 and 0 < d["standard_error"] < 0.05 * d["estimated_nodes"]'

run xc "$DATA/xc/queens13.dlx" --estimate 100
expect_exit 0
expect_stdout_has 'nodes (standard error '
expect_stdout_has 'from 100 random paths)'

run xc "$DATA/xc/queens13.dlx" --estimate 0
expect_exit 2
expect_stderr_has '--estimate'
