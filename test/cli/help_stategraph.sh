# The overview lists slide and barflip; their help teaches the format, every option with
# its default, the output and examples, and `dance help NAME` is `dance NAME --help`.

run --help
expect_exit 0
expect_stdout_has "  slide    count a sliding-block puzzle's configurations, or solve it"
expect_stdout_has "  barflip  turn every bar of a bar-flip board vertical, in the fewest turns"
expect_stdout_has "dance slide ${EX}sliding/main_2613742.txt --goal Q@1,5"

for name in slide barflip; do
  run "$name" --help
  expect_exit 0
  expect_stderr </dev/null
  cp "$OUT" "${name}_help"
  run help "$name"
  check "cmp -s ${name}_help \"\$OUT\"" "'dance help $name' differs from 'dance $name --help'"
  run "$name" --help-all
  cp "$OUT" "${name}_help"
  for option in --max-memory --progress --progress-interval --json --quiet --help --stats; do
    expect_file_has "${name}_help" "$option"
  done
  expect_file_has "${name}_help" "(default: half the RAM)"
  expect_file_has "${name}_help" "Exit status: 0 "
done

for option in --goal --metric --boards --layers; do
  expect_file_has slide_help "$option"
done
expect_file_has slide_help "Usage: dance slide [OPTIONS] FILE"
expect_file_has slide_help "(default: steps; with --goal both)"
expect_file_has slide_help "  LLa."
expect_file_has slide_help "  208 configurations, at most 26 unit steps from the start"
expect_file_has slide_help "dance slide ${EX}sliding/example_208.txt --goal L@2,3 --boards"

for option in --method --survey; do
  expect_file_has barflip_help "$option"
done
expect_file_has barflip_help "(default: gf2)"
expect_file_has barflip_help "  9 presses: 1,1 1,4 2,1 2,3 2,4 3,1 3,2 3,3 3,4"
expect_file_has barflip_help "dance barflip --survey 4x4"

# The examples in the help do what they say.
run slide "$DATA/sliding/example_208.txt"
check 'grep -qF "$(cat "$OUT")" slide_help' "the count in slide's help is not the real one"
run slide "$DATA/sliding/example_208.txt" --goal L@2,3 --metric moves
check 'grep -qF "$(head -n 2 "$OUT" | tail -n 1)" slide_help' "slide's help shows another first move"
run barflip 1011/0110/1101/0010
check 'grep -qF "$(cat "$OUT")" barflip_help' "the solution in barflip's help is not the real one"
