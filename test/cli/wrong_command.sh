# A file given to the wrong command: the parse error first, then a hint naming the command
# whose format the file's first lines clearly have (docs/formats.md). Only certain cases.

# wrong CMD FILE ERROR HINT: dance CMD FILE fails with exactly those two lines.
wrong() {
  run "$1" "$2"
  expect_exit 2
  expect_stdout </dev/null
  printf 'dance %s: %s\ndance %s: %s\n' "$1" "$3" "$1" "$4" | expect_stderr
}

printf '# two dominoes\nbox 2x2x1\n\npiece A\nAA\n\npiece B\nBB\n' >board.txt
printf 'q1 q2 | a\nq1 a\nq2\n' >queens.dlx
printf '2 1 h\n5 1 v\n4 6 h\n' >grid.txt
printf '12    rows\n12\n\n11    columns\n22\n\n1     clues\n1 1 1\n' >oneup.txt
printf '# a layout\nLLa.\nLbc.\n' >layout.txt
printf 'labelled *\n12\n3.\n' >tiles.txt

wrong xc board.txt "board.txt:2:1: unknown item 'box'" \
  "this looks like a piece file: try dance cube board.txt"
wrong gridlock queens.dlx "queens.dlx:1:1: x must be a number 1..8, not 'q1'" \
  "this looks like an exact-cover problem in Knuth's format: try dance xc queens.dlx"
wrong cube queens.dlx \
  "queens.dlx:1:1: expected 'box XxYxZ', 'region', 'piece NAME' or a comment ('#'); a drawing follows its 'piece' or 'region' line without a blank line between" \
  "this looks like an exact-cover problem in Knuth's format: try dance xc queens.dlx"
wrong xc grid.txt "grid.txt:2:1: unknown item '5'" \
  "this looks like a Gridlock puzzle: try dance gridlock grid.txt"
wrong slide oneup.txt "oneup.txt:1:3: a blank inside a row (one character per cell, '.' for an empty one)" \
  "this looks like a One Up puzzle: try dance oneup oneup.txt"
wrong gridlock layout.txt "layout.txt:2:1: x must be a number 1..8, not 'LLa.'" \
  "this looks like a sliding-block layout: try dance slide layout.txt"
wrong oneup tiles.txt "tiles.txt:2:1: row-region line has 2 cells; expected 8 (as many as the first line)" \
  "this looks like a sliding-block layout: try dance slide tiles.txt"

# No hint when the file is of the command's own format, when the format is in doubt (four
# lines 'x y h' are no Gridlock puzzle, and no item line either), when the error comes
# after the third line of data, or for stdin.
printf 'A B | x\nA x\nB Q\n' >unknown.dlx
run xc unknown.dlx
expect_exit 2
expect_stderr <<'EOF2'
dance xc: unknown.dlx:3:3: unknown item 'Q'
EOF2
printf '2 1 h\n5 1 v\n4 6 h\n1 1 h\n' >four.txt
run xc four.txt
expect_exit 2
expect_stderr <<'EOF2'
dance xc: four.txt:2:1: unknown item '5'
EOF2
run --stdin board.txt xc -
expect_exit 2
expect_stderr <<'EOF2'
dance xc: <stdin>:2:1: unknown item 'box'
EOF2
printf '12\n12\n\n11\n22\n\n1\n1 1 1\n' >plain.txt
run slide plain.txt
expect_exit 2
expect_stderr <<'EOF2'
dance slide: plain.txt:7:2: row 5 has 1 cells; the first row has 2
EOF2
