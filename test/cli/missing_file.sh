# A file that cannot be opened: one message naming it, exit 2, nothing on stdout.

run xc nosuch.dlx
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance xc: nosuch.dlx: cannot open: No such file or directory
EOF

# Also in JSON mode: an error prints no JSON object.
run xc nosuch.dlx --json
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance xc: nosuch.dlx: cannot open: No such file or directory
EOF
