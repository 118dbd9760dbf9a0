# Limits say what they stopped at, with the number, and count what was reached.
# A --max-memory too small to store even the start: the start is still reached.
run slide "$DATA/sliding/example_208.txt" --max-memory 1
expect_exit 0
expect_stdout <<'EOF'
at least 1 configuration, reached up to 0 unit steps from the start (stopped by --max-memory 1; the search is incomplete)
EOF
run slide "$DATA/sliding/example_208.txt" --max-memory 1 --json
expect_json 'd["states"] == 1 and d["layers"] == [1] and d["complete"] is False and d["stopped_by"] == "max-memory"'
# --max names its number, in every command that has it.
run cube soma --max 3 --threads 1
expect_stdout <<'EOF'
at least 3 solutions (stopped by --max 3; the search is incomplete)
EOF
run xc "$DATA/xc/pent6x10.dlx" --max 3
expect_stdout <<'EOF'
at least 3 solutions (stopped by --max 3; the search is incomplete)
EOF
