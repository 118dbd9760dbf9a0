# Ctrl-C ends the search with a partial count, said to be partial; so does --max-nodes.

# 2^40 solutions: item Ai is covered by "Ai" or by "Ai si", for i = 1..40.
{
  for i in $(seq 40); do printf 'A%d ' "$i"; done
  printf '|'
  for i in $(seq 40); do printf ' s%d' "$i"; done
  printf '\n'
  for i in $(seq 40); do printf 'A%d\nA%d s%d\n' "$i" "$i" "$i"; done
} >huge.dlx

if sigint_ignored; then
  echo "interrupt: SIGINT is ignored here; skipping the Ctrl-C checks" >&2
else
  # One thread, under ThreadSanitizer: the search calls nothing that would deliver the signal.
  if ! sigint_untimely; then
    run_interrupted 0.2 xc huge.dlx --threads 1
    expect_exit 0
    expect_stdout_has "(interrupted; the search is incomplete)"
    expect_stdout_has "at least "
    expect_stderr </dev/null
  fi

  # With several threads too; timeout signals the process and its group, and the two
  # signals may land in two threads: they count as one Ctrl-C. (Under ThreadSanitizer the
  # signal lands when a thread hands a solution over, which takes a lock.)
  run_interrupted 0.2 xc huge.dlx --threads 2 --json
  expect_exit 0
  expect_json 'd["complete"] is False and d["stopped_by"] == "interrupt" and d["solutions"] > 0'
fi

run xc huge.dlx --max-nodes 100000 --json
expect_exit 0
expect_json 'd["complete"] is False and d["stopped_by"] == "max-nodes" and d["nodes"] >= 100000'
