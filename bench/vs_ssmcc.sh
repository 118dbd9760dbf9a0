#!/usr/bin/env bash
# vs_ssmcc.sh -- times `dance xc` on problems with multiplicities against Knuth's SSMCC
# (and, if given, his DLX3) in the same run, and prints a Markdown report for
# bench/RESULTS.md: the machine, the date, the exact command, then the table.
#
#   SSMCC=/tmp/knuth/ssmcc bench/vs_ssmcc.sh
#   SSMCC=/tmp/knuth/ssmcc DLX3=/tmp/knuth/dlx3 bench/vs_ssmcc.sh --reps 5
#   SSMCC=/tmp/knuth/ssmcc bench/vs_ssmcc.sh --reps 1 --quick   # twos7 only
#
# Knuth's programs are not part of dance: take ssmcc.w and dlx3.w from his published
# programs, turn each into C with `ctangle` (Debian's texlive-binaries) and build them
# outside the tree (clang -O3, with the Stanford GraphBase's gb_flip for their random
# option, which this script never passes).
#
# The inputs are written to a temporary directory: n x n 0-1 matrices whose every row and
# column has k ones, items `k|r0 ... k|c(n-1)` and one option `ri cj` per cell (n = 7: 2 ones,
# 3,110,940, OEIS A001499; 3 ones, 68,938,800, OEIS A001501; 1 or 2 ones, `1:2|`). Each
# program reads the file on stdin with its default options; dance runs with --threads 1.
# The programs run interleaved, one repetition of each in turn; the figure is the user CPU
# time of the whole process, the minimum over the repetitions. Exit status 1 if any
# program fails or the counts disagree, 2 on bad usage.
set -euo pipefail

reps=3 names="twos7 threes7 onetwo7"
while [ $# -gt 0 ]; do
  case $1 in
  --reps) reps=$2; shift 2 ;;
  --quick) names="twos7"; shift ;;
  *) echo "usage: SSMCC=/path/to/ssmcc [DLX3=/path/to/dlx3] $0 [--reps N] [--quick]" >&2; exit 2 ;;
  esac
done
[ -n "${SSMCC:-}" ] || { echo "vs_ssmcc.sh: SSMCC is not set: point it at Knuth's SSMCC" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
build=${BUILD_DIR:-$root/build-bench}
bench_build "$root" "$build" dance
dance=$build/dance
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# k ones in every row and column of an n x n matrix ("lo:hi" gives a range).
grid() { # name n bounds
  python3 - "$tmp/$1.dlx" "$2" "$3" <<'EOF'
import sys
path, n, b = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = [" ".join([f"{b}|r{i}" for i in range(n)] + [f"{b}|c{j}" for j in range(n)])]
lines += [f"r{i} c{j}" for i in range(n) for j in range(n)]
open(path, "w").write("\n".join(lines) + "\n")
EOF
}
grid twos7 7 2
grid threes7 7 3
grid onetwo7 7 1:2

cpu() { bench_cpu "$input" "$tmp/out" "$tmp/err" "$@"; }
min() { sort -g | head -1; }

bench_header "Multiplicities: dance xc against SSMCC$([ -n "${DLX3:-}" ] && echo " and DLX3")" \
  "$root" "$build" "SSMCC=$SSMCC${DLX3:+ DLX3=$DLX3} bench/vs_ssmcc.sh --reps $reps$([ "$names" = twos7 ] && echo " --quick")" dlx solvers
echo "| input | solutions | dance CPU s | SSMCC CPU s | dance / SSMCC (goal <= 0.8) |$([ -n "${DLX3:-}" ] && echo " DLX3 CPU s | dance / DLX3 | dance nodes = DLX3's |")"
echo "|---|---|---|---|---|$([ -n "${DLX3:-}" ] && echo "---|---|---|")"
status=0
for name in $names; do
  input=$tmp/$name.dlx
  : >"$tmp/d" ; : >"$tmp/s" ; : >"$tmp/k"
  for ((r = 0; r < reps; r++)); do
    cpu "$dance" xc - --threads 1 --json >>"$tmp/d"
    dj=$(cat "$tmp/out")
    cpu "$SSMCC" >>"$tmp/s"
    sl=$(grep Altogether "$tmp/err")
    if [ -n "${DLX3:-}" ]; then
      cpu "$DLX3" >>"$tmp/k"
      kl=$(grep Altogether "$tmp/err")
    fi
  done
  ds=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["solutions"])' "$dj")
  dn=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["nodes"])' "$dj")
  ss=$(sed -E 's/^Altogether ([0-9]+) solution.*/\1/' <<<"$sl")
  if [ "$ds" != "$ss" ]; then
    echo "vs_ssmcc.sh: $name: dance counts $ds, SSMCC $ss" >&2
    status=1
  fi
  d=$(min <"$tmp/d") s=$(min <"$tmp/s")
  row="| $name | $ds | $d | $s | $(python3 -c "print(f'{$d/$s:.2f}x')") |"
  if [ -n "${DLX3:-}" ]; then
    k=$(min <"$tmp/k")
    kn=$(sed -E 's/.* ([0-9]+) nodes.*/\1/' <<<"$kl")
    row+=" $k | $(python3 -c "print(f'{$d/$k:.2f}x')") | $([ "$kn" = "$dn" ] && echo "yes, $dn" || echo "no: $dn against $kn") |"
  fi
  echo "$row"
done
exit $status
