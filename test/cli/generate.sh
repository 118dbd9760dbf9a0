# dance --generate man|bash, made from the option tables: the man page names every command
# and every option that its --help lists, and is roff that man cannot misread; the bash
# completion is valid bash that completes commands, options, their values and piece sets.

run --generate
expect_exit 2
expect_stderr <<'EOF2'
dance: --generate needs man or bash
Try 'dance --help'.
EOF2
expect_usage_error_top() { # MESSAGE ARGS...
  local message=$1
  shift
  run "$@"
  expect_exit 2
  expect_stdout </dev/null
  printf 'dance: %s\nTry %s.\n' "$message" "'dance --help'" | expect_stderr
}
expect_usage_error_top "--generate needs man or bash" --generate html
expect_usage_error_top "unexpected argument 'bash'" --generate man bash
run --generate=bash
expect_exit 0
expect_stdout_has "complete -F _dance dance"

# ---- the man page ----------------------------------------------------------------------

run --generate man
expect_exit 0
expect_stderr </dev/null
cp "$OUT" dance.1
version=$("$DANCE" --version)
check '[ "$(head -n 1 dance.1 | cut -d" " -f1-3)" = ".TH DANCE 1" ]' "the page does not start with .TH DANCE 1"
check 'head -n 1 dance.1 | grep -q " [0-9]\{4\}-[0-9][0-9]-[0-9][0-9] \"$version\" "' \
  "the .TH line lacks the date and '$version': $(head -n 1 dance.1)"
# Every line that starts with '.' or "'" is a request the generator writes: text that
# starts so is protected with \&.
bad=$(grep -n "^[.']" dance.1 | grep -Ev '^[0-9]+:\.(TH|SH|SS) |^[0-9]+:\.(TP|PP|RS|RE|nf|fi)$')
check '[ -z "$bad" ]' "lines that roff would read as requests: $bad"
# After the header every hyphen is \-, and every backslash starts an escape of ours.
check '! tail -n +2 dance.1 | grep -n "[^\\]-\|^-"' "a hyphen not written \\-"
check '! grep -n "\\\\[^-fe&]" dance.1' "a backslash that is no escape of ours"
for section in NAME SYNOPSIS DESCRIPTION COMMANDS '"EXIT STATUS"' ENVIRONMENT FILES EXAMPLES \
  '"SEE ALSO"'; do
  check "grep -qxF '.SH $section' dance.1" "no section $section"
done
# The page as text: the escapes undone.
sed -e 's/\\f[BIR]//g' -e 's/\\-/-/g' -e 's/\\e/\\/g' -e 's/\\&//g' dance.1 >dance.txt
for text in DANCE_PIECES NO_COLOR share/dance/pieces "dance --generate man"; do
  expect_file_has dance.txt "$text"
done
# The page holds every --help and the overview: none of them names a source by a word the
# user has never seen ("the seed", "the issue"); --seed is the random generator's.
check '! grep -n -i -E "the seed([^ ]| [^o])|seed.s |seeds.|the issue" dance.txt' \
  "the help names a source the user cannot know"
expect_file_has dance.txt "Howard's Gridlock article"
expect_file_has dance.txt "Howard's One Up article"

# Every command of the overview has its subsection, with its usage line and every option
# its --help-all lists (long and short name), and the end of its epilogue.
run --help
commands=$(sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p' "$OUT" | grep -vx help)
check '[ "$(echo "$commands" | wc -w)" -ge 6 ]' "the overview lists too few commands"
for c in $commands; do
  awk -v c="$c" '$0 == ".SS \"dance " c "\"" {on = 1; next} /^\.S[SH] / {on = 0} on' dance.1 |
    sed -e 's/\\f[BIR]//g' -e 's/\\-/-/g' -e 's/\\e/\\/g' -e 's/\\&//g' >"section_$c"
  check "[ -s section_$c ]" "the man page has no subsection 'dance $c'"
  run "$c" --help-all
  sed -i "s#$EX#data/#g" "$OUT" # the man page names the example data data/, as the docs do
  usage=$(head -n 1 "$OUT" | sed 's/^Usage: //')
  check 'grep -qxF -- "$usage" "section_$c"' "the subsection of $c lacks its usage '$usage'"
  check "grep -qxF \"\$(tail -n 1 \"\$OUT\" | sed 's/^  //')\" section_$c" \
    "the subsection of $c lacks the last line of its help"
  options=$(sed -n '/^Options:/,/^$/p' "$OUT" | grep -oE '^(  -[a-zA-Z], |      )--[a-z0-9-]+' |
    sed 's/^ *//')
  check '[ "$(echo "$options" | wc -l)" -ge 3 ]' "no options found in 'dance $c --help'"
  while read -r option; do
    check "grep -qE -- '^$option( |\$)' section_$c" "the subsection of $c lacks '$option'"
  done <<<"$options"
done

# ---- the bash completion -----------------------------------------------------------------

run --generate bash
expect_exit 0
expect_stderr </dev/null
cp "$OUT" dance.bash
check 'bash -n dance.bash' "the completion script is not valid bash"

# completes WORD... '=>' EXPECTED...: the completion of the last WORD (the others typed
# before it) is the EXPECTED words, in any order.
completes() {
  local words=() expected=
  while [ "$1" != '=>' ]; do
    words+=("$1")
    shift
  done
  shift
  [ $# -eq 0 ] || expected=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
  local got
  got=$(bash -c '. ./dance.bash; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _dance
    printf "%s\n" "${COMPREPLY[@]}" | sed "/^$/d" | sort | tr "\n" " "' completion "${words[@]}")
  echo check >>"$TALLY"
  [ "$got" = "$expected" ] || fail "completing '${words[*]}' gives '$got', expected '$expected'"
}
completes dance x '=>' xc
completes dance '' '=>' $commands help --help --version --generate -h -V
completes dance cube --re '=>' --recall --reflections --region --restart --restrict --resume
completes dance cube b '=>' bedlam
completes dance cube --restrict '' '=>' auto none
completes dance gridlock --color '' '=>' auto always never
completes dance gridlock --color = a '=>' auto always
completes dance gridlock --color = '=>' auto always never
completes dance oneup --method m '=>' metropolis
completes dance barflip --method '' '=>' gf2 bfs both
completes dance slide --metric '' '=>' steps moves
completes dance xc --threads '' '=>'
completes dance xc -t '' '=>'
completes dance barflip 01 '=>'
completes dance help sl '=>' slide
completes dance --generate '' '=>' man bash
completes dance xc --export dance. '=>' dance.1 dance.bash dance.txt
completes dance gridlock dance.b '=>' dance.bash
# Every option of every --help-all is offered after '--', and -V after '-V'.
for c in $commands; do
  run "$c" --help-all
  completes dance "$c" -- '=>' $(sed -n '/^Options:/,/^$/p' "$OUT" |
    grep -oE '^(  -[a-zA-Z], |      )--[a-z0-9-]+' | grep -oE -e '--[a-z0-9-]+')
  completes dance "$c" -V '=>' -V
done
