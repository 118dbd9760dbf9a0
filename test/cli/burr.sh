# dance burr: the assemblies of BurrTools puzzle files, as text, drawn, as JSON; gzip and
# plain XML alike; dance cube's piece files; limits and Ctrl-C.

run burr "$DATA/burr/two-bars.xmpuzzle"
expect_exit 0
expect_stdout <<<"problem 1 (block): 1 assembly"
expect_stderr </dev/null

# The same puzzle unzipped, and from stdin: the same count.
gzip -dc "$DATA/burr/two-bars.xmpuzzle" >plain.xmpuzzle
run burr plain.xmpuzzle
expect_stdout <<<"problem 1 (block): 1 assembly"
run --stdin plain.xmpuzzle burr -
expect_stdout <<<"problem 1 (block): 1 assembly"

# Each assembly drawn: layers side by side, top first; a letter per piece in the problem's
# order, '+' for a variable voxel left empty.
run burr "$DATA/burr/three-piece.xmpuzzle" --print -t 1
expect_exit 0
expect_stdout <<'EOF2'
assembly 1 of problem 1:
BBC  ACC
BBC  AAA

assembly 1 of problem 2:
BBCD  ABDD
BCCC  AAAD

problem 1 (3 x 2 x 2): 1 assembly
problem 2 (4 x 2 x 2): 1 assembly
EOF2
run burr "$DATA/burr/variable.xmpuzzle" --problem 2 --print -t 1
expect_stdout <<'EOF2'
assembly 1 of problem 2:
DD+
CCB
AAB

assembly 2 of problem 2:
CD+
CDB
AAB

problem 2 (dominoes): 2 assemblies
EOF2

# Every problem of a file; mirror pairs and ranges; colour constraints.
run burr "$DATA/burr/ranges.xmpuzzle" -t 2
expect_stdout <<'EOF2'
problem 1 (ranges): 15 assemblies
problem 2 (one pair): 1 assembly
problem 3 (a left one): 11 assemblies
EOF2
run burr "$DATA/burr/colours.xmpuzzle" --json -t 1
expect_exit 0
expect_json 'd["assemblies"] == 15 and d["complete"] is True and d["stopped_by"] is None and [(p["problem"], p["name"], p["assemblies"], p["covers"], p["rotations"], p["reflections"], p["mirror_check"], p["complete"]) for p in d["problems"]] == [(1, "red and black", 4, 4, 2, 2, True, True), (2, "plain", 11, 13, 2, 2, True, True)]'
run burr "$DATA/burr/variable.xmpuzzle" --problem 1 --json
expect_json 'd["assemblies"] == 3 and len(d["problems"]) == 1 and d["problems"][0]["problem"] == 1'

# dance cube's piece files: Soma's 240, mirror images counted once as BurrTools counts them.
run burr "$DATA/../cube_pieces/soma.txt"
expect_stdout <<<"problem 1: 240 assemblies"

# No assembly: exit 1.
cat >none.xmpuzzle <<'EOF2'
<?xml version="1.0"?>
<puzzle version="2">
  <shapes>
    <voxel x="3" y="2" z="1" type="0">####__</voxel>
    <voxel x="3" y="2" z="1" type="0">###_#_</voxel>
    <voxel x="2" y="2" z="2" type="0">##_#___#</voxel>
    <voxel x="3" y="2" z="2" type="0">############</voxel>
  </shapes>
  <problems>
    <problem name="L, T and screw"><shapes><shape id="0"/><shape id="1"/><shape id="2"/></shapes><result id="3"/></problem>
  </problems>
</puzzle>
EOF2
run burr none.xmpuzzle
expect_exit 1
expect_stdout <<<"problem 1 (L, T and screw): no assemblies"
expect_stderr </dev/null

# A limit: each problem stops after N assemblies, said to be incomplete.
run burr "$DATA/burr/ranges.xmpuzzle" --max 1 -t 1
expect_exit 0
expect_stdout <<'EOF2'
problem 1 (ranges): at least 1 assembly (stopped by --max 1; the search is incomplete)
problem 2 (one pair): at least 1 assembly (stopped by --max 1; the search is incomplete)
problem 3 (a left one): at least 1 assembly (stopped by --max 1; the search is incomplete)
EOF2
run burr "$DATA/burr/ranges.xmpuzzle" --max 2 --json
expect_json 'd["complete"] is False and d["stopped_by"] == "max" and d["assemblies"] == 5'

# Ctrl-C: the count so far, "complete": false.
if sigint_ignored; then
  echo "burr: SIGINT is ignored here; skipping the Ctrl-C checks" >&2
elif ! sigint_untimely; then
  run_interrupted 0.2 burr "$DATA/../cube_pieces/bedlam.txt" --json -t 2
  check '[ "$STATUS" -le 1 ]' "exit 0 or 1 (whether an assembly was found in time)"
  expect_json 'd["complete"] is False and d["stopped_by"] == "interrupt" and d["problems"][0]["complete"] is False'
fi

# --disassemble: each assembly taken apart as burrTxt -d does (data/burr/README.md gives
# burrTxt's counts and levels for these files): how many come apart, how many at each first
# level, the highest level string.
run burr -d "$DATA/burr/two-bars.xmpuzzle"
expect_exit 0
expect_stdout <<'EOF2'
problem 1 (block): 1 assembly, 1 comes apart
  level 1: 1 assembly
  highest level: 1 (assembly 1)
EOF2
expect_stderr </dev/null
# A slide before each removal (level 2.2); a cube shut inside a hollow cube (no solution);
# the same in one piece group with a plate beside it, which comes apart as BurrTools has it.
run burr --disassemble "$DATA/burr/apart.xmpuzzle" -t 1
expect_exit 0
expect_stdout <<'EOF2'
problem 1 (slide first): 1 assembly, 1 comes apart
  level 2: 1 assembly
  highest level: 2.2 (assembly 1)
problem 2 (shut in): 1 assembly, none comes apart
problem 3 (shut in, one group): 1 assembly, 1 comes apart
  level 1: 1 assembly
  highest level: 1 (assembly 1)
EOF2
run burr -d "$DATA/burr/ranges.xmpuzzle" -t 1
expect_stdout <<'EOF2'
problem 1 (ranges): 15 assemblies, 15 come apart
  level 1: 15 assemblies
  highest level: 1 (assembly 1)
problem 2 (one pair): 1 assembly, 1 comes apart
  level 1: 1 assembly
  highest level: 1 (assembly 1)
problem 3 (a left one): 11 assemblies, 11 come apart
  level 1: 11 assemblies
  highest level: 1 (assembly 1)
EOF2
# Assemblies but none that comes apart: exit 1, since the question was the solutions.
run burr -d "$DATA/burr/apart.xmpuzzle" --problem 2
expect_exit 1
expect_stdout <<<"problem 2 (shut in): 1 assembly, none comes apart"
expect_stderr </dev/null

# --print: each assembly drawn, then its level and its moves, or that it does not come apart.
run burr -d --print "$DATA/burr/apart.xmpuzzle" --problem 1
expect_exit 0
expect_stdout <<'EOF2'
assembly 1 of problem 1:
AAAAA  AAAAA  AAAAA
A.AAA  A.BCA  AAAAA
AAAAA  AAAAA  AAAAA
comes apart: level 2.2, 4 moves
  1. A moves 1 along +x
  2. B is removed along +z
  3. A moves 1 along +x
  4. C is removed along +z

problem 1 (slide first): 1 assembly, 1 comes apart
  level 2: 1 assembly
  highest level: 2.2 (assembly 1)
EOF2
run burr -d --print "$DATA/burr/apart.xmpuzzle" --problem 2
expect_exit 1
expect_stdout <<'EOF2'
assembly 1 of problem 2:
AAA  AAA  AAA
AAA  ABA  AAA
AAA  AAA  AAA
does not come apart

problem 2 (shut in): 1 assembly, none comes apart
EOF2

# JSON: solutions over all problems and per problem, the levels, the times apart; the list
# of those that come apart with --print only.
run burr -d "$DATA/burr/apart.xmpuzzle" --json -t 1
expect_exit 0
expect_json 'd["assemblies"] == 3 and d["solutions"] == 2 and d["complete"] is True and [(p["problem"], p["assemblies"], p["solutions"], p["levels"], p["highest_level"]) for p in d["problems"]] == [(1, 1, 1, {"2": 1}, "2.2"), (2, 1, 0, {}, None), (3, 1, 1, {"1": 1}, "1")] and all(p["assembly_seconds"] >= 0 and p["disassembly_seconds"] >= 0 and "solution_list" not in p for p in d["problems"])'
run burr -d "$DATA/burr/ranges.xmpuzzle" --json --print --problem 1 -t 1
expect_json 'd["solutions"] == 15 and len(d["problems"][0]["solution_list"]) == 15 and [s["assembly"] for s in d["problems"][0]["solution_list"]] == list(range(1, 16)) and all(s["level"] == "1" and s["moves"] >= 1 for s in d["problems"][0]["solution_list"])'
run burr "$DATA/burr/apart.xmpuzzle" --json
expect_json '"solutions" not in d and "solutions" not in d["problems"][0] and d["assemblies"] == 3'

# --svg DIR: the first assembly that comes apart, one frame per move and one before them.
run burr -d --svg frames "$DATA/burr/apart.xmpuzzle" -t 1
expect_exit 0
check '[ "$(ls frames)" = "$(printf "step-%03d.svg\n" 0 1 2 3 4)" ]' "five frames, step-000.svg to step-004.svg"
check 'python3 -c "import sys, xml.dom.minidom as m; [m.parse(f) for f in sys.argv[1:]]" frames/*.svg' "each frame well-formed XML"
expect_file_has frames/step-000.svg "problem 1, assembly 1, level 2.2: assembled, 4 moves to take apart"
expect_file_has frames/step-004.svg "after move 4 of 4"
expect_usage_error burr "--svg draws a disassembly: it needs --disassemble" burr --svg frames "$DATA/burr/apart.xmpuzzle"
# --svg-assembly N: that assembly's frames (here the third of fifteen, three moves).
run burr -d --svg third --svg-assembly 3 "$DATA/burr/ranges.xmpuzzle" --problem 1 -t 1
expect_exit 0
check '[ "$(ls third | wc -l)" -eq 4 ]' "four frames of assembly 3"
expect_file_has third/step-000.svg "problem 1, assembly 3, level 1: assembled, 3 moves to take apart"
expect_usage_error burr "--svg-assembly says which assembly --svg draws" burr -d --svg-assembly 3 "$DATA/burr/apart.xmpuzzle"
# Nothing comes apart: nothing drawn, and a warning says so.
run burr -d --svg none "$DATA/burr/apart.xmpuzzle" --problem 2
expect_exit 1
expect_stderr <<<"dance burr: warning: no assembly comes apart: none not written"
check '[ ! -e none ]' "no folder written"

# Ctrl-C while taking apart: what was found so far, "complete": false.
if sigint_ignored; then
  echo "burr: SIGINT is ignored here; skipping the Ctrl-C checks of --disassemble" >&2
elif ! sigint_untimely; then
  run_interrupted 0.2 burr -d "$DATA/../cube_pieces/bedlam.txt" --json -t 2
  check '[ "$STATUS" -le 1 ]' "exit 0 or 1 (whether an assembly came apart in time)"
  expect_json 'd["complete"] is False and d["stopped_by"] == "interrupt" and d["solutions"] <= d["assemblies"] and d["problems"][0]["complete"] is False'
fi
