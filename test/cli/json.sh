# --json: exactly one JSON object on stdout, with the counts and the printed solutions.

run xc "$DATA/xc/colortest.dlx" --json --print --threads 1 -q
expect_exit 0
expect_stderr </dev/null
expect_json 'd["solutions"] == 1 and d["complete"] is True and d["threads"] == 1'
expect_json 'd["printed"] == [["A C X:1 Y:1", "B X:1"]]'
expect_json 'isinstance(d["seconds"], float) and d["nodes"] > 0 and d["updates"] > 0'
expect_json 'isinstance(d["cpu_seconds"], float) and d["cpu_seconds"] >= 0'
expect_json 'len(d["identity"]) == 16 and int(d["identity"], 16) >= 0'
mask seconds cpu_seconds bytes nodes updates identity
expect_stdout <<'EOF'
{
  "file": "$DATA/xc/colortest.dlx",
  "identity": "*",
  "solutions": 1,
  "complete": true,
  "stopped_by": null,
  "nodes": "*",
  "updates": "*",
  "engine": "dlx",
  "isa": null,
  "seconds": "*",
  "cpu_seconds": "*",
  "threads": 1,
  "subproblems": 0,
  "bytes": "*",
  "items": 5,
  "primary": 3,
  "secondary": 2,
  "bounded": 0,
  "options": 4,
  "matrix_nodes": 12,
  "shard": null,
  "catalog": null,
  "diagnosis": null,
  "printed": [
    ["A C X:1 Y:1", "B X:1"]
  ]
}
EOF

# --stats changes nothing in JSON mode; the human text never appears.
run xc "$DATA/xc/queens12.dlx" --json --stats
expect_exit 0
expect_json 'd["solutions"] == 14200 and d["complete"] is True and "printed" not in d'
expect_json 'd["items"] == 66 and d["primary"] == 24 and d["options"] == 144'

# File names are escaped: quotes, backslashes, control characters, bytes that are not UTF-8.
cp "$DATA/xc/queens12.dlx" "$(printf 'q"\\\t\001\377\303\251.dlx')"
run xc "$(printf 'q"\\\t\001\377\303\251.dlx')" --json --max 1
expect_exit 0
expect_json 'd["file"] == "q\"\\\t\u0001\ufffd\u00e9.dlx" and d["complete"] is False'
expect_stdout_has '"file": "q\"\\\t\u0001\ufffd'
