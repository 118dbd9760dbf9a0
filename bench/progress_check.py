#!/usr/bin/env python3
"""progress_check.py -- how far the "% done" of --progress is from the truth.

    bench/progress_check.py [--interval S] -- dance cube bedlam -t 2

Runs the command with --progress (and --progress-interval S, default 0.5) and --json,
reads every progress line on stderr (its nodes so far and its "% done"), and after the run
compares each with the fraction of the nodes actually done by then (its nodes over the
run's total). Prints each report and the largest gap in points, and whether the reported
fraction ever went backwards. Exit status 1 if it did or if the gap exceeds --max-gap
(default 15 points).
"""
import argparse
import json
import re
import subprocess
import sys

SI = {"": 1, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}


def number(text):
    m = re.fullmatch(r"([0-9.]+)([kMGT]?)", text)
    return float(m.group(1)) * SI[m.group(2)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", default="0.5")
    ap.add_argument("--max-gap", type=float, default=15)
    ap.add_argument("command", nargs="+")
    a = ap.parse_args()
    cmd = a.command + ["--progress", "--progress-interval", a.interval, "--json"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    try:
        total = json.loads(r.stdout)["nodes"]
    except (ValueError, KeyError):
        sys.stderr.write(f"progress_check: {' '.join(cmd)}: exit {r.returncode}, no JSON with "
                         f"'nodes' on stdout\n{r.stderr}")
        return 2
    worst, back, last = 0.0, False, -1.0
    for line in r.stderr.splitlines():
        m = re.search(r"([0-9.]+[kMGT]?) nodes, .*~([0-9.]+)% done, ([^,]+)", line)
        if not m:
            continue
        nodes, pct = number(m.group(1)), float(m.group(2))
        true = 100 * nodes / total
        worst = max(worst, abs(pct - true))
        back |= pct < last
        last = pct
        print(f"{m.group(3):>8}  reported {pct:5.1f}%  nodes done {true:5.1f}%  gap {pct - true:+5.1f}")
    print(f"{' '.join(a.command)}: {total} nodes; largest gap {worst:.1f} points; "
          f"{'went backwards' if back else 'never went backwards'}")
    return 1 if back or worst > a.max_gap else 0


if __name__ == "__main__":
    sys.exit(main())
