# The overview, --version, and the help of dance xc.

# dance --help: the overview on stdout, listing the commands.
run --help
expect_exit 0
expect_stdout_has "Commands:"
expect_stdout_has "  xc       count the exact covers of a problem in Knuth's format"
expect_stdout_has "dance xc ${EX}xc/pent6x10.dlx --threads 2 --stats"
expect_stderr </dev/null
# It tells how to make the man page and the bash completion.
expect_stdout_has "       dance --help | --version | --generate man|bash"
expect_stdout_has "dance --generate man writes the man page dance(1) to stdout, and dance --generate bash"

# dance alone: the same overview, but as a usage error on stderr.
run
expect_exit 2
expect_stdout </dev/null
expect_stderr_has "Commands:"

run --version
expect_exit 0
expect_stdout_has "dance "
expect_stderr </dev/null

# dance help xc is dance xc --help.
run xc --help
expect_exit 0
expect_stderr </dev/null
cp "$OUT" xc_help
run help xc
expect_exit 0
check 'cmp -s xc_help "$OUT"' "'dance help xc' differs from 'dance xc --help'"

# The short help fits a screen: the common options, the others named, three examples, and
# where the rest is.
check '[ "$(wc -l <xc_help)" -le 60 ]' "dance xc --help is $(wc -l <xc_help) lines, more than 60"
expect_file_has xc_help "Common options:"
expect_file_has xc_help "Other options: --engine --max-nodes --catalog --shard --checkpoint"
expect_file_has xc_help "(dance xc --help-all describes every option, the formats and more examples;"
expect_file_has xc_help "Examples:"
for c in cube gridlock oneup slide barflip merge; do
  run "$c" --help
  check '[ "$(wc -l <"$OUT")" -le 60 ]' "dance $c --help is $(wc -l <"$OUT") lines, more than 60"
done

# --help-all teaches the format, every option with its default and range, and examples.
run xc --help-all
expect_exit 0
cp "$OUT" xc_help
expect_file_has xc_help "Usage: dance xc [OPTIONS] FILE"
expect_file_has xc_help "  A B X:red"
for option in --max --first --print --threads --max-nodes --shard --progress \
  --progress-interval --stats --json --export --quiet --help; do
  expect_file_has xc_help "$option"
done
expect_file_has xc_help "(default: 2; from 0.1 to 3600)"
expect_file_has xc_help "(default: all online cores, one for a tiny search; from 1 to 1024)"
expect_file_has xc_help "dance xc ${EX}xc/pent6x10.dlx --threads 2 --stats"
expect_file_has xc_help "dance xc ${EX}xc/queens13.dlx --json"
expect_file_has xc_help "dance xc ${EX}xc/colortest.dlx --print"
