# Usage errors of dance xc: the message, the hint, exit status 2 and nothing on stdout.

# usage_error MESSAGE ARGS...: dance ARGS fails with "dance xc: MESSAGE" and the hint.
usage_error() {
  local message=$1
  shift
  run "$@"
  expect_exit 2
  expect_stdout </dev/null
  printf 'dance xc: %s\nTry %s.\n' "$message" "'dance xc --help'" | expect_stderr
}

F=$DATA/xc/colortest.dlx
usage_error "missing FILE (use '-' to read stdin)" xc
usage_error "missing FILE (use '-' to read stdin)" xc --max 3
usage_error "unexpected argument 'other.dlx'" xc "$F" other.dlx
usage_error "unknown option '--foo'" xc "$F" --foo
usage_error "unknown option '--foo'" xc --foo=3 "$F"
usage_error "unknown option '-x'" xc -x "$F"
usage_error "--max needs a number from 1 to 18446744073709551615" xc "$F" --max 0
usage_error "--max needs a number from 1 to 18446744073709551615" xc "$F" --max=0
usage_error "--max needs a number from 1 to 18446744073709551615" xc "$F" --max -3
usage_error "--max needs a number from 1 to 18446744073709551615" xc "$F" --max 12x
usage_error "--max needs a number from 1 to 18446744073709551615" xc "$F" --max 18446744073709551616
usage_error "--max needs a number from 1 to 18446744073709551615" xc "$F" --max
usage_error "--threads needs a number from 1 to 1024" xc "$F" --threads 0
usage_error "--threads needs a number from 1 to 1024" xc "$F" -t 2000
usage_error "--max-nodes needs a number from 1 to 18446744073709551615" xc "$F" --max-nodes 1e20
usage_error "--progress-interval needs a number from 0.1 to 3600" xc "$F" --progress-interval 0
usage_error "--progress-interval needs a number from 0.1 to 3600" xc "$F" --progress-interval=nan
usage_error "--shard needs K/N with 0 <= K < N and N from 1 to 1000000" xc "$F" --shard 2/2
usage_error "--shard needs K/N with 0 <= K < N and N from 1 to 1000000" xc "$F" --shard 1
usage_error "--export needs an argument (FILE)" xc "$F" --export
usage_error "--print takes no argument" xc "$F" --print=yes
usage_error "--first and --max exclude each other" xc "$F" --first --max 2
usage_error "--export - and --json both want stdout" xc "$F" --export - --json

# Both spellings of a valued option work, and "--" ends the options.
run xc --max=1 -q -- "$F"
expect_exit 0
expect_stdout <<'EOF'
at least 1 solution (stopped by --max 1; the search is incomplete)
EOF
run xc --max-nodes 1e3 -q "$F"
expect_exit 0
expect_stdout <<'EOF'
1 solution
EOF
