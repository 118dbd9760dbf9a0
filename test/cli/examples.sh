# Every example under "Examples:" in dance --help and in each dance CMD --help and --help-all runs as
# printed from the top of the source tree: one line, "  dance " and plain arguments (no
# shell syntax), exit status 0 or 1. Run here with data/ linked into the scratch folder.

ln -s "$DATA" data
run --help
commands=$(sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p' "$OUT" | grep -vx help)
: >examples
for c in "" $commands; do
  "$DANCE" $c --help | awk '/^Examples:$/ {on = 1; next} /^$/ {on = 0} on' >>examples
  [ -z "$c" ] || "$DANCE" $c --help-all | awk '/^Examples:$/ {on = 1; next} /^$/ {on = 0} on' >>examples
done
awk '!seen[$0]++' examples >unique && mv unique examples # the overview repeats some
check '[ "$(wc -l <examples)" -ge 20 ]' "too few examples found: $(cat examples)"
while IFS= read -r line; do
  echo check >>"$TALLY"
  case $line in
  "  dance "*) ;;
  *) fail "an example that does not start with '  dance ': '$line'" ;;
  esac
  case $line in
  *[\'\"\\\$\*\?\[\]\;\&\|\<\>\#\(\)\{\}\`~]*) fail "an example with shell syntax: '$line'" ;;
  esac
  read -ra words <<<"$line"
  case $line in
  "  dance cube bedlam"*) continue ;; # 14 s on 2 threads: Bedlam is counted by test_cube_long
  esac
  run "${words[@]:1}"
  echo check >>"$TALLY"
  [ "$STATUS" = 0 ] || [ "$STATUS" = 1 ] || fail "the example '$line' exits $STATUS: $(cat "$ERR")"
done <examples
