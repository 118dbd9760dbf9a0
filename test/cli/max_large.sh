# A limit of many digits is said in full: the message names the limit the run stopped at,
# digit for digit, as the JSON does.

# 10^10 solutions: each of five items is covered by any of its own 100 options.
{
  echo 'I1 I2 I3 I4 I5'
  for i in 1 2 3 4 5; do
    for _ in $(seq 100); do echo "I$i"; done
  done
} >wide.dlx

# --max-nodes is reached only by searching that many nodes, and its phrase outgrew the
# 31 characters it once had from nine digits on: 10^8 nodes, the smallest such limit, is
# the quickest search that shows it. One thread: no threads to start; dancing links, which
# runs at the same speed whatever the instruction set (DANCE_BITS_ISA=generic too).
run xc wide.dlx --max-nodes 100000000 --threads 1 --engine dlx
expect_exit 0
expect_stdout_has " solutions (stopped by --max-nodes 100000000; the search is incomplete)"
expect_stderr </dev/null
