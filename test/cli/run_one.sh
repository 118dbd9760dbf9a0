#!/usr/bin/env bash
# run_one.sh SCRIPT DANCE_BINARY DATA_DIR -- runs one golden test of the dance command line.
#
# The test script is sourced in a fresh empty directory (its own to write in), with
# $DANCE, $DATA and $TMP set and these helpers:
#
#   run [--stdin FILE] ARGS...   runs "$DANCE" ARGS, stdin from FILE (default /dev/null);
#                                keeps its stdout in $OUT, stderr in $ERR, status in $STATUS
#   run_interrupted SECONDS ARGS...  the same, with a Ctrl-C (SIGINT) after SECONDS
#                                (either sets ELAPSED_US: the run's wall time in microseconds)
#   sigint_ignored               true if this shell was started with SIGINT ignored, which
#                                dance then keeps ignoring (test nothing about Ctrl-C then)
#   sigint_untimely              true under ThreadSanitizer (DANCE_TEST_TSAN set), which
#                                delivers a signal to a thread only when it next calls into
#                                libc: a search that makes no such call never sees Ctrl-C
#   expect_exit N                the status of the last run is N
#   expect_stdout <<'EOF'        its stdout is exactly the heredoc
#   expect_stderr <<'EOF'        its stderr is exactly the heredoc
#   expect_stdout_has TEXT       its stdout contains TEXT (a fixed string); also _stderr_
#   expect_file_has FILE TEXT    the same for a file
#   expect_json PYTHON_EXPR      its stdout is one JSON object d for which PYTHON_EXPR holds
#   mask KEY...                  replaces the values of those JSON members in $OUT by "*",
#                                for what varies from run to run (seconds, bytes)
#   check CONDITION MESSAGE      a check of the script's own: fails with MESSAGE unless
#                                the shell command CONDITION succeeds
#   expect_usage_error CMD MESSAGE ARGS...  runs dance ARGS: exit 2, nothing on stdout, and
#                                on stderr exactly "dance CMD: MESSAGE", "Try 'dance CMD --help'."
#
# With DANCE_TEST_TIMES set, each run prints its wall time and command on stderr: the way
# to find what makes a script slow.
#
# In expected output the text $DATA stands for the data directory, so golden output does
# not depend on where the tree is. A failed check prints what differed and the test goes
# on; the script exits 1 if any check failed.
set -u

if [ $# -ne 3 ]; then
  echo "usage: run_one.sh SCRIPT DANCE_BINARY DATA_DIR" >&2
  exit 2
fi
SCRIPT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
NAME=$(basename "$SCRIPT" .sh)
DANCE=$2
DATA=$3
# The help's examples name the example data beside dance (cli_examples_dir): data/ in the
# source tree is printed as this.
EX=$(dirname "$DANCE")/data/
if [ "$NAME" = run_one ]; then # the driver is not a test of its own
  exit 0
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/dance-cli-$NAME.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT
OUT=$TMP/.stdout
ERR=$TMP/.stderr
STATUS=
COMMAND=
# Checks and failures are tallied in a file, not in variables, so that a check run in a
# pipeline (printf ... | expect_stderr), which bash runs in a subshell, still counts.
TALLY=$TMP/.tally
: >"$TALLY"
mkdir "$TMP/work" && cd "$TMP/work" || exit 1
# dance slide's pattern databases go to a folder of the test's own, never the user's cache.
export DANCE_PDB_CACHE="$TMP/pdb-cache"

fail() {
  echo failure >>"$TALLY"
  printf 'FAIL %s: %s\n  after: %s\n' "$NAME" "$1" "$COMMAND" >&2
}

run() {
  local input=/dev/null
  if [ "${1-}" = --stdin ]; then
    input=$2
    shift 2
  fi
  COMMAND="dance $*"
  local start=$EPOCHREALTIME
  "$DANCE" "$@" <"$input" >"$OUT" 2>"$ERR"
  STATUS=$?
  took "$start"
}

# ELAPSED_US: the microseconds since $1 (an $EPOCHREALTIME); with DANCE_TEST_TIMES, printed
# with the command.
took() {
  local now=$EPOCHREALTIME
  ELAPSED_US=$((${now/./} - ${1/./}))
  [ -n "${DANCE_TEST_TIMES:-}" ] || return 0
  printf '%d.%06d s  %s\n' $((ELAPSED_US / 1000000)) $((ELAPSED_US % 1000000)) "$COMMAND" >&2
}

run_interrupted() {
  local seconds=$1
  shift
  COMMAND="dance $* (with SIGINT after $seconds s)"
  # --foreground: one SIGINT to dance alone, as a terminal's Ctrl-C sends one to each process
  # of its group. Without it timeout also signals its own group, and a second SIGINT that
  # reaches another thread of a loaded machine more than a quarter second later counts as a
  # second Ctrl-C and kills (the fresh Debian machine saw exit 130 that way).
  local start=$EPOCHREALTIME
  timeout --foreground --preserve-status -k 10 -s INT "$seconds" "$DANCE" "$@" </dev/null >"$OUT" 2>"$ERR"
  STATUS=$?
  took "$start"
}

sigint_ignored() { grep -q '^SigIgn:.*[2367abef]$' /proc/self/status 2>/dev/null; }
sigint_untimely() { [ -n "${DANCE_TEST_TSAN:-}" ]; }

# Prints file $1 with the data directory written as $DATA, keeping every byte else.
normalize() {
  local text literal='$DATA'
  text=$(cat "$1" && printf x)
  text=${text%x}
  printf '%s' "${text//"$DATA"/"$literal"}"
}

compare() {
  local what=$1 actual=$2
  echo check >>"$TALLY"
  cat >"$TMP/.expected"
  normalize "$actual" >"$TMP/.actual"
  if ! cmp -s "$TMP/.expected" "$TMP/.actual"; then
    fail "$what differs (-expected +actual):"
    diff -u "$TMP/.expected" "$TMP/.actual" | tail -n +3 >&2
  fi
}

expect_stdout() { compare stdout "$OUT"; }
expect_stderr() { compare stderr "$ERR"; }

expect_exit() {
  echo check >>"$TALLY"
  [ "$STATUS" = "$1" ] || fail "exit status $STATUS, expected $1"
}

expect_file_has() {
  echo check >>"$TALLY"
  normalize "$1" | grep -qF -- "$2" || {
    fail "$(basename "$1" | sed 's/^\.//') lacks '$2'; it is:"
    sed 's/^/  | /' "$1" >&2
  }
}
expect_stdout_has() { expect_file_has "$OUT" "$1"; }
expect_stderr_has() { expect_file_has "$ERR" "$1"; }

# expect_json asks one Python process per script (started at the first check; a start of
# Python costs 40-100 ms on a loaded machine, and the scripts make 170 such checks) to read
# $OUT and evaluate the expression there and then, in the script's directory of the moment.
# A request is three NUL-terminated fields (directory, file, expression); the reply is one
# line, empty when the check holds, else the reason with its newlines written as \x01.
json_checker() {
  python3 -S -c '
import json, os, sys
inp, out = sys.stdin.buffer, sys.stdout
def field():
    b = bytearray()
    while True:
        c = inp.read(1)
        if not c:
            sys.exit(0)
        if c == b"\0":
            return b.decode("utf-8")
        b += c
def why(path, expr):
    text = open(path, encoding="utf-8").read()
    try:
        d = json.loads(text)  # one value only: trailing text is an error
    except ValueError as e:
        return "stdout is not one JSON value (%s):\n%s" % (e, text)
    if not isinstance(d, dict):
        return "stdout is JSON but not an object:\n" + text
    try:
        holds = eval(expr, {"d": d})
    except Exception as e:
        return "%s: %s; it is:\n%s" % (type(e).__name__, e, text)
    return "" if holds else "it is:\n" + text
while True:
    where, path, expr = field(), field(), field()
    try:
        os.chdir(where)
        reason = why(path, expr)
    except Exception as e:
        reason = "%s: %s" % (type(e).__name__, e)
    out.write(reason.replace("\n", "\x01") + "\n")
    out.flush()
'
}

expect_json() {
  echo check >>"$TALLY"
  if [ -z "${JSON_CHECKER_PID:-}" ]; then
    coproc JSON_CHECKER { json_checker; }
  fi
  local why=
  if printf '%s\0%s\0%s\0' "$PWD" "$OUT" "$1" >&"${JSON_CHECKER[1]}" &&
    IFS= read -r why <&"${JSON_CHECKER[0]}"; then
    [ -z "$why" ] || fail "JSON check '$1' failed: ${why//$'\x01'/$'\n'}"
  else
    fail "JSON check '$1' could not be run (python3 -S)"
  fi
}

mask() {
  local key
  for key in "$@"; do
    sed -i "s/^\( *\"$key\": \)[^,]*\(,\{0,1\}\)\$/\1\"*\"\2/" "$OUT"
  done
}

check() {
  echo check >>"$TALLY"
  eval "$1" || fail "$2"
}

expect_usage_error() {
  local cmd=$1 message=$2
  shift 2
  run "$@"
  expect_exit 2
  expect_stdout </dev/null
  printf 'dance %s: %s\nTry %s.\n' "$cmd" "$message" "'dance $cmd --help'" | expect_stderr
}

# shellcheck source=/dev/null
. "$SCRIPT"

CHECKS=$(grep -c '^check$' "$TALLY")
if [ "$CHECKS" -eq 0 ]; then
  fail "the script checked nothing"
fi
FAILURES=$(grep -c '^failure$' "$TALLY")
if [ "$FAILURES" -ne 0 ]; then
  echo "$NAME: $FAILURES of $CHECKS checks failed" >&2
  exit 1
fi
echo "$NAME: $CHECKS checks passed"
