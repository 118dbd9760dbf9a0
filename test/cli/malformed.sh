# Malformed input: FILE:LINE:COLUMN: message, exit 2; warnings do not stop the count.

printf 'A B | x\nA x\nB Q\n' >unknown.dlx
run xc unknown.dlx
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance xc: unknown.dlx:3:3: unknown item 'Q'
EOF

printf '| colors on primary items are an error\nA B\n\nA:red B\n' >color.dlx
run xc color.dlx --json
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance xc: color.dlx:4:1: color on primary item 'A'
EOF

: >empty.dlx
run xc empty.dlx
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance xc: empty.dlx:1:1: no item line (expected the primary items)
EOF

# An option without a primary item is skipped with a warning; -q silences it.
printf 'A | x\nx\nA x\n' >warn.dlx
run xc warn.dlx
expect_exit 0
expect_stdout <<'EOF'
1 solution
EOF
expect_stderr <<'EOF'
dance xc: warning: warn.dlx:2:1: option has no primary item; skipped
EOF
run xc warn.dlx -q
expect_exit 0
expect_stderr </dev/null

# Past 20 warnings, the rest are counted, not shown.
{
  printf 'A | x\n'
  for _ in $(seq 25); do printf 'x\n'; done
  printf 'A\n'
} >many.dlx
run xc many.dlx
expect_exit 0
expect_stdout <<'EOF'
1 solution
EOF
expect_stderr_has "dance xc: warning: many.dlx:21:1: option has no primary item; skipped"
expect_stderr_has "dance xc: warning: 5 more warnings not shown"
check '[ "$(wc -l <"$ERR")" -eq 21 ]' "expected 20 warnings and a summary line"
