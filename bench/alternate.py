#!/usr/bin/env python3
"""alternate.py -- commands timed against each other in alternating rounds of one
invocation: each whole process's CPU (user + system, from os.wait4) and wall time; prints
the medians and fastest runs, and each command's median CPU as a ratio to the first's.

    bench/alternate.py ROUNDS "LABEL:COMMAND ARGS" "LABEL:COMMAND ARGS" ...

    bench/alternate.py 11 "one:build/dance xc -t 1 data/xc/narrow300.dlx" \\
                          "two:build/dance xc -t 2 data/xc/narrow300.dlx"

Alternating the commands spreads a shared machine's noise over all of them; compare the
medians, and the fastest runs when a stray process ran beside some rounds. Exits 2 if a
command fails (its status is printed).
"""
import os
import shlex
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit() or any(":" not in c for c in sys.argv[2:]):
        sys.exit('usage: alternate.py ROUNDS "LABEL:COMMAND ARGS" ...')
    rounds = int(sys.argv[1])
    jobs = [(c.split(":", 1)[0], shlex.split(c.split(":", 1)[1])) for c in sys.argv[2:]]
    cpu = {label: [] for label, _ in jobs}
    wall = {label: [] for label, _ in jobs}
    for _ in range(rounds):
        for label, cmd in jobs:
            t0 = time.perf_counter()
            p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, status, usage = os.wait4(p.pid, 0)
            wall[label].append(time.perf_counter() - t0)
            cpu[label].append(usage.ru_utime + usage.ru_stime)
            code = os.waitstatus_to_exitcode(status)
            if code not in (0, 1):
                print(f"alternate.py: {label}: {' '.join(cmd)} exited with {code}", file=sys.stderr)
                sys.exit(2)
    base = statistics.median(cpu[jobs[0][0]])
    print(f"{rounds} alternating rounds; CPU = user + system of the whole process")
    for label, _ in jobs:
        c, w = statistics.median(cpu[label]), statistics.median(wall[label])
        ratio = c / base if base > 0 else float("nan")
        print(f"{label:12s} CPU median {1000 * c:9.2f} ms (fastest {1000 * min(cpu[label]):9.2f}), "
              f"wall median {1000 * w:9.2f} ms; CPU {ratio:.3f}x {jobs[0][0]}")


if __name__ == "__main__":
    main()
