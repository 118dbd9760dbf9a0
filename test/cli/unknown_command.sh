# Unknown commands and top-level options are usage errors.

run frobnicate data.dlx
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance: unknown command 'frobnicate'
Try 'dance --help'.
EOF

run help frobnicate
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance: unknown command 'frobnicate'
Try 'dance --help'.
EOF

run --frobnicate
expect_exit 2
expect_stdout </dev/null
expect_stderr <<'EOF'
dance: unknown option '--frobnicate'
Try 'dance --help'.
EOF
