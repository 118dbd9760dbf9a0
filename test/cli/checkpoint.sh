# --checkpoint, --resume and --restart: a run cut short (a node budget, Ctrl-C, SIGKILL at
# random moments) and run again, as often as it takes, ends with exactly the counts of one
# whole run; one command line serves the first run and every rerun; a checkpoint of another
# problem, part or split, a damaged or malformed one, and a file that is no checkpoint are
# refused with their reason, and left as they are.
P=$DATA/xc/pent6x10.dlx

# seal FILE: gives FILE's 'end' line the checksum of the bytes before it (XXH64, seed 0,
# written out here from xxHash's specification), as if dance had written FILE so: the way to
# test what the reader does with lines that no checksum refuses.
seal() {
  python3 - "$1" <<'EOF2'
import sys
M = (1 << 64) - 1
P1, P2, P3 = 11400714785074694791, 14029467366897019727, 1609587929392839161
P4, P5 = 9650029242287828579, 2870177450012600261
def rotl(x, r): return ((x << r) | (x >> (64 - r))) & M
def rnd(acc, lane): return rotl((acc + lane * P2) & M, 31) * P1 & M
def xxh64(b):
    n, i = len(b), 0
    le = lambda at, k: int.from_bytes(b[at:at + k], "little")
    if n >= 32:
        v = [(P1 + P2) & M, P2, 0, (-P1) & M]
        while i + 32 <= n:
            v = [rnd(v[j], le(i + 8 * j, 8)) for j in range(4)]
            i += 32
        h = (rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18)) & M
        for x in v:
            h = ((h ^ rnd(0, x)) * P1 + P4) & M
    else:
        h = P5
    h = (h + n) & M
    while i + 8 <= n:
        h = (rotl(h ^ rnd(0, le(i, 8)), 27) * P1 + P4) & M
        i += 8
    if i + 4 <= n:
        h = (rotl(h ^ (le(i, 4) * P1 & M), 23) * P2 + P3) & M
        i += 4
    while i < n:
        h = rotl(h ^ (b[i] * P5 & M), 11) * P1 & M
        i += 1
    h = ((h ^ (h >> 33)) * P2) & M
    h = ((h ^ (h >> 29)) * P3) & M
    return h ^ (h >> 32)
text = open(sys.argv[1], "rb").read()
body = text[:text.rindex(b"\nend ") + 1]
open(sys.argv[1], "wb").write(body + b"end %016x\n" % xxh64(body))
EOF2
}

# A node budget: the finished pieces are kept, the rest is searched when the same command
# runs again. The file names the split's plan and ends with its checksum.
run xc "$P" --checkpoint p.ckpt --max-nodes 1e6 --threads 1
expect_exit 0
expect_stdout_has "the search is incomplete"
expect_stderr <<'EOF2'
dance xc: the finished parts are in p.ckpt: --resume p.ckpt goes on from there
EOF2
check "grep -q '^pieces 2192$' p.ckpt && grep -q '^plan [0-9a-f]\{16\}$' p.ckpt && tail -n 1 p.ckpt | grep -q '^end [0-9a-f]\{16\}$'" \
  "p.ckpt lacks its pieces, plan or checksum"
check "[ \"\$(sed -n 2p p.ckpt)\" = '# dance xc $P' ]" "p.ckpt's second line does not name the command"
check "[ \"\$(grep -c '^piece ' p.ckpt)\" = 289 ]" "p.ckpt does not hold the 289 pieces a thread finishes in 10^6 nodes"
cp p.ckpt p0.ckpt
run xc "$P" --checkpoint p.ckpt --json --threads 2
expect_exit 0
expect_json 'd["solutions"] == 9356 and d["nodes"] == 3637261 and d["complete"] and d["resumed"]["pieces"] == 289 and d["resumed"]["file"] == "p.ckpt" and d["checkpoint"] == "p.ckpt"'
expect_stderr <<'EOF2'
dance xc: resuming p.ckpt: 289 of 2192 pieces done
EOF2
# Resuming a finished run searches nothing more and says the same; --resume as well.
run xc "$P" --resume p.ckpt --json -q
expect_json 'd["solutions"] == 9356 and d["nodes"] == 3637261 and d["complete"] and d["resumed"]["pieces"] == 2192'
expect_stderr </dev/null

# The CPU time of the runs so far is kept too ('cpu'): a resumed run gives it back as
# resumed.cpu_seconds beside its own cpu_seconds, and writes their sum (here the earlier
# runs' made 1000 s, so that the sum cannot pass for this run's alone).
check "grep -q '^dance-checkpoint 3$' p0.ckpt && grep -q '^cpu [0-9]*\.[0-9]\{3\}$' p0.ckpt" "p0.ckpt has no CPU time"
sed 's/^cpu .*/cpu 1000.000/' p0.ckpt >k.ckpt && seal k.ckpt
run xc "$P" --resume k.ckpt --checkpoint c.ckpt --json -q --threads 1
expect_json "d['complete'] and d['resumed']['cpu_seconds'] == 1000 and d['cpu_seconds'] > 0"
check "python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); c = float(open(\"c.ckpt\").read().split(\"\\ncpu \")[1].split()[0]); sys.exit(not -0.002 <= 1000 + d[\"cpu_seconds\"] - c < 0.5)' $OUT" \
  "c.ckpt's CPU time is not the runs' sum: $(grep '^cpu' c.ckpt)"
# A checkpoint of format 2 (dance 1.4.0's: no 'cpu' line) is refused as such.
sed -e 's/^dance-checkpoint 3$/dance-checkpoint 2/' -e '/^cpu /d' p0.ckpt >f2.ckpt && seal f2.ckpt
run xc "$P" --resume f2.ckpt
expect_exit 2
expect_stderr <<'EOF2'
dance xc: f2.ckpt:3: a checkpoint of format 2: this dance reads format 3 only
EOF2
run xc "$P" --resume c.ckpt --stats -q
check "grep -q '^resumed:     2192 pieces and [0-9]* nodes done before, in [0-9.]* s (10[0-9][0-9]\.[0-9]\{3\} s of CPU)\$' $OUT" \
  "--stats does not give the earlier runs' CPU time: $(grep resumed "$OUT")"
# --restart starts over.
run xc "$P" --checkpoint p.ckpt --restart --max-nodes 1e6 --threads 1 --json
expect_json 'd["solutions"] == 2553 and not d["complete"] and "resumed" not in d'
check "cmp -s p.ckpt p0.ckpt || [ \"\$(grep -v '^seconds\|^cpu\|^end' p.ckpt)\" = \"\$(grep -v '^seconds\|^cpu\|^end' p0.ckpt)\" ]" \
  "--restart did not start over"

# SIGKILL at random moments, then the same command until a run ends: never a piece counted
# twice, none lost. The moments fall within the first run's time on one thread (a fifth of a
# second), so that most rounds of kills kill.
for threads in 1 2; do
  rm -f k.ckpt
  args=(xc "$P" --threads "$threads" --checkpoint k.ckpt --checkpoint-interval 0.02 --json)
  kills=0
  for round in 1 2 3 4 5 6; do
    "$DANCE" "${args[@]}" >k.json 2>k.err &
    pid=$!
    sleep "0.$(printf '%03d' $((RANDOM % 140 + 10)))" # not python3: its start takes as long
    if kill -KILL "$pid" 2>/dev/null; then kills=$((kills + 1)); fi
    wait "$pid" 2>/dev/null
  done
  run "${args[@]}"
  expect_exit 0
  expect_json 'd["solutions"] == 9356 and d["nodes"] == 3637261 and d["complete"]'
  echo "checkpoint: $threads threads: killed $kills times, then resumed to the end" >&2
done

# The cube: a Tetris cube run killed once, run again: its counts, covers and nodes whole.
run cube tetris --threads 2 --json
whole_nodes=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["nodes"])' "$OUT")
"$DANCE" cube tetris --threads 2 --checkpoint t.ckpt --checkpoint-interval 0.1 >/dev/null 2>&1 &
pid=$!
sleep 1
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
run cube tetris --threads 2 --checkpoint t.ckpt --json
expect_exit 0
expect_json "d['solutions'] == 9839 and d['total'] == 236136 and d['nodes'] == $whole_nodes and d['complete']"

# Usage.
expect_usage_error xc "--checkpoint records counts only: it cannot go with --print" xc "$P" --checkpoint x.ckpt --print
expect_usage_error cube "--resume records counts only: it cannot go with --catalog" cube soma --resume x.ckpt --catalog x.cat
expect_usage_error xc "--restart needs --checkpoint FILE, the checkpoint to start over" xc "$P" --restart
expect_usage_error cube "--restart and --resume exclude each other: the one starts the search over, the other goes on with it" cube soma --resume x.ckpt --checkpoint x.ckpt --restart

# Another problem, named by both identities: refused, whether named by --resume or found at
# --checkpoint FILE (which is then left as it is).
id=$(sed -n 's/^identity //p' p.ckpt)
run xc "$DATA/xc/queens13.dlx" --stats
qid=$(sed -n 's/^identity: *//p' "$OUT")
cp p.ckpt before.ckpt
run xc "$DATA/xc/queens13.dlx" --resume p.ckpt
expect_exit 2
expect_stderr <<EOF2
dance xc: p.ckpt: a checkpoint of another problem (identity $id; this one is $qid): the input, the options that change the count or its split (--memo), or the version of dance differ
EOF2
run xc "$DATA/xc/queens13.dlx" --checkpoint p.ckpt
expect_exit 2
expect_stderr <<EOF2
dance xc: p.ckpt: a checkpoint of another problem (identity $id; this one is $qid): the input, the options that change the count or its split (--memo), or the version of dance differ (--restart replaces it)
EOF2
check "cmp -s p.ckpt before.ckpt" "a refused checkpoint was changed"
# Another part.
run xc "$P" --resume p.ckpt --shard 1/4
expect_exit 2
expect_stderr <<'EOF2'
dance xc: p.ckpt: a checkpoint of the whole problem, and this run is of part 1/4
EOF2
run xc "$P" --shard 2/4 --checkpoint q.ckpt --max-nodes 1000 -q
run xc "$P" --shard 3/4 --checkpoint q.ckpt
expect_exit 2
expect_stderr <<'EOF2'
dance xc: q.ckpt: a checkpoint of part 2/4, and this run is of part 3/4 (--restart replaces it)
EOF2
run xc "$P" --checkpoint q.ckpt
expect_stderr <<'EOF2'
dance xc: q.ckpt: a checkpoint of part 2/4, and this run is of the whole problem (--restart replaces it)
EOF2
# With --resume A --checkpoint B, B is written: refused too when it is another run's.
run xc "$P" --resume p.ckpt --checkpoint q.ckpt
expect_exit 2
expect_stderr <<'EOF2'
dance xc: q.ckpt: a checkpoint of part 2/4, and this run is of the whole problem (--restart replaces it)
EOF2

# A file that is no checkpoint is never written over, unless --restart says so.
printf 'my notes\n' >notes.txt
run xc "$P" --checkpoint notes.txt
expect_exit 2
expect_stderr <<'EOF2'
dance xc: notes.txt: exists and is not a dance checkpoint: left as it is (--restart replaces it)
EOF2
check "[ \"\$(cat notes.txt)\" = 'my notes' ]" "notes.txt was changed"
run xc "$P" --resume notes.txt
expect_stderr <<'EOF2'
dance xc: notes.txt:1: not a dance checkpoint (expected 'dance-checkpoint 3')
EOF2
: >empty.ckpt
run xc "$P" --checkpoint empty.ckpt
expect_exit 2
check "[ ! -s empty.ckpt ]" "an empty file was written over"
run xc "$P" --checkpoint notes.txt --restart -q
expect_exit 0
check "grep -q '^dance-checkpoint 3$' notes.txt" "--restart did not replace notes.txt"

# Damaged: a digit added to the seconds (whatever they are), cut short, another format.
sed 's/^seconds /seconds 1/' p.ckpt >d.ckpt
end=$(grep -c '' d.ckpt)
run xc "$P" --resume d.ckpt
expect_exit 2
expect_stderr <<EOF2
dance xc: d.ckpt:$end: the checksum does not match: the file was changed or damaged after dance wrote it
EOF2
run xc "$P" --checkpoint d.ckpt
expect_stderr <<EOF2
dance xc: d.ckpt:$end: the checksum does not match: the file was changed or damaged after dance wrote it (--restart replaces it)
EOF2
head -n 20 p.ckpt >cut.ckpt
run xc "$P" --resume cut.ckpt
expect_stderr <<'EOF2'
dance xc: cut.ckpt: incomplete: no 'end' line (the file was cut short)
EOF2
printf '# dance checkpoint\ndance-checkpoint 1\nidentity %s\nshard 0 1\nsplit 2048\nseconds 1\nend\n' "$id" >old.ckpt
run xc "$P" --resume old.ckpt
expect_stderr <<'EOF2'
dance xc: old.ckpt:2: a checkpoint of format 1: this dance reads format 3 only
EOF2

# Malformed lines that a checksum does not refuse (sealed here as dance seals its files):
# each refused at its line, numbers strictly (no sign, no overflow, nothing missing).
n=$(grep -n '^piece ' p.ckpt | sed -n 5p | cut -d: -f1)
sed "${n}s/^piece \([0-9]*\) \([0-9]*\) [0-9]*/piece \1 \2 -1/" p.ckpt >m.ckpt && seal m.ckpt
run xc "$P" --resume m.ckpt
expect_exit 2
expect_stderr <<EOF2
dance xc: m.ckpt:$n: expected 'piece' and five numbers: index, nodes and three counts
EOF2
sed "${n}s/^piece \([0-9]*\) \([0-9]*\) [0-9]*/piece \1 \2 0 0/" p.ckpt >m.ckpt && seal m.ckpt
run xc "$P" --resume m.ckpt
expect_stderr <<EOF2
dance xc: m.ckpt:$n: expected 'piece' and five numbers: index, nodes and three counts
EOF2
sed "${n}s/^piece \([0-9]*\) \([0-9]*\) [0-9]*/piece \1 \2 18446744073709551615/" p.ckpt >m.ckpt && seal m.ckpt
run xc "$P" --resume m.ckpt
expect_stderr <<'EOF2'
dance xc: m.ckpt: the pieces' counts add up past 2^64 - 1, more than dance xc counts
EOF2
sed "${n}s/^piece \([0-9]*\) \([0-9]*\) [0-9]*/piece \1 \2 340282366920938463463374607431768211455/" p.ckpt >m.ckpt && seal m.ckpt
run xc "$P" --resume m.ckpt
expect_stderr <<EOF2
dance xc: m.ckpt:$n: the nodes or counts of the pieces add up past 2^128 - 1
EOF2
sed "${n}s/^piece [0-9]* /piece 2192 /" p.ckpt >m.ckpt && seal m.ckpt
run xc "$P" --resume m.ckpt
expect_stderr <<EOF2
dance xc: m.ckpt:$n: piece 2192 of a split of 2192 pieces
EOF2
# Another split of the tree (a plan the library does not find): refused before any search,
# naming both plans.
plan=$(sed -n 's/^plan //p' p.ckpt)
sed 's/^plan .*/plan 0123456789abcdef/' p.ckpt >m.ckpt && seal m.ckpt
run xc "$P" --resume m.ckpt
expect_exit 2
expect_stderr <<EOF2
dance xc: resuming m.ckpt: 289 of 2192 pieces done
dance xc: m.ckpt: the checkpoint's pieces are of another split of the tree (plan 0123456789abcdef; this run's is $plan): another version of dance cut it otherwise
EOF2

# The Soma cube, a piece's count made -1 (which a reader of numbers that wraps takes for
# 2^64 - 1, so that the sum is 479): refused, sealed or not.
run cube soma --checkpoint s.ckpt --threads 2
expect_stdout <<'EOF2'
480 solutions (11520 covers in all)
EOF2
n=$(grep -n '^piece [0-9]* [0-9]* 0 0 0$' s.ckpt | head -n 1 | cut -d: -f1)
sed "${n}s/ 0 0 0$/ -1 0 0/" s.ckpt >s1.ckpt
run cube soma --resume s1.ckpt
expect_exit 2
expect_stdout </dev/null
seal s1.ckpt
run cube soma --resume s1.ckpt
expect_exit 2
expect_stderr <<EOF2
dance cube: s1.ckpt:$n: expected 'piece' and five numbers: index, nodes and three counts
EOF2
sed "${n}s/ 0 0 0$/ 99999999999999999999 0 0/" s.ckpt >s2.ckpt
run cube soma --resume s2.ckpt
expect_exit 2
expect_stdout </dev/null

# Files that cannot be read or written.
run xc "$P" --resume missing.ckpt
expect_exit 2
expect_stderr <<'EOF2'
dance xc: missing.ckpt: cannot open: No such file or directory
EOF2
run xc "$P" --checkpoint no/such/dir/x.ckpt
expect_exit 2
expect_stderr <<'EOF2'
dance xc: no/such/dir/x.ckpt: cannot write: No such file or directory
EOF2
