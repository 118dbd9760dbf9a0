# --progress reports on stderr, one line per report when stderr is not a terminal.

{
  for i in $(seq 40); do printf 'A%d ' "$i"; done
  printf '\n'
  for i in $(seq 40); do printf 'A%d\nA%d\n' "$i" "$i"; done
} >huge.dlx

# Ended by Ctrl-C after 0.35 s: about three reports.
if ! sigint_ignored; then
  run_interrupted 0.35 xc huge.dlx --threads 1 --progress --progress-interval 0.1
  expect_exit 0
  expect_stdout_has "(interrupted; the search is incomplete)"
  expect_stderr_has "dance xc: "
  expect_stderr_has " nodes/s, ~"
  expect_stderr_has "% done, "
  check '! grep -q "$(printf "\r")" "$ERR"' "progress lines use carriage returns off a terminal"
fi

# -q silences progress.
run xc huge.dlx --threads 1 --max-nodes 1e7 --progress --progress-interval 0.1 -q
expect_exit 0
expect_stderr </dev/null
