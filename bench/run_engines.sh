#!/usr/bin/env bash
# run_engines.sh -- the two exact-cover engines side by side: each input searched by
# `--engine dlx` and `--engine bits` in alternating rounds of one invocation, whole
# processes, wall time; prints the median of each and the ratio bits/dlx, and checks that
# both print the same count.
#   bench/run_engines.sh [--rounds N]
# BUILD_DIR overrides the build directory (default: build/ in the repository root).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dance=${BUILD_DIR:-$root/build}/dance
rounds=3
[ "${1:-}" = --rounds ] && rounds=$2
cd "$root"
jobs=(
  "xc data/xc/pent6x10.dlx -t 1"
  "xc data/xc/queens13.dlx -t 1"
  "xc data/xc/soma.dlx -t 1"
  "cube pentominoes --box 10x6 -t 1"
  "cube bedlam -t 2"
  "cube tetris -t 2"
)
now() { date +%s.%N; }
echo "| job | dlx (s) | bits (s) | bits/dlx | count |"
echo "|---|---|---|---|---|"
for job in "${jobs[@]}"; do
  d=() b=()
  for ((r = 0; r < rounds; r++)); do
    for e in dlx bits; do
      t0=$(now)
      out=$($dance $job --engine $e | head -1)
      t=$(awk -v a="$(now)" -v b="$t0" 'BEGIN { print a - b }')
      if [ $e = dlx ]; then d+=("$t"); cd_out=$out; else b+=("$t"); cb_out=$out; fi
    done
    [ "$cd_out" = "$cb_out" ] || { echo "counts differ on $job: $cd_out / $cb_out" >&2; exit 1; }
  done
  md=$(printf '%s\n' "${d[@]}" | sort -n | sed -n "$(((rounds + 1) / 2))p")
  mb=$(printf '%s\n' "${b[@]}" | sort -n | sed -n "$(((rounds + 1) / 2))p")
  printf '| `dance %s` | %.3f | %.3f | %.2f | %s |\n' "$job" "$md" "$mb" "$(awk -v a="$mb" -v b="$md" 'BEGIN { print a / b }')" "$cd_out"
done

# Random sparse problems (np primaries, no options of 3 or 4 random items each), where the
# bit vectors grow long: 300,000 nodes of each engine and of auto, to check the rule of
# dlx_engine_for (auto must never be slower than dlx).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" <<'PYEOF'
import random, sys
for np_, no, k in [(100, 6000, 4), (200, 2000, 3), (300, 8000, 4), (500, 5000, 3), (1000, 10000, 3)]:
    random.seed(np_ * no)
    with open(f"{sys.argv[1]}/sparse_{np_}_{no}.dlx", "w") as f:
        f.write(" ".join(f"i{i}" for i in range(np_)) + "\n")
        for _ in range(no):
            f.write(" ".join(f"i{i}" for i in random.sample(range(np_), k)) + "\n")
PYEOF
echo
echo "| random sparse problem, 300,000 nodes | words per vector | dlx (s) | bits (s) | auto (s) | auto takes |"
echo "|---|---|---|---|---|---|"
for f in "$tmp"/sparse_*.dlx; do
  name=$(basename "$f" .dlx)
  row="| $name |"
  opts=$(($(wc -l <"$f") - 1))
  row="$row $(((opts + 63) / 64)) |"
  for e in dlx bits auto; do
    t=$({ $dance xc "$f" -t 1 --engine $e --max-nodes 300000 --json || true; } | python3 -c 'import json, sys; d = json.load(sys.stdin); print("%.3f %s" % (d["seconds"], d["engine"]))')
    row="$row ${t% *} |"
    [ $e = auto ] && row="$row ${t#* } |"
  done
  echo "$row"
done
