# A checkpoint damaged anywhere is refused or, where the damage changes nothing that
# matters, gives the true count: 400 one-byte mutations of a real checkpoint (written by a
# run cut short by a node budget, so that some pieces are finished and some are not), each
# resumed once. Every resumption must exit 2, or print exactly the count of a whole run:
# never another count called complete. The mutations are drawn from a fixed seed, so the
# same 400 files are tried on every run.
Q=$DATA/xc/queens12.dlx

run xc "$Q"
expect_stdout <<'EOF2'
14200 solutions
EOF2
run xc "$Q" --checkpoint q.ckpt --max-nodes 1e5 --threads 1
expect_exit 0
expect_stdout_has "the search is incomplete"
check "[ \"\$(grep -c '^piece ' q.ckpt)\" -gt 100 ]" "q.ckpt has too few finished pieces"
run xc "$Q" --resume q.ckpt
expect_exit 0
expect_stdout <<'EOF2'
14200 solutions
EOF2

# Each mutation: one byte at a random offset replaced by another (never itself), drawn
# three times in four from the bytes a checkpoint is made of (a digit changed into another
# is what a reader of numbers alone cannot see), else any byte.
python3 - q.ckpt <<'EOF2'
import random, sys
text = open(sys.argv[1], "rb").read()
rng = random.Random(20240611)
likely = b"0123456789abcdef -+\n"
for i in range(400):
    b = bytearray(text)
    at = rng.randrange(len(b))
    while True:
        v = rng.choice(likely) if rng.randrange(4) else rng.randrange(256)
        if v != b[at]:
            break
    b[at] = v
    open("m%03d.ckpt" % i, "wb").write(bytes(b))
EOF2

refused=0 right=0
for i in $(seq -f %03g 0 399); do
  "$DANCE" xc "$Q" --resume "m$i.ckpt" >m.out 2>m.err
  status=$?
  if [ "$status" = 2 ]; then
    refused=$((refused + 1))
    check "[ -s m.err ] && ! [ -s m.out ]" "m$i.ckpt: refused without a reason, or with a result"
  elif [ "$status" = 0 ] && [ "$(cat m.out)" = "14200 solutions" ]; then
    right=$((right + 1))
  else
    check false "m$i.ckpt: exit $status, stdout '$(cat m.out)': neither refused nor the true count"
  fi
done
echo "checkpoint_mutations: $refused refused, $right resumed to the true count" >&2
