# --version and -V: every command prints what `dance --version` prints, before it looks at
# anything else, and lists both in its --help; the shared start also catches a failed
# write of the help or the version.

run --version
expect_exit 0
expect_stderr </dev/null
cp "$OUT" version
check 'grep -qx "dance [0-9][0-9.]*" version' "dance --version is not 'dance VERSION'"
run -V
expect_exit 0
check 'cmp -s version "$OUT"' "'dance -V' differs from 'dance --version'"

# Every command of the overview.
run --help
commands=$(sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p' "$OUT" | grep -vx help)
check '[ "$(echo "$commands" | wc -w)" -ge 6 ]' "the overview lists too few commands: $commands"
for c in $commands; do
  for flag in --version -V; do
    run "$c" "$flag"
    expect_exit 0
    expect_stderr </dev/null
    check 'cmp -s version "$OUT"' "'dance $c $flag' differs from 'dance --version'"
  done
  # Before any argument or option is checked, as --help.
  run "$c" no-such-file.txt extra-argument --version
  expect_exit 0
  check 'cmp -s version "$OUT"' "'dance $c ARGS --version' differs from 'dance --version'"
  run "$c" --help-all
  expect_exit 0
  expect_stdout_has "  -h, --help              show the common options and examples, and exit"
  expect_stdout_has "  -V, --version           print the version of dance and exit"
  # --help comes first when both are given.
  run "$c" --help
  expect_exit 0
  expect_stdout_has "  -h, --help              show the common options and examples, and exit"
  cp "$OUT" help
  run "$c" --version --help
  check 'cmp -s help "$OUT"' "'dance $c --version --help' is not the help"
  # A --version nobody sees fails: stdout is full.
  "$DANCE" "$c" --version >/dev/full 2>err
  status=$?
  check '[ $status = 2 ]' "'dance $c --version >/dev/full' does not fail"
  check 'grep -qx "dance $c: <stdout>: cannot write: No space left on device" err' \
    "'dance $c --version >/dev/full' does not say why it failed: $(cat err)"
done

"$DANCE" xc --help >/dev/full 2>err
status=$?
check '[ $status = 2 ]' "'dance xc --help >/dev/full' does not fail"
check 'grep -qx "dance xc: <stdout>: cannot write: No space left on device" err' \
  "'dance xc --help >/dev/full' does not say why it failed: $(cat err)"
"$DANCE" --version >/dev/full 2>err
status=$?
check '[ $status = 2 ]' "'dance --version >/dev/full' does not fail"
check 'grep -qx "dance: <stdout>: cannot write: No space left on device" err' \
  "'dance --version >/dev/full' does not say why it failed: $(cat err)"
