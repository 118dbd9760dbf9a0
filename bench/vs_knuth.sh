#!/usr/bin/env bash
# vs_knuth.sh -- times `dance xc --threads 1` against Knuth's own SSXCC (and, if given,
# his DLX1) in the same run, and prints a Markdown report ready to paste into
# bench/RESULTS.md: the machine, the date, the exact command, then the tables.
#
#   SSXCC=/tmp/knuth/ssxcc bench/vs_knuth.sh     # default inputs, best of 5:
#                                      pent6x10, queens13, soma, langford11, queens14
#   SSXCC=/tmp/knuth/ssxcc DLX1=/tmp/knuth/dlx1 bench/vs_knuth.sh --reps 7 data/xc/soma.dlx
#
# Knuth's programs are not part of dance and nothing of them is in this repository. To
# measure against them, take ssxcc.w (and dlx1.w) from Knuth's published programs, turn
# each into C with `ctangle` (Debian's texlive-binaries), and build it outside the tree,
# with clang -O3 as the figures in RESULTS.md were made. Use the current ssxcc.w, the one that
# takes forced moves first (Christine Solnon's improvements of 2023): an older ssxcc.w
# without them walks a different tree and runs at quite different speeds (RESULTS.md).
# dlx1.w and the current ssxcc.w include "gb_flip.h" from the Stanford GraphBase, used
# only by their `s` (randomize) option, which this script never passes: a header of your
# own that declares gb_init_rand and gb_unif_rand will do. Then point SSXCC (required)
# and DLX1 (optional) at the binaries.
#
# Each external program reads the file on stdin, with its default options, and must
# print Knuth's closing line "Altogether N solutions, ..." on stderr. The programs run
# interleaved: for each input, one repetition of each in turn, N times. The figure is
# user CPU time of the whole process (bash's `time`, from getrusage), so reading the
# input counts for both sides; the table gives the minimum over the repetitions, and
# the ratio of the medians as a check against a lucky run. Exit status 1 if any program
# fails or the solution counts disagree, 2 on bad usage.
#
# Input paths are taken relative to the repository root. BUILD_DIR overrides the build
# directory (default: build-bench/ in the repository root, as bench/run_xc.sh).
set -euo pipefail

usage() {
  echo "usage: SSXCC=/path/to/ssxcc [DLX1=/path/to/dlx1] $0 [--reps N] [FILE...]" >&2
  exit 2
}

reps=5
# The goal for dance / SSXCC: 0.20 since the bitset engine (GOAL overrides it).
GOAL=${GOAL:-0.20}
files=()
while [ $# -gt 0 ]; do
  case $1 in
  --reps)
    [ $# -ge 2 ] || usage
    reps=$2
    shift 2
    ;;
  -h | --help) usage ;;
  -*) usage ;;
  *)
    files+=("$1")
    shift
    ;;
  esac
done
case $reps in '' | *[!0-9]* | 0) usage ;; esac
[ ${#files[@]} -gt 0 ] || files=(data/xc/pent6x10.dlx data/xc/queens13.dlx data/xc/soma.dlx data/xc/langford11.dlx data/xc/queens14.dlx)

if [ -z "${SSXCC:-}" ]; then
  echo "vs_knuth.sh: SSXCC is not set: point it at a binary of Knuth's SSXCC" >&2
  usage
fi
for v in SSXCC DLX1; do
  p=${!v:-}
  if [ -n "$p" ] && [ ! -x "$p" ]; then
    echo "vs_knuth.sh: $v=$p is not an executable file" >&2
    exit 2
  fi
done
ssxcc=$(cd "$(dirname "$SSXCC")" && pwd)/$(basename "$SSXCC")
dlx1=
[ -z "${DLX1:-}" ] || dlx1=$(cd "$(dirname "$DLX1")" && pwd)/$(basename "$DLX1")

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-bench}
cd "$root"
for f in "${files[@]}"; do
  [ -r "$f" ] || {
    echo "vs_knuth.sh: cannot read $f" >&2
    exit 2
  }
done

. "$root/bench/lib.sh"
bench_build "$root" "$build" dance
dance=$build/dance

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# timed NAME FILE CMD...: runs CMD with FILE on stdin, its stdout and stderr kept in
# $tmp/NAME.out and $tmp/NAME.err, and prints its user CPU seconds. Fails if CMD does.
timed() {
  local name=$1 in=$2 t
  shift 2
  t=$({
    TIMEFORMAT=%3U
    if time "$@" <"$in" >"$tmp/$name.out" 2>"$tmp/$name.err"; then
      echo 0 >"$tmp/$name.rc"
    else
      echo $? >"$tmp/$name.rc"
    fi
  } 2>&1) || true
  if [ "$(cat "$tmp/$name.rc" 2>/dev/null)" != 0 ]; then
    echo "vs_knuth.sh: $name failed on $in (exit $(cat "$tmp/$name.rc" 2>/dev/null)):" >&2
    tail -n 5 "$tmp/$name.err" >&2
    exit 1
  fi
  echo "$t"
}

# knuth_field NAME WORD: the number before WORD in Knuth's "Altogether ..." line.
knuth_field() {
  local line
  line=$(grep '^Altogether' "$tmp/$1.err" | tail -n 1)
  case $2 in
  solutions) sed -n 's/^Altogether \([0-9]*\) solutions\{0,1\},.*/\1/p' <<<"$line" ;;
  mems) sed -n 's/.*solutions\{0,1\}, \([0-9]*\)+\([0-9]*\) mems.*/\2/p' <<<"$line" ;;
  *) sed -n "s/.* \([0-9]*\) $2[,.].*/\1/p" <<<"$line" ;;
  esac
}

# json_field NAME KEY: an integer field of dance's --json output.
json_field() {
  sed -n "s/^ *\"$2\": *\([0-9]*\),*$/\1/p" "$tmp/$1.out" | head -n 1
}

commas() { sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta' <<<"$1"; }

# summary FILE min|median: of the numbers in FILE, one a line.
summary() {
  sort -g "$1" | awk -v what="$2" '{ v[NR] = $1 }
    END { if (what == "min") print v[1]; else print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }'; }

compiler_of() {
  readelf -p .comment "$1" 2>/dev/null | sed -n 's/^ *\[ *[0-9a-f]*\] *//p' | tail -n 1
}

echo "### dance against Knuth's programs, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
bench_machine
echo "- dance: $(bench_compiler "$build"); commit $(bench_commit "$root" dlx solvers)"
echo "- SSXCC: \`$ssxcc\`, built by $(compiler_of "$ssxcc")"
[ -z "$dlx1" ] || echo "- DLX1: \`$dlx1\`, built by $(compiler_of "$dlx1")"
echo "- command: \`SSXCC=$SSXCC${DLX1:+ DLX1=$DLX1} bench/vs_knuth.sh --reps $reps ${files[*]}\`"
echo

times_rows=()
count_rows=()
for f in "${files[@]}"; do
  base=$(basename "$f")
  : >"$tmp/t.dance" && : >"$tmp/t.ssxcc" && : >"$tmp/t.dlx1"
  for ((r = 1; r <= reps; r++)); do
    echo "  $base: repetition $r of $reps" >&2
    timed ssxcc "$f" "$ssxcc" >>"$tmp/t.ssxcc"
    timed dance "$f" "$dance" xc "$f" --threads 1 --json >>"$tmp/t.dance"
    [ -z "$dlx1" ] || timed dlx1 "$f" "$dlx1" >>"$tmp/t.dlx1"
  done

  ds=$(json_field dance solutions)
  ss=$(knuth_field ssxcc solutions)
  if [ -z "$ds" ] || [ -z "$ss" ] || [ "$ds" != "$ss" ]; then
    echo "vs_knuth.sh: $base: solution counts disagree: dance '${ds}', SSXCC '${ss}'" >&2
    exit 1
  fi
  d_min=$(summary "$tmp/t.dance" min) s_min=$(summary "$tmp/t.ssxcc" min)
  d_med=$(summary "$tmp/t.dance" median) s_med=$(summary "$tmp/t.ssxcc" median)
  goal=$(awk -v goal="$GOAL" -v a="$d_min" -v b="$s_min" 'BEGIN { print (a <= goal * b ? "met" : "not met") }')
  row="| $base | $(commas "$ds") | $d_min | $s_min | $(ratio "$d_min" "$s_min") ($goal) | $(
    ratio "$d_med" "$s_med")"
  dn=$(json_field dance nodes) du=$(json_field dance updates)
  count_rows+=("| $base | dance | $(commas "$ds") | $(commas "$dn") | $(commas "$du") | - |")
  count_rows+=("| $base | SSXCC | $(commas "$ss") | $(commas "$(knuth_field ssxcc nodes)") | $(
    commas "$(knuth_field ssxcc updates)") | $(commas "$(knuth_field ssxcc mems)") |")
  if [ -n "$dlx1" ]; then
    ls=$(knuth_field dlx1 solutions)
    if [ "$ds" != "$ls" ]; then
      echo "vs_knuth.sh: $base: solution counts disagree: dance '${ds}', DLX1 '${ls}'" >&2
      exit 1
    fi
    l_min=$(summary "$tmp/t.dlx1" min) l_med=$(summary "$tmp/t.dlx1" median)
    row+=" | $l_min | $(ratio "$d_min" "$l_min") | $(ratio "$d_med" "$l_med")"
    ln=$(knuth_field dlx1 nodes)
    count_rows+=("| $base | DLX1 | $(commas "$ls") | $(commas "$ln") (+ solutions: $(
      commas $((ln + ls)))) | $(commas "$(knuth_field dlx1 updates)") | $(
      commas "$(knuth_field dlx1 mems)") |")
  fi
  times_rows+=("$row |")
done

echo "User CPU seconds of the whole process, single thread, best of $reps interleaved repetitions"
echo "(median ratios as a check against a lucky run). Lower ratios are better for dance."
echo
if [ -n "$dlx1" ]; then
  echo "| input | solutions | dance CPU s | SSXCC CPU s | dance / SSXCC (goal <= $GOAL) | same, medians | DLX1 CPU s | dance / DLX1 | same, medians |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
else
  echo "| input | solutions | dance CPU s | SSXCC CPU s | dance / SSXCC (goal <= $GOAL) | same, medians |"
  echo "|---|--:|--:|--:|--:|--:|"
fi
printf '%s\n' "${times_rows[@]}"
echo
echo "Counts as each program reports them, from the last repetition. SSXCC branches differently"
echo "(forced moves first, ties broken otherwise), so its tree and its updates differ. dance counts a"
echo "solution as a node; DLX1 (the dlx1.w measured for RESULTS.md) does not, hence the sum in its"
echo "row, which should equal dance's nodes. dance's updates count only work done (README), so they"
echo "can be fewer than DLX1's on the same tree."
echo
echo "| input | program | solutions | nodes | updates | mems |"
echo "|---|---|--:|--:|--:|--:|"
printf '%s\n' "${count_rows[@]}"
