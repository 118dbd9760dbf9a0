# dance burr on files it cannot read or solve: one message, FILE:LINE: what is wrong, exit 2,
# nothing on stdout; the same for usage errors.

bad() {
  printf "$1" >bad.xmpuzzle
  run burr bad.xmpuzzle --json
  expect_exit 2
  expect_stdout </dev/null
  printf 'dance burr: bad.xmpuzzle%s: %s\n' "$2" "$3" | expect_stderr
}

# Not a puzzle at all, a damaged gzip file, malformed XML.
bad 'hello\n' '' "neither gzip nor XML: not a BurrTools puzzle"
bad '\037\213\010\000garbage' '' "a gzip file that ends too soon (truncated?)"
bad '\037\213\010\000\000\000\000\000\000\003\377\377\377\377\377\377' '' "a damaged gzip file (invalid block type)"
bad '<puzzle version="2" version="3"/>' :1 "an attribute given twice"
bad '<puzzle version="2">\n<shapes>\n' :3 "the file ends inside <shapes> (opened on line 2)"
bad '<puzzle version="2">\n<shapes>\n</puzzle>' :3 "an end tag that does not close <shapes> (opened on line 2)"
bad '<puzzle version="2"><a>&foo;</a></puzzle>' :1 "an unknown entity (XML knows &amp; &lt; &gt; &quot; &apos;)"
bad '<puzzle version=2/>' :1 "an attribute value without quotes"
bad '<!DOCTYPE x><puzzle version="2"/>' :1 "a DOCTYPE, which BurrTools files do not have"
bad '<puzzle version="2"/><more/>' :1 "more after the end of the root element"
# Not a BurrTools puzzle, or not one dance reads.
bad '<puzle version="2"/>' :1 "the root element is <puzle>, not <puzzle>: not a BurrTools puzzle"
bad '<puzzle/>' :1 "<puzzle> without a version"
bad '<puzzle version="3"/>' :1 "puzzle version \"3\": dance reads versions 1 and 2"
bad '<puzzle version="2"/>' :1 "the puzzle has no problem"
bad '<puzzle version="2">\n<gridType type="1"/>\n</puzzle>\n' :2 "this file uses the triangular-prism grid; dance reads only the cube grid"
bad '<puzzle version="2"><gridType type="2"/></puzzle>' :1 "this file uses the sphere grid; dance reads only the cube grid"
bad '<puzzle version="2"><gridType type="3"/></puzzle>' :1 "this file uses the rhombic-dodecahedron grid; dance reads only the cube grid"
bad '<puzzle version="2"><gridType type="4"/></puzzle>' :1 "this file uses the tetrahedral-octahedral grid; dance reads only the cube grid"
bad '<puzzle version="2"><gridType type="9"/></puzzle>' :1 "unknown grid type 9"
# Voxel spaces.
V='<puzzle version="2">\n<shapes>\n'
bad "$V"'<voxel x="2" y="1" z="1" type="0">#</voxel></shapes></puzzle>' :3 "the voxel string has 1 voxels, not the 2 of 2 x 1 x 1"
bad "$V"'<voxel x="2" y="1" z="1" type="0">###</voxel></shapes></puzzle>' :3 "the voxel string has more than the 2 voxels of 2 x 1 x 1"
bad "$V"'<voxel x="2" y="1" z="1" type="0">_3#</voxel></shapes></puzzle>' :3 "a colour ('3') after an empty voxel in the voxel string"
bad "$V"'<voxel x="2" y="1" z="1" type="0">#99#</voxel></shapes></puzzle>' :3 "colour 99 in the voxel string (at most 63)"
bad "$V"'<voxel x="2" y="1" z="1" type="0">#a</voxel></shapes></puzzle>' :3 "'a' in the voxel string (expected '_', '#', '+' or a colour's digits)"
bad "$V"'<voxel x="2" y="1" z="1" type="0"># #</voxel></shapes></puzzle>' :3 "a blank inside the voxel string"
bad "$V"'<voxel x="2" y="1" type="0">##</voxel></shapes></puzzle>' :3 "<voxel> without its 'z' size"
bad "$V"'<voxel x="65" y="1" z="1" type="0">##</voxel></shapes></puzzle>' :3 "a voxel space 65 voxels long in x: dance reads at most 64 on a side"
bad "$V"'<voxel x="2" y="1" z="1" type="1">##</voxel></shapes></puzzle>' :3 "voxel type \"1\": dance reads type 0 only"
bad "$V"'<voxel x="2" y="1" z="1" type="0" weight="heavy">##</voxel></shapes></puzzle>' :3 "weight \"heavy\" is not a whole number"
# Problems: what the file says, then what cannot be solved.
H='<puzzle version="2">\n<shapes>\n<voxel x="2" y="1" z="1" name="bar" type="0">##</voxel>\n<voxel x="3" y="1" z="1" type="0">###</voxel>\n<voxel x="2" y="1" z="1" type="0">#+</voxel>\n<voxel x="1" y="1" z="1" type="0">_</voxel>\n</shapes>\n<problems>\n'
bad "$H"'<problem>\n<shapes><shape id="7" count="1"/></shapes><result id="3"/>\n</problem>\n</problems></puzzle>' :10 "shape id \"7\" names no shape (the file has 4)"
bad "$H"'<problem>\n<shapes><shape id="0" count="x"/></shapes><result id="3"/>\n</problem>\n</problems></puzzle>' :10 "count \"x\" is not a number from 0 to 1000"
bad "$H"'<problem>\n<shapes><shape id="0" min="3" max="2"/></shapes><result id="3"/>\n</problem>\n</problems></puzzle>' :10 "min 3 is more than max 2"
bad "$H"'<problem>\n<shapes><shape id="0" group="g"/></shapes><result id="3"/>\n</problem>\n</problems></puzzle>' :10 "group \"g\" is not a number from 0 to 65535"
bad "$H"'<problem>\n<shapes><shape id="0">\n<group group="1"/></shape></shapes><result id="3"/>\n</problem>\n</problems></puzzle>' :11 "<group> needs a group number from 0 to 65535 and a count"
bad "$H"'<problem maxHoles="-1">\n</problem>\n</problems></puzzle>' :9 "maxHoles \"-1\" is not a number"
bad "$H"'<problem>\n<result id="9"/>\n</problem>\n</problems></puzzle>' :10 "result id \"9\" names no shape (the file has 4)"
bad "$H"'<problem>\n<shapes><shape id="0"/></shapes><result id="1"/><bitmap><pair piece="1"/></bitmap>\n</problem>\n</problems></puzzle>' :10 "<pair> needs 'piece' and 'result' colours from 0 to 62"
bad "$H"'<problem name="p">\n<shapes><shape id="0"/></shapes>\n</problem>\n</problems></puzzle>' :9 "problem 1 has no result shape"
bad "$H"'<problem>\n<result id="1"/>\n</problem>\n</problems></puzzle>' :9 "problem 1 has no pieces"
bad "$H"'<problem>\n<shapes><shape id="2"/></shapes><result id="1"/>\n</problem>\n</problems></puzzle>' :5 "shape S3, a piece of problem 1, has variable voxels, which dance does not place"
bad "$H"'<problem>\n<shapes><shape id="3"/></shapes><result id="1"/>\n</problem>\n</problems></puzzle>' :6 "shape S4, a piece of problem 1, has no filled voxel"
bad "$H"'<problem>\n<shapes><shape id="0" count="2"/></shapes><result id="1"/>\n</problem>\n</problems></puzzle>' :9 "the pieces have 4 cubes, 1 more than the result shape holds"
bad "$H"'<problem>\n<shapes><shape id="0" count="1"/></shapes><result id="1"/>\n</problem>\n</problems></puzzle>' :9 "the pieces have 2 cubes, 1 too few to fill the result shape"
bad "$H"'<problem>\n<shapes><shape id="0" count="1"/></shapes><result id="3"/>\n</problem>\n</problems></puzzle>' :9 "the result shape S4 has no voxel"
bad "$H"'<problem>\n<shapes><shape id="1" min="0" max="1"/><shape id="0" count="1"/></shapes><result id="2"/>\n</problem>\n</problems></puzzle>' :4 "piece S2 fits nowhere in the result shape"
# A problem that cannot be solved is refused even when another can.
bad "$H"'<problem>\n<shapes><shape id="0"/></shapes><result id="0"/>\n</problem>\n<problem>\n<result id="1"/>\n</problem>\n</problems></puzzle>' :12 "problem 2 has no pieces"

# Usage.
printf "$H"'<problem>\n<shapes><shape id="0"/></shapes><result id="0"/>\n</problem>\n</problems></puzzle>' >one.xmpuzzle
expect_usage_error burr "--problem 2: one.xmpuzzle has 1 problem" burr one.xmpuzzle --problem 2
expect_usage_error burr "--problem takes a number from 1 or 'all', not 'x'" burr one.xmpuzzle --problem x
expect_usage_error burr "--problem takes a number from 1 or 'all', not '0'" burr one.xmpuzzle --problem 0
expect_usage_error burr "missing the puzzle FILE" burr
expect_usage_error burr "unexpected argument 'b'" burr a b
run burr missing.xmpuzzle
expect_exit 2
expect_stderr <<<"dance burr: missing.xmpuzzle: cannot open: No such file or directory"
mkdir folder
run burr folder
expect_exit 2
expect_stderr <<<"dance burr: folder: cannot read: Is a directory"
