# dance cube's two engines prune differently (dancing links also checks cells), so they walk
# trees of other sizes: parts searched by both must not merge, for their nodes would add up
# to neither whole run's. The engine is part of the identity.

run cube soma --restrict none --engine bits --json
expect_exit 0
bits_id=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["identity"])' "$OUT")
run cube soma --restrict none --engine dlx --json
expect_exit 0
dlx_id=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["identity"])' "$OUT")
check '[ "$bits_id" != "$dlx_id" ]' "the engines give one identity: $bits_id"

for k in 0 1; do
  "$DANCE" cube soma --restrict none --engine bits --shard $k/3 --json >p$k.json
done
"$DANCE" cube soma --restrict none --engine dlx --shard 2/3 --json >p2.json
run merge p0.json p1.json p2.json
expect_exit 2
expect_stderr_has "p2.json: a part of another problem"
