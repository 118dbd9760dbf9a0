#!/usr/bin/env bash
# run_pent.sh -- the pentominoes in a 6x10 box: `dance cube pentominoes --box 10x6 -t 1`
# against the plain bitboard counter bench/bitboard_pent.c (X held to a quadrant), whole
# processes, in alternating rounds of one invocation; prints the medians of CPU (user +
# system, from wait4) and of wall time, the ratios dance / baseline, and checks that both
# count 2,339.
#   bench/run_pent.sh [--rounds N] [-- extra dance options, e.g. --engine dlx]
# BUILD_DIR overrides the build directory (default: build/ in the repository root).
# Each process is timed from its start to its exit by Python, so the timer's own cost (a
# `date` started before and after each, as this script did until 2026-11-27, about a
# millisecond on each side) is not in the figures.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
rounds=7
if [ "${1:-}" = --rounds ]; then rounds=$2; shift 2; fi
[ "${1:-}" = -- ] && shift
cd "$root"
for b in dance bitboard_pent; do
  [ -x "$build/$b" ] || { echo "run_pent.sh: no $build/$b: build with -DDANCE_BENCH=ON first" >&2; exit 2; }
done
exec python3 - "$build" "$rounds" "$@" <<'EOF'
import os, statistics, subprocess, sys, time

build, rounds, extra = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
jobs = [("dance", [f"{build}/dance", "cube", "pentominoes", "--box", "10x6", "-t", "1"] + extra,
         "2339 solutions"),
        ("baseline", [f"{build}/bitboard_pent"], "2339 tilings")]
cpu = {name: [] for name, _, _ in jobs}
wall = {name: [] for name, _, _ in jobs}
for _ in range(rounds):
    for name, cmd, want in jobs:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        out = p.stdout.read().decode()
        _, status, usage = os.wait4(p.pid, 0)
        wall[name].append(time.perf_counter() - t0)
        cpu[name].append(usage.ru_utime + usage.ru_stime)
        if os.waitstatus_to_exitcode(status) != 0 or not out.startswith(want):
            sys.exit(f"{name}: {' '.join(cmd)}: {out.strip()[:200]}")
md, mb = (statistics.median(cpu[n]) for n in ("dance", "baseline"))
wd, wb = (statistics.median(wall[n]) for n in ("dance", "baseline"))
print(f"| command | median CPU (s), {rounds} rounds | median wall (s) |")
print("|---|---|---|")
print(f"| `dance cube pentominoes --box 10x6 -t 1 {' '.join(extra)}` | {md:.4f} | {wd:.4f} |")
print(f"| `bitboard_pent` (plain bitboard, X in one quadrant) | {mb:.4f} | {wb:.4f} |")
print()
print(f"dance / baseline: {md / mb:.3f} by CPU, {wd / wb:.3f} by wall (goal <= 0.50)")
EOF
