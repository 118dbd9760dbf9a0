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

# Which code the bitset engine ran: the instruction set, in --stats and the JSON ("isa"), as
# DANCE_BITS_ISA chose it; null on dancing links. (Soma's 11,520 covers: a few milliseconds.)
DANCE_BITS_ISA=generic run xc "$DATA/xc/soma.dlx" --stats --threads 1
expect_exit 0
expect_stdout_has "engine:      bits (Algorithm X on bit vectors, generic code; updates are the parallel split's only)"
DANCE_BITS_ISA=generic run xc "$DATA/xc/soma.dlx" --json --threads 2
expect_exit 0
expect_json 'd["engine"] == "bits" and d["isa"] == "generic" and d["solutions"] == 11520'
run xc "$DATA/xc/soma.dlx" --json --threads 1
expect_exit 0
expect_json 'd["engine"] == "bits" and d["isa"] in ("generic", "popcnt", "avx2", "avx512")'
run xc "$DATA/xc/soma.dlx" --json --threads 1 --engine dlx
expect_exit 0
expect_json 'd["engine"] == "dlx" and d["isa"] is None'
DANCE_BITS_ISA=generic run cube soma --stats --threads 1
expect_exit 0
expect_stdout_has "engine:      bits (generic code)"
