#!/usr/bin/env python3
"""burr_random.py -- random small BurrTools problems counted by `dance burr` and by burrTxt.

    python3 bench/burr_random.py --dance build/dance --burrtxt /path/to/burrTxt [--seed S] [--rounds N]

Each round writes one puzzle: a box of up to 18 voxels (often whole, else with empty and
variable voxels), two to four random polycubes of 1 to 4 cubes, the second often the first's
mirror image, each with a count or a range, sometimes maxHoles, and in half the rounds colours
on the voxels with random colour constraints. Problems either program refuses (a piece that
fits nowhere, too many cubes) are skipped; for the others the counts must be equal. Prints
the problems compared and those that differ (each written to burr-diff-ROUND.xmpuzzle).
Exit status 1 if any differ. bench/vs_burrtools.sh --random N runs it.
"""
import argparse
import json
import random
import re
import subprocess
import sys


def polycube(rng, size):
    cells = {(3, 3, 3)}
    while len(cells) < size:
        v = list(rng.choice(sorted(cells)))
        d = rng.randrange(6)
        v[d // 2] += 1 if d % 2 else -1
        cells.add(tuple(v))
    return cells


def voxel(rng, cells, mirror, coloured):
    if mirror:
        cells = {(-x, y, z) for x, y, z in cells}
    lo = [min(c[a] for c in cells) for a in range(3)]
    size = [max(c[a] for c in cells) - lo[a] + 1 for a in range(3)]
    text = ""
    for z in range(size[2]):
        for y in range(size[1]):
            for x in range(size[0]):
                if (x + lo[0], y + lo[1], z + lo[2]) in cells:
                    text += "#" + (rng.choice(["", "1", "2"]) if coloured else "")
                else:
                    text += "_"
    return '<voxel x="%d" y="%d" z="%d" type="0">%s</voxel>' % (*size, text)


def puzzle(rng):
    size = [rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 2)]
    if size[0] * size[1] * size[2] < 4:
        size[0] = 4
    parts, mirror_pair, coloured = rng.randint(2, 4), rng.random() < 0.4, rng.random() < 0.5
    first = polycube(rng, rng.randint(2, 4))
    shapes = []
    for i in range(parts):
        cells = first if i == 0 or (i == 1 and mirror_pair) else polycube(rng, rng.randint(1, 4))
        shapes.append(voxel(rng, cells, i == 1 and mirror_pair, coloured))
    whole = rng.random() < 0.4
    result = ""
    for _ in range(size[0] * size[1] * size[2]):
        state = "#" if whole else rng.choice("_++#######")
        result += state + (rng.choice(["", "1", "2"]) if coloured and state != "_" else "")
    shapes.append('<voxel x="%d" y="%d" z="%d" type="0">%s</voxel>' % (*size, result))
    counts = ""
    for i in range(parts):
        lo = rng.randint(0, 1)
        hi = max(1, lo + rng.randint(0, 2))
        if rng.random() < 0.5:
            counts += '<shape id="%d" count="%d"/>' % (i, hi)
        else:
            counts += '<shape id="%d" min="%d" max="%d"/>' % (i, lo, hi)
    holes = ' maxHoles="1"' if rng.random() < 0.3 else ""
    pairs = "".join('<pair piece="%d" result="%d"/>' % (a, b) for a in range(2) for b in range(2)
                    if coloured and rng.random() < 0.6)
    return ('<?xml version="1.0"?>\n<puzzle version="2"><gridType type="0"/><colors>'
            '<color red="200" green="0" blue="0"/><color red="0" green="0" blue="200"/></colors>'
            "<shapes>%s</shapes><problems><problem%s><shapes>%s</shapes><result id=\"%d\"/>"
            "<bitmap>%s</bitmap></problem></problems><comment/></puzzle>\n"
            % ("".join(shapes), holes, counts, parts, pairs))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dance", required=True)
    ap.add_argument("--burrtxt", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=1000)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    compared = differ = 0
    for r in range(args.rounds):
        xml = puzzle(rng)
        with open("burr-random.xmpuzzle", "w") as f:
            f.write(xml)
        d = subprocess.run([args.dance, "burr", "burr-random.xmpuzzle", "--json", "-t", "1"],
                           capture_output=True, text=True)
        if d.returncode == 2:
            continue
        try:
            b = subprocess.run([args.burrtxt, "-q", "burr-random.xmpuzzle"], capture_output=True,
                               text=True, timeout=60)
        except subprocess.TimeoutExpired:
            continue
        m = re.search(r"(\d+) assemblies", b.stdout)
        if not m:
            continue
        compared += 1
        ours, theirs = json.loads(d.stdout)["assemblies"], int(m.group(1))
        if ours != theirs:
            differ += 1
            print("round %d: dance %d, burrTxt %d" % (r, ours, theirs), file=sys.stderr)
            with open("burr-diff-%d.xmpuzzle" % r, "w") as f:
                f.write(xml)
    print("%d random problems compared (seed %d, %d rounds), %d differ"
          % (compared, args.seed, args.rounds, differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
