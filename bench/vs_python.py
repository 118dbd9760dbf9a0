#!/usr/bin/env python3
"""vs_python.py ROUNDS FILE... -- dance's Python package beside the Python exact-cover
packages that can be imported in the same interpreter: SageMath's dlx_solver (Debian:
python3-sage) and xcover (not packaged by Debian: build it from its public source outside
the tree, as bench/RESULTS.md says of every peer). Each counts every solution of each Knuth-format
FILE on one thread, in rounds that alternate the tools; the table gives the minimum and the
median of the rounds, and each peer's minimum over dance's.

Sage's dlx_solver has no secondary items, so every tool is also given the problem with its
secondary items made primary, each with an option of its own that covers it alone (the
same number of solutions): the row "FILE (all primary)". xcover takes secondary items and
colors as they are.

Run it with a Python that has the dance package installed (a venv made with
--system-site-packages sees Debian's Sage):
    venv/bin/python bench/vs_python.py 7 data/xc/queens13.dlx data/xc/pent6x10.dlx
"""
import statistics
import sys
import time

import dance


def peers():
    """The peers importable here: name -> a function counting (items, secondary, options)."""
    found = {}
    try:
        from sage.combinat.matrices.dancing_links import dlx_solver

        def sage(items, secondary, options):
            if secondary:
                return None  # no secondary items: only the all-primary form
            ids = {x: i for i, x in enumerate(items)}
            return dlx_solver([sorted(ids[x] for x in o) for o in options]).number_of_solutions(ncpus=1)
        found["sage dlx_solver"] = sage
    except ImportError:
        pass
    try:
        from xcover import covers

        def xcover(items, secondary, options):
            return sum(1 for _ in covers(options, primary=items, secondary=secondary or None))
        found["xcover"] = xcover
    except ImportError:
        pass
    return found


def read(path):
    """(primary, secondary, options as lists of names, colors kept) of a Knuth-format file."""
    lines = [l.split() for l in open(path) if l.strip() and not l.lstrip().startswith("|")]
    head = lines[0]
    k = head.index("|") if "|" in head else len(head)
    return head[:k], head[k + 1:], lines[1:]


def all_primary(primary, secondary, options):
    """The same problem without secondary items (colors refused: none of the inputs has any)."""
    if any(":" in x for o in options for x in o):
        raise SystemExit("vs_python.py: colors cannot be made primary")
    return primary + secondary, [], options + [[s] for s in secondary]


def dance_count(engine):
    def run(items, secondary, options):
        return dance.Problem(items, options, secondary).count(threads=1, engine=engine)
    return run


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    rounds = int(sys.argv[1])
    tools = {"dance dlx": dance_count("dlx"), "dance auto": dance_count("auto")}
    tools.update(peers())
    print("dance %s; peers: %s" % (dance.__version__, ", ".join(list(tools)[2:]) or "none"))
    for path in sys.argv[2:]:
        problem = read(path)
        for name, prob in ((path, problem), (path + " (all primary)", all_primary(*problem))):
            times, counts = {t: [] for t in tools}, {}
            for _ in range(rounds):
                for t, run in tools.items():
                    start = time.perf_counter()
                    c = run(*prob)
                    if c is None:
                        continue
                    times[t].append(time.perf_counter() - start)
                    counts.setdefault(t, c)
            if len(set(counts.values())) != 1:
                raise SystemExit("vs_python.py: the counts differ on %s: %s" % (name, counts))
            base = min(times["dance dlx"])
            print("\n%s: %d solutions" % (name, next(iter(counts.values()))))
            for t, ts in times.items():
                if ts:
                    print("  %-16s min %8.4f s  median %8.4f s  %6.2fx dance dlx" %
                          (t, min(ts), statistics.median(ts), min(ts) / base))


if __name__ == "__main__":
    main()
