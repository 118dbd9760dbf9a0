#!/usr/bin/env python3
"""choice_share.py -- the share of `dance cube`'s process that its choice of the piece to
hold takes: runs the command N times, reads `choice:` from its --stats, and prints the
medians of that and of the wall time (time.perf_counter around each whole process).

    bench/choice_share.py N build/dance cube pentominoes --box 10x6 -t 1 --stats

`choice:` is printed in milliseconds, so on a run of 0.08 s one millisecond moves the
share by more than a point: compare medians of several rounds.
"""
import re
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit() or "--stats" not in sys.argv:
        sys.exit("usage: choice_share.py N DANCE cube SET ... --stats")
    n, cmd = int(sys.argv[1]), sys.argv[2:]
    choice, wall = [], []
    for _ in range(n):
        t0 = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True)
        wall.append(time.perf_counter() - t0)
        m = re.search(r"^choice:\s+([0-9.]+)", p.stdout + p.stderr, re.M)
        if p.returncode not in (0, 1) or not m:
            sys.exit(f"{' '.join(cmd)}: exit {p.returncode}, no 'choice:' line\n{p.stderr}")
        choice.append(float(m.group(1)))
    c, w = statistics.median(choice), statistics.median(wall)
    print(f"choice median {c:.4f} s ({min(choice):.3f}-{max(choice):.3f}), process median "
          f"{w:.4f} s ({min(wall):.4f}-{max(wall):.4f}): {100 * c / w:.1f}%")


if __name__ == "__main__":
    main()
