# A mistyped long option or command is refused as before, with the one close name it was
# likely meant to be (docs/README.md: one edit away, else begun by what was typed, else two
# edits away for a word of 4 bytes or more; never a guess between two equally close names).

F=$DATA/xc/colortest.dlx
expect_usage_error cube "unknown option '--regoin'; did you mean --region?" cube soma --regoin x
expect_usage_error cube "unknown option '--regoin'; did you mean --region?" cube soma --regoin=x
expect_usage_error xc "unknown option '--thraeds'; did you mean --threads?" xc "$F" --thraeds 2
expect_usage_error xc "unknown option '--progres'; did you mean --progress?" xc "$F" --progres
expect_usage_error xc "unknown option '--ma'; did you mean --max?" xc "$F" --ma 2
expect_usage_error xc "unknown option '--expo'; did you mean --export?" xc "$F" --expo x
expect_usage_error xc "unknown option '--max-m'; did you mean --max-memory?" xc "$F" --max-m 1G
expect_usage_error xc "unknown option '--estimat'; did you mean --estimate?" xc "$F" --estimat
expect_usage_error gridlock "unknown option '--verfy'; did you mean --verify?" gridlock --verfy x
# Two names as close (--progress and --progress-interval from --prog): no guess. Nothing
# close: no guess; nor for short options.
expect_usage_error xc "unknown option '--prog'" xc "$F" --prog
expect_usage_error xc "unknown option '--frobnicate'" xc "$F" --frobnicate
expect_usage_error xc "unknown option '-x'" xc -x "$F"

run cbue soma
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF2'
dance: unknown command 'cbue'; did you mean cube?
Try 'dance --help'.
EOF2

run help gridlok
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF2'
dance: unknown command 'gridlok'; did you mean gridlock?
Try 'dance --help'.
EOF2

run hlep
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF2'
dance: unknown command 'hlep'; did you mean help?
Try 'dance --help'.
EOF2
