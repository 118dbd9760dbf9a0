# Output into a pipe whose reader has left, as `dance xc FILE --print | head -1` leaves it
# once head has its line: every command says once that <stdout> cannot be written and
# exits 2 (docs/README.md, "Files and streams"), as for any stdout that fails, and stops
# there. dance used to die of SIGPIPE without a word (status 141).

# run_closed ARGS...: dance ARGS with stdout a pipe whose reading end was closed before
# dance started (a reader that left early), stdin /dev/null; sets $STATUS and $ERR as run
# does (a death by a signal as a shell gives it: 128 + the signal). Python restores
# SIGPIPE's default action in the child, as a shell leaves it.
run_closed() {
  COMMAND="dance $* (stdout a pipe nobody reads)"
  : >"$OUT"
  python3 -S -c '
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
with open(sys.argv[1], "wb") as err:
    code = subprocess.call(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=w, stderr=err)
sys.exit(code if code >= 0 else 128 - code)
' "$ERR" "$DANCE" "$@"
  STATUS=$?
}

# The pipe as a shell makes it: head takes the first line and leaves, and the solutions
# (1.4 MB of them) cannot all have gone into the pipe before.
"$DANCE" xc "$DATA/xc/pent6x10.dlx" --print 2>"$ERR" | head -1 >"$OUT"
STATUS=${PIPESTATUS[0]}
COMMAND="dance xc \$DATA/xc/pent6x10.dlx --print | head -1"
expect_exit 2
expect_stdout <<'OUT'
solution 1:
OUT
expect_stderr <<'ERR'
dance xc: <stdout>: cannot write: Broken pipe
ERR

# Each command that prints, its solutions, counts, JSON or help.
for args in "xc $DATA/xc/pent6x10.dlx --print" "xc $DATA/xc/langford11.dlx" \
  "xc $DATA/xc/langford11.dlx --memo --json" "xc $DATA/xc/soma.dlx --catalog -" \
  "cube soma" "cube pentominoes --box 10x6 --print --threads 1" \
  "gridlock $DATA/gridlock/01.txt" "gridlock $DATA/gridlock/01.txt --json" \
  "oneup $DATA/oneup/7-7-2024.txt --print" \
  "slide $DATA/sliding/main_2613742.txt --goal Q@1,5 --boards" "barflip 0110/1001/1001/0110" \
  "merge $DATA/merge/soma-part0.json $DATA/merge/soma-part1.json $DATA/merge/soma-part2.json" \
  "xc --help"; do
  # shellcheck disable=SC2086 # the arguments are words
  run_closed $args
  expect_exit 2
  printf 'dance %s: <stdout>: cannot write: Broken pipe\n' "${args%% *}" | expect_stderr
done
run_closed --version
expect_exit 2
expect_stderr <<'ERR'
dance: <stdout>: cannot write: Broken pipe
ERR
