#!/usr/bin/env bash
# korf100.sh -- solves Korf's 15-puzzle instances (data/sliding/korf100.txt) with
# `dance slide --method ida` and prints a Markdown report for bench/RESULTS.md: for each
# instance its optimal length from the file, the length found (they must agree), the
# estimate at the start, the positions generated and the wall-clock seconds, then the totals.
#
#   bench/korf100.sh                    # all 100, every online core
#   bench/korf100.sh --first 10 -t 1    # instances 1 to 10 on one thread
#   bench/korf100.sh --only "9 12 42"   # those instances
#   bench/korf100.sh -t 2 --plain       # and the baseline on the same instances after
#
# DANCE names the binary (default: build/dance in the repository root); other arguments go
# to dance slide (--heuristic pdb|lc|manhattan). The pattern databases' cache is a fresh
# folder, so the first instance builds them and the others read them: the build is reported
# apart, and the wall clock of the whole processes, build and reads included, beside the
# searches' own seconds. With --plain, the baseline follows: bench/ida_plain.c, a plain IDA*
# with the Manhattan distance on one thread (PLAIN names it; default build/ida_plain), and
# the ratio of dance's whole processes' wall clock to its CPU time. Exit status 1 if a length
# differs from the file's.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dance=${DANCE:-$root/build/dance}
plain_bin=${PLAIN:-$root/build/ida_plain}
first=100 only= plain= command="bench/korf100.sh${*:+ $*}"
args=()
while [ $# -gt 0 ]; do
  case $1 in
  --first) first=$2; shift 2 ;;
  --only) only=$2; shift 2 ;;
  --plain) plain=1; shift ;;
  *) args+=("$1"); shift ;;
  esac
done

. "$root/bench/lib.sh"
echo "### dance slide on Korf's 100 instances, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
bench_machine
echo "- commit: $(git -C "$root" rev-parse --short HEAD)"
echo "- command: \`$command\`"
echo
echo "| instance | optimal | found | estimate | positions | seconds | positions/s |"
echo "|--:|--:|--:|--:|--:|--:|--:|"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export DANCE_PDB_CACHE=$tmp/cache
wall=0 build=0 load=0
names=.123456789ABCDEF
printf '.123\n4567\n89AB\nCDEF\n' >"$tmp/goal.txt"
bad=0 total_nodes=0 total_seconds=0 count=0
while read -r number length cells; do
  case $number in '#'*|'') continue ;; esac
  if [ -n "$only" ]; then
    case " $only " in *" $number "*) ;; *) continue ;; esac
  elif [ "$number" -gt "$first" ]; then
    break
  fi
  # The layout: tile k is the k-th character of $names, 0 the empty cell.
  layout="labelled *"$'\n' i=0
  for c in $cells; do
    layout+=${names:c:1}
    i=$((i + 1))
    [ $((i % 4)) -eq 0 ] && layout+=$'\n'
  done
  printf '%s' "$layout" >"$tmp/start.txt"
  t0=$(date +%s.%N)
  "$dance" slide "$tmp/start.txt" --goal "$tmp/goal.txt" --method ida --json -q "${args[@]}" \
    >"$tmp/out.json"
  wall=$(python3 -c "print($wall + $(date +%s.%N) - $t0)")
  read -r found estimate nodes seconds b l < <(python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); s = d["searches"][0]; p = d.get("pdb") or {}
print(d["steps"], s["estimate"], s["nodes"], s["seconds"], p.get("build_seconds", 0), p.get("load_seconds", 0))' "$tmp/out.json")
  build=$(python3 -c "print($build + $b)") load=$(python3 -c "print($load + $l)")
  [ "$found" = "$length" ] || bad=1
  rate=$(python3 -c "print('%.1fM' % ($nodes / max($seconds, 1e-9) / 1e6))")
  echo "| $number | $length | $found | $estimate | $nodes | $seconds | $rate |"
  total_nodes=$((total_nodes + nodes))
  total_seconds=$(python3 -c "print($total_seconds + $seconds)")
  count=$((count + 1))
done <"$root/data/sliding/korf100.txt"
echo
python3 -c "print('%d instances: %d positions generated in %.2f s of wall-clock time, %.1fM positions/s' % ($count, $total_nodes, $total_seconds, $total_nodes / max($total_seconds, 1e-9) / 1e6))"
echo
python3 -c "print('Whole processes: %.2f s of wall clock in all; pattern databases built in %.2f s, read from the cache in %.3f s in all' % ($wall, $build, $load))"
if [ -n "$plain" ]; then
  echo
  echo "The baseline, \`$(basename "$plain_bin")\` (bench/ida_plain.c), on the same instances:"
  echo
  if [ -n "$only" ]; then sel=(--only "$only"); else sel=(--first "$first"); fi
  "$plain_bin" "$root/data/sliding/korf100.txt" "${sel[@]}" | tee "$tmp/plain.txt" || bad=1
  plain_cpu=$(sed -n 's/.* in \([0-9.]*\) s of CPU.*/\1/p' "$tmp/plain.txt")
  echo
  python3 -c "print('dance, whole processes: %.2f s of wall; the baseline: %s s of CPU; dance / baseline %.4fx' % ($wall, '$plain_cpu', $wall / $plain_cpu))"
fi
[ "$bad" = 0 ] || { echo "A length differs from the file's." >&2; exit 1; }
