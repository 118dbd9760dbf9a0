# --estimate: Knuth's estimate of the tree instead of a search; queens13 walks 1,681,844 nodes.
# The paths are shared evenly among the root's 13 children, so 20000 become 20007.

run xc "$DATA/xc/queens13.dlx" --estimate 20000 --json
expect_exit 0
expect_json 'abs(d["estimated_nodes"] - 1681844) < 0.1 * 1681844 and 20000 <= d["probes"] < 20013 and 0 < d["standard_error"] < 0.05 * d["estimated_nodes"]'

run xc "$DATA/xc/queens13.dlx" --estimate 100
expect_exit 0
expect_stdout_has 'nodes (standard error '
expect_stdout_has "random paths)"

run xc "$DATA/xc/queens13.dlx" --estimate 0
expect_exit 2
expect_stderr_has '--estimate'
