#!/usr/bin/env python3
"""choice_share.py -- the share of `dance cube`'s process that its choice of the piece to
hold takes: runs the command N times, reads the choice's seconds (`restricted.seconds` of
--json, to the microsecond), and prints the medians of that and of the wall time
(time.perf_counter around each whole process).

    bench/choice_share.py N build/dance cube pentominoes --box 10x6 -t 1 --json

A run of 0.05 s moves by several milliseconds from run to run on a shared machine:
compare medians of several rounds.
"""
import json
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit() or "--json" not in sys.argv:
        sys.exit("usage: choice_share.py N DANCE cube SET ... --json")
    n, cmd = int(sys.argv[1]), sys.argv[2:]
    choice, wall = [], []
    for _ in range(n):
        t0 = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True)
        wall.append(time.perf_counter() - t0)
        try:
            seconds = json.loads(p.stdout)["restricted"]["seconds"]
        except (ValueError, KeyError, TypeError):
            seconds = None
        if p.returncode not in (0, 1) or seconds is None:
            sys.exit(f"{' '.join(cmd)}: exit {p.returncode}, no restricted.seconds\n{p.stderr}")
        choice.append(float(seconds))
    c, w = statistics.median(choice), statistics.median(wall)
    print(f"choice median {c:.4f} s ({min(choice):.4f}-{max(choice):.4f}), process median "
          f"{w:.4f} s ({min(wall):.4f}-{max(wall):.4f}): {100 * c / w:.1f}%")


if __name__ == "__main__":
    main()
