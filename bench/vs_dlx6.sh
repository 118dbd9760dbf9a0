#!/usr/bin/env bash
# vs_dlx6.sh -- times `dance xc --memo` (counting with memoization) against Knuth's DLX6 in
# the same run, and `dance xc` without it, and prints a Markdown report for
# bench/RESULTS.md.
#
#   DLX6=/tmp/knuth/dlx6 bench/vs_dlx6.sh
#   DLX6=/tmp/knuth/dlx6 bench/vs_dlx6.sh --reps 3 --no-bell15
#
# Knuth's DLX6 is not part of dance: take dlx6.w from his published programs, `ctangle` it
# (Debian's texlive-binaries) and build it outside the tree (clang -O3, with the Stanford
# GraphBase's gb_flip). It writes a ZDD of the solutions on stdout, which is thrown away.
#
# The inputs: doublefact21, 22 items with every pair an option (the perfect matchings of
# K22: 21!! = 13,749,310,575); bell12 and bell15, every nonempty subset of 12 or 15 items an
# option (the set partitions: Bell numbers 4,213,597 and 1,382,958,545); and
# data/xc/pent6x10.dlx, a tiling, where memoization does not pay. The figure is the user
# CPU time of the whole process (minimum over the repetitions) and its peak memory (GNU
# time's maximum resident set), dance on one thread as DLX6; beside it, the wall-clock time
# of dance --memo on every core (--threads 0: the threads share one table). The plain search
# is skipped where it would take minutes.
set -euo pipefail

reps=3 bell15=1
while [ $# -gt 0 ]; do
  case $1 in
  --reps) reps=$2; shift 2 ;;
  --no-bell15) bell15=0; shift ;;
  *) echo "usage: DLX6=/path/to/dlx6 $0 [--reps N] [--no-bell15]" >&2; exit 2 ;;
  esac
done
[ -n "${DLX6:-}" ] || { echo "vs_dlx6.sh: DLX6 is not set: point it at Knuth's DLX6" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "vs_dlx6.sh: needs GNU time (Debian's time)" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
build=${BUILD_DIR:-$root/build-bench}
bench_build "$root" "$build" dance
dance=$build/dance
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 - "$tmp" <<'EOF'
import sys
d = sys.argv[1]
def write(name, items, options):
    open(f"{d}/{name}.dlx", "w").write(" ".join(items) + "\n" + "\n".join(options) + "\n")
v = [f"v{i}" for i in range(22)]
write("doublefact21", v, [f"{v[i]} {v[j]}" for i in range(22) for j in range(i + 1, 22)])
for n in (12, 15):
    v = [f"v{i}" for i in range(n)]
    write(f"bell{n}", v, [" ".join(v[i] for i in range(n) if m >> i & 1) for m in range(1, 1 << n)])
EOF
cp "$root/data/xc/pent6x10.dlx" "$tmp/"

# run NAME CMD...: appends "cpu_seconds max_kb wall_seconds" of one run to $tmp/NAME
run() {
  local name=$1
  shift
  /usr/bin/time -f "%U %M %e" -o "$tmp/t" "$@" <"$input" >/dev/null 2>"$tmp/err"
  cat "$tmp/t" >>"$tmp/$name"
  cp "$tmp/err" "$tmp/$name.err"
}
best() { sort -g "$tmp/$1" | head -1 | cut -d' ' -f1,2; }

bench_header "Counting with memoization: dance xc --memo against DLX6" "$root" "$build" \
  "DLX6=$DLX6 bench/vs_dlx6.sh --reps $reps$([ $bell15 = 1 ] || echo " --no-bell15")" dlx solvers
echo "| input | solutions | dance --memo CPU s | peak MB | DLX6 CPU s | peak MB | --memo / DLX6 | --memo on $(nproc) threads, wall s | dance, no memo, CPU s |"
echo "|---|---|---|---|---|---|---|---|---|"
inputs=(doublefact21 bell12)
[ $bell15 = 1 ] && inputs+=(bell15)
inputs+=(pent6x10)
status=0
for name in "${inputs[@]}"; do
  input=$tmp/$name.dlx
  rm -f "$tmp/memo" "$tmp/dlx6" "$tmp/plain" "$tmp/threads"
  for ((r = 0; r < reps; r++)); do
    run memo "$dance" xc - --memo --threads 1 --json
    run threads "$dance" xc - --memo --json
    run dlx6 "$DLX6"
    case $name in doublefact21 | bell15) ;; *) run plain "$dance" xc - --threads 1 ;; esac
  done
  "$dance" xc "$input" --memo >"$tmp/count"
  ds=$(sed -E 's/ solutions?$//' "$tmp/count")
  ks=$(grep -o 'Altogether [0-9]*' "$tmp/dlx6.err" | cut -d' ' -f2)
  [ "$ds" = "$ks" ] || { echo "vs_dlx6.sh: $name: dance counts $ds, DLX6 $ks" >&2; status=1; }
  read -r mc mk <<<"$(best memo)"
  read -r kc kk <<<"$(best dlx6)"
  tw=$(sort -g -k3 "$tmp/threads" | head -1 | cut -d' ' -f3)
  plain="-"
  [ -s "$tmp/plain" ] 2>/dev/null && plain=$(best plain | cut -d' ' -f1)
  echo "| $name | $ds | $mc | $((mk / 1024)) | $kc | $((kk / 1024)) | $(python3 -c "m, k = $mc, $kc; print(f'{m / k:.2f}x' if m > 0 else f'< {0.01 / k:.2f}x')") | $tw | $plain |"
done
exit $status
