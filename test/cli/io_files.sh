# Files and stdout: one wording for every failure to open, read or write; output files
# written whole (a temporary file renamed into place); partial catalogs marked and caught.
mkdir adir

# ---- catalogs: read errors, marks, the verdicts ---------------------------------------------
# A directory is a read error (exit 2), not "0 solutions".
run cube soma --verify-catalog adir
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance cube: adir: cannot read: Is a directory
EOF
# An empty file is no catalog that checks out.
run cube soma --verify-catalog /dev/null
expect_exit 1
expect_stdout <<'EOF'
/dev/null: no solutions in it
EOF
run cube soma --verify-catalog /dev/null --json
expect_exit 1
expect_json 'd["solutions"] == 0 and d["valid"] is True and d["complete"] is None and d["end"] is None'
run cube soma --verify-catalog nosuch.cat
expect_exit 2
expect_stderr <<'EOF'
dance cube: nosuch.cat: cannot open: No such file or directory
EOF

# A catalog cut short by --max says so in its last line, and the check says it is incomplete.
run cube soma --catalog five.cat --max 5 --threads 1
expect_exit 0
check '[ "$(tail -n 1 five.cat)" = "# incomplete: stopped by --max 5" ]' \
  "a catalog stopped by --max lacks its mark: $(tail -n 1 five.cat)"
check '[ "$(grep -vc "^#" five.cat)" = 5 ]' "the catalog stopped by --max 5 holds no 5 solutions"
run cube soma --verify-catalog five.cat
expect_exit 1
expect_stdout <<'EOF'
five.cat: incomplete: stopped by --max 5: 5 solutions, each a packing of soma, no two equivalent under the 24 rotations of the box
EOF
run cube soma --verify-catalog five.cat --json
expect_json 'd["complete"] is False and d["end"] == "incomplete: stopped by --max 5" and d["valid"] is True'
# The same on stdout: the mark is the catalog's last line, before the count.
run cube soma --catalog - --max 2 --threads 1
expect_exit 0
check '[ "$(sed -n 5p "$OUT")" = "# incomplete: stopped by --max 2" ]' \
  "a catalog on stdout stopped by --max lacks its mark"
expect_stdout_has 'at least 2 solutions (stopped by --max 2; the search is incomplete)'

# A whole catalog ends '# complete: N solutions' and checks out; without that line, or with
# a line missing, it does not.
run cube steinhaus --catalog st.cat --threads 1
expect_exit 0
check '[ "$(tail -n 1 st.cat)" = "# complete: 2 solutions" ]' "a whole catalog lacks its mark"
run cube steinhaus --verify-catalog st.cat
expect_exit 0
expect_stdout <<'EOF'
st.cat: 2 solutions, each a packing of steinhaus, no two equivalent under the 24 rotations of the box
EOF
head -n -1 st.cat >nomark.cat
run cube steinhaus --verify-catalog nomark.cat
expect_exit 1
expect_stdout <<'EOF'
nomark.cat: not known to be complete (no '# complete' line at the end): 2 solutions, each a packing of steinhaus, no two equivalent under the 24 rotations of the box
EOF
# A catalog written elsewhere (no head line of dance's, no mark): its lines are checked, and
# whether it is whole is left to dance cube's own count.
grep -v '^#' st.cat >foreign.cat
run cube steinhaus --verify-catalog foreign.cat
expect_exit 0
expect_stdout <<'EOF'
foreign.cat: 2 solutions, each a packing of steinhaus, no two equivalent under the 24 rotations of the box (written elsewhere: whether it holds every solution is for the count of dance cube to say)
EOF
run cube steinhaus --verify-catalog foreign.cat --json
expect_json 'd["solutions"] == 2 and d["complete"] is None'
awk '!/^#/ && !gone { gone = 1; next } 1' st.cat >short.cat # the first solution left out
run cube steinhaus --verify-catalog short.cat
expect_exit 1
expect_stdout <<'EOF'
short.cat: wrong: the last line says 2 solutions, but the catalog has 1
EOF
# A solution after the mark: the mark is not the end, so completeness is not known.
{ sed -n 1,3p st.cat; tail -n 1 st.cat; sed -n 4p st.cat; } >after.cat
run cube steinhaus --verify-catalog after.cat
expect_exit 1
expect_stdout_has 'after.cat: not known to be complete'

# ---- output files: written whole or not at all -----------------------------------------------
# A catalog that cannot be written names its file.
run cube steinhaus --catalog /dev/full --threads 1
expect_exit 2
expect_stderr <<'EOF'
dance cube: /dev/full: cannot write: No space left on device
EOF
# A folder that does not exist fails before the search, and leaves nothing.
run cube soma --catalog nodir/x.cat
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance cube: nodir/x.cat: cannot write: No such file or directory
EOF
run cube soma --svg /nonexistent/x.svg
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance cube: /nonexistent/x.svg: cannot write: No such file or directory
EOF
# A picture that fails while it is written: the count comes first.
run cube steinhaus --svg /dev/full --threads 1
expect_exit 2
expect_stdout <<'EOF'
2 solutions (48 covers in all)
EOF
# No temporary file is left beside the outputs, and an output keeps the usual mode.
run cube steinhaus --catalog keep.cat --svg keep.svg --threads 1
run cube steinhaus --export keep.dlx
check '[ -z "$(ls -A | grep "^\.")" ]' "temporary files left behind: $(ls -A | grep '^\.')"
touch plain
check '[ "$(stat -c %a keep.cat)" = "$(stat -c %a plain)" ]' \
  "the catalog's mode is not what a new file gets"
# A file written over is replaced whole: the old text is gone.
printf 'old text\n' >over.dlx
run xc "$DATA/xc/colortest.dlx" -q --export over.dlx
expect_exit 0
check '! grep -q "old text" over.dlx && grep -q "^|" over.dlx' "--export did not replace the file"
run xc "$DATA/xc/colortest.dlx" -q --export adir
expect_exit 2
expect_stderr <<'EOF'
dance xc: adir: cannot write: Is a directory
EOF

# ---- stdout ---------------------------------------------------------------------------------
run xc "$DATA/xc/colortest.dlx" -q --export /dev/full
expect_exit 2
expect_stderr <<'EOF'
dance xc: /dev/full: cannot write: No space left on device
EOF
# --export - on a full stdout: said once, in the words for stdout.
"$DANCE" xc "$DATA/xc/pent6x10.dlx" --export - >/dev/full 2>err
status=$?
check '[ $status = 2 ]' "'--export - >/dev/full' exits $status"
check '[ "$(cat err)" = "dance xc: <stdout>: cannot write: No space left on device" ]' \
  "'--export - >/dev/full' says: $(cat err)"
# --print on a full stdout: said once.
"$DANCE" xc "$DATA/xc/pent6x10.dlx" --print --max 200 >/dev/full 2>err
status=$?
check '[ $status = 2 ]' "'xc --print >/dev/full' exits $status"
check '[ "$(cat err)" = "dance xc: <stdout>: cannot write: No space left on device" ]' \
  "'xc --print >/dev/full' says: $(cat err)"
for args in --help help "xc --help" "cube --list" "cube --list --pieces tetrominoes"; do
  # shellcheck disable=SC2086
  "$DANCE" $args >/dev/full 2>err
  status=$?
  check '[ $status = 2 ] && grep -q ": <stdout>: cannot write: No space left on device" err' \
    "'dance $args >/dev/full' exits $status and says: $(cat err)"
done

# ---- inputs: the same words in every command --------------------------------------------------
for cmd in xc cube gridlock oneup slide; do
  run "$cmd" adir
  expect_exit 2
  expect_stderr <<EOF
dance $cmd: adir: cannot read: Is a directory
EOF
done
run cube soma --region adir
expect_exit 2
expect_stderr <<'EOF'
dance cube: adir: cannot read: Is a directory
EOF
