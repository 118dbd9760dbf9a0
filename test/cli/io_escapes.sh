# Bytes from an input file never reach the terminal raw: an unprintable byte is named by
# its code ("byte 0x1b"), as every parser does.
printf '1 1 \033[2J\n' >esc.txt
run gridlock esc.txt
expect_exit 2
expect_stderr <<'EOF'
dance gridlock: esc.txt:1:5: bad orientation: byte 0x1b (expected h or v)
EOF
printf '1 \0332 h\n' >esc2.txt
run gridlock esc2.txt
expect_exit 2
expect_stderr <<'EOF'
dance gridlock: esc2.txt:1:3: y must be a number 1..8, not byte 0x1b
EOF
printf '1 2 h \033]0;pwned\007\n' >esc3.txt
run gridlock esc3.txt
expect_exit 2
expect_stderr <<'EOF'
dance gridlock: esc3.txt:1:7: unexpected byte 0x1b after the orientation (a line is 'x y h|v')
EOF
check '! grep -q "$(printf "\033")" "$ERR"' "an escape byte reached stderr"
# Printable text is still quoted as it is.
printf '1 1 q\n' >q.txt
run gridlock q.txt
expect_stderr <<'EOF'
dance gridlock: q.txt:1:5: bad orientation 'q' (expected h or v)
EOF
