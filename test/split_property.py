#!/usr/bin/env python3
"""split_property.py -- `dance merge` never reports a wrong total with exit status 0.

    python3 test/split_property.py --dance build/dance [--seed S] [--rounds R] [--cube-rounds C]
                                   [--only xc:7] [--keep DIR] [--jobs J] [--verbose]

Each round of `dance xc` makes a random exact-cover problem in Knuth's format, small enough
to search in milliseconds and with enough solutions that a split matters, of one of four
kinds: a random board tiled by a random set of small polyominoes (sometimes with colored
secondary items, sometimes with a primary item per shape whose bounds say how many of it
may be used, which Algorithm M searches); the union of a few random partitions of up to 40
items and some random options (sometimes with secondary items and colors); the same with
random bounds on the items; or independent blocks of items whose counts multiply to a total
below 2^64, just past it, far past it, or past 2^128 (searched with `--memo` only, and
counted independently here). The unsplit run of the same mode on one thread is the truth:
its solutions and nodes (the plain search, `--engine dlx` and `--engine bits` must agree on
both; `--memo` on the solutions).

Then the problem is split into N parts (N of 2, 3, 5) in one mode (the plain search, whose
parts may mix the engines, which walk the same tree, or `--memo`), each part run on 1 or 3
threads, once without a checkpoint and once with one; a checkpointed part is sometimes cut
short (`--max-nodes`, SIGINT or SIGKILL at a random moment, up to three times) and then
resumed to completion (`--resume FILE`, `--resume FILE --checkpoint FILE`, or the same
`--checkpoint FILE` again), and its checkpoint is sometimes damaged before the resumption
(one byte changed, a piece's count or nodes changed, a piece line dropped or repeated, or
another part's checkpoint in its place). Then `dance merge --json` runs on mixtures:

* right sets: the N parts without checkpoints, the N checkpointed parts (engines and threads
  mixed): `dance merge` must exit 0 with exactly the truth's solutions (and nodes, except
  with `--memo`, whose nodes depend on how threads met); exit 2 here is a false refusal;
* sets that may be refused: the N parts cut in both ways (a checkpointed run may cut the
  tree into other pieces than a plain part), a set with a part resumed from a damaged
  checkpoint, or a `--memo` total past 2^128: exit 0 with exactly the truth, or exit 2;
* wrong sets: a part twice (the same file or a copy), a part missing, one part twice and
  another missing, a part of a split into another N, a part of another mode or of another
  problem, a part of a run cut short, an unreadable part: exit 2. Exit 0 with another total
  is a "wrong total"; exit 0 with exactly the truth's is allowed, and shown as a note.

A part resumed from a damaged checkpoint that says it is complete must count what the part
counts when run whole with a checkpoint ("resumed wrong" if not).

Each round of `dance cube` does the same with a small packing (Soma, Steinhaus, the
pentominoes in 20x3, 15x4 or 12x5, spare pentominoes in 5x5), comparing solutions, covers
and nodes; its wrong parts are of another engine, another held piece, `--no-prune` or
another box, and its parts are cut short by SIGINT or SIGKILL (it has no `--max-nodes`).

A failure prints its kind, what the set held, what merge said against the truth, the merge
command in the round's folder (kept, with `commands.sh`: every command the round ran, in
order) and the one line that runs the round again. Rounds are drawn from a seed alone
(`--seed`, or DANCE_SPLIT_SEED, default 1), so a round repeats exactly but for the moment a
signal lands. DANCE_SPLIT_ROUNDS sets the number of `dance xc` rounds (default 120; `dance
cube` gets a sixth as many, at least 4); rounds run two at a time (--jobs). The folders are
made in /dev/shm where it can be written (a checkpoint is synced to disk at every write).
Exit status 0 when every check passed, 1 otherwise.
"""
import argparse
import concurrent.futures
import json
import os
import random
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

TIMEOUT = 120  # seconds for one command; a run of this test takes milliseconds
NODE_CAP = 400_000  # the unsplit plain search of a problem must end within this many nodes
MEMO_CAP = 200_000  # the same for --memo alone

KINDS = {
    "wrong total": "dance merge exited 0 with a total other than the truth's",
    "false refusal": "dance merge exited 2 on a right set of parts",
    "bad exit": "dance merge exited with a status other than 0 and 2, or printed no JSON object",
    "resumed wrong": "a part resumed from a damaged checkpoint claimed to be complete with other counts than the part run whole",
    "run failed": "a run of a part or of the whole problem failed (status, JSON, or not complete when it should be)",
    "unsplit disagree": "the unsplit runs of the modes disagree with each other or with the independent count",
}


class Failure(Exception):
    """A run failed in a way that leaves the round nothing to merge."""


# ---- problems -----------------------------------------------------------------------------

class Problem:
    """An exact-cover problem in Knuth's format, and what is known of it."""

    def __init__(self, kind, primary, secondary, options, exact=None):
        self.kind = kind
        self.primary = primary  # names, with bounds as 'u:v|name' where given
        self.secondary = secondary
        self.options = options  # lists of tokens
        self.exact = exact  # the count worked out here, or None
        self.colors = any(":" in t for o in options for t in o)
        self.bounds = any("|" in p for p in primary)

    def text(self):
        head = " ".join(self.primary) + (" | " + " ".join(self.secondary) if self.secondary else "")
        return "| split_property.py: %s\n%s\n%s\n" % (
            self.kind, head, "\n".join(" ".join(o) for o in self.options))

    def mutated(self, rng):
        """Another problem: an option dropped, or one added (always with a primary item)."""
        options = [list(o) for o in self.options]
        names = [p.split("|")[-1] for p in self.primary]
        if len(options) > 2 and rng.random() < 0.5:
            del options[rng.randrange(len(options))]
        else:
            options.insert(rng.randrange(len(options) + 1), rng.sample(names, rng.randint(1, min(3, len(names)))))
        return Problem(self.kind + ", mutated", self.primary, self.secondary, options)


SHAPES = {
    "D": [(0, 0), (0, 1)], "I3": [(0, 0), (0, 1), (0, 2)], "L3": [(0, 0), (1, 0), (1, 1)],
    "O4": [(0, 0), (0, 1), (1, 0), (1, 1)], "I4": [(0, 0), (0, 1), (0, 2), (0, 3)],
    "L4": [(0, 0), (1, 0), (2, 0), (2, 1)], "T4": [(0, 0), (0, 1), (0, 2), (1, 1)],
    "S4": [(0, 1), (0, 2), (1, 0), (1, 1)],
}


def orientations(cells):
    seen = set()
    for flip in (1, -1):
        shape = [(r, c * flip) for r, c in cells]
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            r0 = min(r for r, _ in shape)
            c0 = min(c for _, c in shape)
            seen.add(tuple(sorted((r - r0, c - c0) for r, c in shape)))
    return sorted(seen)


def gen_tiling(rng, size):
    """A board with a few holes, tiled by a random set of small polyominoes."""
    rows = rng.randint(2, 5)
    cols = rng.randint(3, max(3, min(9, size // rows)))
    holes = set(rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.randint(0, 2)))
    shapes = rng.sample(sorted(SHAPES), rng.randint(1, 4))
    if rng.random() < 0.6 and "D" not in shapes:
        shapes.append("D")
    cell = lambda r, c: "r%dc%d" % (r, c)
    primary = [cell(r, c) for r in range(rows) for c in range(cols) if (r, c) not in holes]
    secondary, options = [], []
    counted = rng.random() < 0.3  # an item per shape, with bounds: how many may be used
    colored_rows = [r for r in range(rows) if rng.random() < 0.3] if rng.random() < 0.3 else []
    secondary += ["row%d" % r for r in colored_rows]
    for name in shapes:
        for o in orientations(SHAPES[name]):
            for dr in range(rows):
                for dc in range(cols):
                    place = [(r + dr, c + dc) for r, c in o]
                    if any(r >= rows or c >= cols or (r, c) in holes for r, c in place):
                        continue
                    opt = [cell(r, c) for r, c in place]
                    if counted:
                        opt.append("n" + name)
                    opt += ["row%d:%s" % (r, name) for r in sorted({r for r, _ in place}) if r in colored_rows]
                    options.append(opt)
    if counted:
        for name in shapes:
            lo = rng.choice([0, 0, 1, 2])
            primary.append("%d:%d|n%s" % (lo, lo + rng.randint(1, 6), name))
    rng.shuffle(options)
    return Problem("tiling %dx%d, %d holes, shapes %s%s%s" % (
        rows, cols, len(holes), " ".join(shapes), ", counted" if counted else "",
        ", colored rows" if colored_rows else ""), primary, secondary, options)


def random_partition(rng, items, largest):
    items = list(items)
    rng.shuffle(items)
    blocks = []
    while items:
        k = min(len(items), rng.randint(1, largest))
        blocks.append(sorted(items[:k]))
        items = items[k:]
    return blocks


def gen_partitions(rng, size, bounded):
    """The union of a few random partitions, and some random options; or the same with bounds."""
    n = rng.randint(5, max(5, min(40, size)))
    names = ["x%02d" % i for i in range(n)]
    blocks = set()
    for _ in range(rng.randint(2, 6)):
        blocks.update(tuple(b) for b in random_partition(rng, names, rng.choice([2, 3, 4])))
    for _ in range(rng.randint(0, n // 2)):
        blocks.add(tuple(sorted(rng.sample(names, rng.randint(1, min(4, n))))))
    options = [list(b) for b in sorted(blocks)]
    rng.shuffle(options)
    secondary = []
    if rng.random() < 0.35:
        secondary = ["s%d" % j for j in range(rng.randint(1, 4))]
        colored = rng.random() < 0.6
        for o in options:
            for s in secondary:
                if rng.random() < 0.25:
                    o.append(s + (":" + rng.choice("abc") if colored else ""))
    primary = list(names)
    if bounded:
        choices = ["1", "1", "1", "0:1", "1:2", "0:2", "2", "2:3"]
        primary = [rng.choice(choices) + "|" + p if rng.random() < 0.5 else p for p in names]
        primary = [p[2:] if p.startswith("1|") else p for p in primary]
    return Problem("%s of %d items, %d options%s" % (
        "bounded partitions" if bounded else "partitions", n, len(options),
        ", secondary items" if secondary else ""), primary, secondary, options)


def block_count(size, subsets):
    """The exact covers of the items 0..size-1 by the given subsets (bit masks)."""
    ways = {0: 1}
    for mask in range(1, 1 << size):
        low = mask & -mask
        ways[mask] = sum(ways[mask ^ s] for s in subsets if s & low and s & mask == s)
    return ways[(1 << size) - 1]


def gen_blocks(rng):
    """Independent blocks of items: their counts multiply to a total in a range drawn here
    (past 2^128 one time in eight, with larger and denser blocks). The memoized count's split
    takes the distinct sets of covered items at one depth, and blocks searched one after the
    other have few; so three times in four switches come last: 3 or 4 items of more options
    than any item of a block has (so that the search branches on them after the blocks),
    each option with a secondary item of its own, whose choices make hundreds of distinct
    sets for the split to deal out, each reached by as many paths as the blocks have
    solutions (the parts' counts are sums of such multiples). Without them the split may
    find no pieces at all, and part 0 counts everything."""
    label, lo, hi = rng.choice([("below 2^64", 1 << rng.randint(10, 60), 1 << 64)] * 3 +
                               [("just past 2^64", 1 << 64, 1 << 66)] * 3 +
                               [("far past 2^64", 1 << rng.randint(66, 120), 1 << 127), ("past 2^128", 1 << 128, 1 << 136)])
    sizes, dense, wide = ((4, 5), 0.9, 17) if lo >= 1 << 128 else ((2, 4), 0.6, 9)
    n_switches = rng.randint(3, 4) if rng.random() < 0.75 else 0
    wide = 23 if n_switches == 3 else wide  # the split stops above the last: 512 sets before it
    switches = [rng.randint(wide, wide + 3) for _ in range(n_switches)]
    while True:
        blocks, total = [], 1
        for c in switches:
            total *= c
        while total < lo or len(blocks) < 2:
            size = rng.randint(*sizes)
            full = (1 << size) - 1
            subsets = {1 << i for i in range(size)} if rng.random() < 0.7 else {full}
            subsets |= {s for s in range(1, full + 1) if rng.random() < dense}
            blocks.append((size, sorted(subsets)))
            total *= block_count(size, subsets)
        if total < hi:
            break
    primary, secondary, options = [], [], []
    for b, (size, subsets) in enumerate(blocks):
        names = ["b%di%d" % (b, i) for i in range(size)]
        primary += names
        for s in subsets:
            opt = [names[i] for i in range(size) if s >> i & 1]
            rng.shuffle(opt)
            options.append(opt)
    rng.shuffle(primary)
    for w, c in enumerate(switches):
        for j in range(c):
            secondary.append("a%d_%d" % (w, j))
            options.append(["w%d" % w, secondary[-1]])
    primary += ["w%d" % w for w in range(len(switches))]
    rng.shuffle(options)
    return Problem("%d independent blocks%s, %d solutions (%s)" % (
        len(blocks), " after %d switches" % len(switches) if switches else "", total, label),
        primary, secondary, options, exact=total)


# ---- running dance ------------------------------------------------------------------------

class Round:
    """One round: its random choices, its folder, the commands it ran, what failed."""

    def __init__(self, args, kind, index, base):
        self.args, self.kind, self.index = args, kind, index
        self.rid = "%s:%d" % (kind, index)
        self.rng = random.Random("%s:%s" % (args.seed, self.rid))
        self.dir = os.path.join(base, "%s-%d" % (kind, index))
        os.makedirs(self.dir)
        self.log = open(os.path.join(self.dir, "commands.sh"), "w")
        self.log.write("# split_property.py --seed %s --only %s\ncd %s\n" % (
            args.seed, self.rid, shlex.quote(self.dir)))
        self.failures = []
        self.warnings = []  # wrong sets merged to exactly the truth: allowed, but shown
        self.runs = self.merges = 0
        self.notes = {}
        self.serial = 0
        self.checkpoints = []  # the checkpoints written so far, to damage one with another

    def name(self, stem, ext):
        self.serial += 1
        return "%02d-%s.%s" % (self.serial, stem, ext)

    def quote(self, argv):
        return " ".join(shlex.quote(a) for a in [self.args.dance_name] + argv[1:])

    def run(self, argv, out=None, stop=None):
        """Runs dance with argv (argv[0] is dance) in the round's folder; stdout to the file
        `out` when given. stop = (signal, seconds): that signal after that long. Returns
        (status, stdout, stderr)."""
        self.runs += 1
        line = line_of(self, argv, out)
        said = ["%s after %.3f s" % (signal.Signals(stop[0]).name, stop[1])] if stop else []
        start = time.time()
        p = subprocess.Popen(argv, cwd=self.dir, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if stop:
            time.sleep(stop[1])
            if p.poll() is None:
                p.send_signal(stop[0])
        try:
            so, se = p.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.log.write("%s  # %s\n" % (line, ", ".join(said + ["timed out"])))
            p.kill()
            so, se = p.communicate()
            raise Failure("timed out after %d s: %s" % (TIMEOUT, line))
        said += ["exit %s" % p.returncode, "%.3f s" % (time.time() - start)]
        self.log.write("%s  # %s\n" % (line, ", ".join(said)))
        self.log.flush()
        so, se = so.decode(errors="replace"), se.decode(errors="replace")
        if out:
            with open(os.path.join(self.dir, out), "w") as f:
                f.write(so)
        return p.returncode, so, se

    def fail(self, kind, text, command=None):
        self.failures.append((kind, text, command))

    def note(self, key):
        self.notes[key] = self.notes.get(key, 0) + 1


def parse_json(text):
    try:
        v = json.loads(text)
    except ValueError:
        return None
    return v if isinstance(v, dict) else None


class Part:
    """One part's result file, and how it came to be."""

    def __init__(self, path, data, k, n, cut, label, tainted=False):
        self.path, self.data, self.k, self.n, self.cut = path, data, k, n, cut
        self.label, self.tainted = label, tainted  # tainted: resumed from a damaged checkpoint


def counts_of(data, fields):
    return {f: data.get(f) for f in fields}


# ---- checkpoints damaged ------------------------------------------------------------------

def damage(rng, path, others):
    """Damages the checkpoint at path; returns what was done, or None."""
    with open(path, "rb") as f:
        text = f.read()
    lines = text.split(b"\n")
    pieces = [i for i, l in enumerate(lines) if l.startswith(b"piece ")]
    how = rng.choice(["byte", "byte", "count", "nodes", "drop", "repeat", "other"])
    if how in ("count", "nodes", "drop", "repeat") and not pieces:
        how = "byte"
    if how == "other":
        if not others:
            how = "byte"
        else:
            other = rng.choice(others)
            shutil.copyfile(other, path)
            return "replaced by %s" % os.path.basename(other)
    if how == "byte":
        b = bytearray(text)
        at = rng.randrange(len(b))
        while True:
            v = rng.choice(b"0123456789abcdef -\n") if rng.randrange(4) else rng.randrange(256)
            if v != b[at]:
                break
        b[at] = v
        desc = "byte %d changed from %r to %r" % (at, bytes([text[at]]), bytes([v]))
        text = bytes(b)
    else:
        i = rng.choice(pieces)
        words = lines[i].split(b" ")
        if how in ("count", "nodes") and len(words) >= 4:
            w = 3 if how == "count" else 2
            words[w] = str(int(words[w]) + rng.choice([1, 1, 2, 1000])).encode()
            lines[i] = b" ".join(words)
        elif how == "drop":
            del lines[i]
        else:
            lines.insert(i, lines[i])
        desc = "%s of line %d (%s)" % (how, i + 1, lines[min(i, len(lines) - 1)].decode(errors="replace"))
        text = b"\n".join(lines)
    with open(path, "wb") as f:
        f.write(text)
    return desc


# ---- the parts ----------------------------------------------------------------------------

class Spec:
    """How the parts of a round are run: the command before the part's own arguments."""

    def __init__(self, argv, modes, fields, stops, nodes, seconds, may_overflow=False):
        self.argv = argv  # [dance, 'xc', FILE] or [dance, 'cube', NAME, ...]
        self.modes = modes  # (label, arguments) of the modes a part may take, one drawn each
        self.fields = fields  # the counts merge must get right
        self.stops = stops  # how a checkpointed run may be cut short
        self.nodes = nodes  # about a part's nodes: --max-nodes is drawn up to a little past it
        self.part_nodes = {}  # each part's nodes, once its plain run has said
        self.seconds = seconds  # about how long a part takes: signals land before it
        self.may_overflow = may_overflow  # a part's count may be too large for dance to give


def finished(R, what, status, err, data, allow_overflow=False):
    """Checks that a run that should have searched its part to the end did (a count too
    large for dance may be refused where allow_overflow says so)."""
    if status not in (0, 1) or data is None:
        raise Failure("%s: exit status %s, %s (stderr: %s)" % (
            what, status, "a JSON object" if data else "no JSON object", err.strip()[:300]))
    if not data.get("complete"):
        if allow_overflow and data.get("stopped_by") == "overflow":
            return
        raise Failure("%s: not complete after searching to the end (stopped_by %s)" % (
            what, data.get("stopped_by")))


def cut_short(R, spec, argv, ck, stem, events, plan, k):
    """Runs part k with its checkpoint once, stopped early as plan = (how, fraction) says;
    returns its data and output file if it ended anyway, else (None, None)."""
    how, fraction = plan
    a = argv + (["--resume", ck] if os.path.exists(os.path.join(R.dir, ck)) else ["--checkpoint", ck])
    a += ["--checkpoint-interval", "0.01"]
    stop = None
    if how == "max-nodes":
        # the split of a checkpointed run has other pieces: now and then it ends first
        a += ["--max-nodes", str(1 + int(1.2 * fraction * max(1, spec.part_nodes.get(k, spec.nodes))))]
    else:
        stop = (signal.SIGINT if how == "SIGINT" else signal.SIGKILL, fraction * (spec.seconds + 0.01))
    out = R.name(stem + "-cut", "json")
    status, so, se = R.run(a, out, stop)
    if status in (-signal.SIGKILL, -signal.SIGINT):
        events.append(how + " (killed)")  # a SIGINT before dance could catch it kills it too
        R.note("cut short by " + events[-1])
        return None, None
    data = parse_json(so)
    if status == 2 and spec.may_overflow and "--resume" in a:
        events.append(how + " (resumption refused)")  # counts past 2^128 may be too large
        R.note("checkpoints of too large counts refused")
        return None, None
    if status not in (0, 1) or data is None:  # a failure, but the part can still be finished
        R.fail("run failed", "cut short by %s: exit status %s (stderr: %s)" % (
            how, status, se.strip()[:300]), line_of(R, a, out))
        events.append(how + " (failed)")
        return None, None
    if data.get("complete"):
        events.append(how + " (ended first)")
        R.note("cut short by " + events[-1])
        return data, out
    events.append(how)
    R.note("cut short by " + how)
    return None, None


def line_of(R, argv, out=None):
    return R.quote(argv) + (" > " + out if out else "")


def run_part(R, spec, n, k, ckpt, stem):
    """Runs part k of n (with a checkpoint when ckpt, perhaps cut short and resumed, perhaps
    damaged); returns its Part."""
    rng = R.rng
    mode, margs = rng.choice(spec.modes)
    threads = rng.choice([1, 3])
    argv = spec.argv + margs + ["--json", "--shard", "%d/%d" % (k, n), "--threads", str(threads)]
    label = ["%d thread%s" % (threads, "s" if threads > 1 else "")] + ([mode] if mode else [])
    if not ckpt:
        out = R.name(stem, "json")
        status, so, se = R.run(argv, out)
        data = parse_json(so)
        finished(R, R.quote(argv), status, se, data, spec.may_overflow)
        return Part(out, data, k, n, "plain", "part %d/%d (%s)" % (k, n, ", ".join(label)))
    ck = R.name(stem, "ckpt")
    label.append("checkpoint")
    # every choice drawn before anything runs, so that what a signal does cannot change the
    # draws that follow (a round repeats from its seed but for what its signals hit)
    plans = [(rng.choice(spec.stops), rng.random()) for _ in range(rng.choice([0, 0, 1, 1, 2, 3]))]
    damaging = random.Random(rng.random()) if rng.random() < 0.3 else None
    how = rng.choice(["--resume", "--resume --checkpoint", "--checkpoint"])
    again = rng.random() < 0.3  # a run that ended first is resumed all the same (a job run twice)
    events, data, tainted = [], None, False
    for plan in plans:
        data, out = cut_short(R, spec, argv, ck, stem, events, plan, k)
        if data:
            break
    if data and again:
        data = None
        events.append("resumed once complete")
    if events:
        label.append("cut short by " + ", ".join(events))
    if data is None:
        exists = os.path.exists(os.path.join(R.dir, ck))
        damaged = None
        if exists and events and damaging:
            damaged = damage(damaging, os.path.join(R.dir, ck),
                             [os.path.join(R.dir, c) for c in R.checkpoints])
            label.append("checkpoint damaged (%s)" % damaged)
        how = how if exists else "--checkpoint"
        a = argv + (["--resume", ck] if how.startswith("--resume") else []) + (
            ["--checkpoint", ck] if how.endswith("--checkpoint") else [])
        if events:
            label.append("finished with " + how)
        out = R.name(stem, "json")
        status, so, se = R.run(a, out)
        data = parse_json(so)
        # refused: a damaged checkpoint, or (past 2^128) counts too large to go on with
        if status == 2 and (damaged or spec.may_overflow):
            R.note("damaged checkpoints refused" if damaged else "checkpoints of too large counts refused")
            ck = R.name(stem + "-again", "ckpt")
            a = argv + ["--checkpoint", ck]
            label.append("refused (%s), so run again whole" % se.strip().splitlines()[-1][:200])
            out = R.name(stem + "-again", "json")
            status, so, se = R.run(a, out)
            data = parse_json(so)
        elif damaged:
            R.note("damaged checkpoints resumed")
            tainted = True
        finished(R, R.quote(a), status, se, data, spec.may_overflow)
    R.checkpoints.append(ck)
    part = Part(out, data, k, n, "ckpt", "part %d/%d (%s)" % (k, n, ", ".join(label)), tainted)
    if tainted:
        check_resumed(R, spec, part, argv)
    return part


def check_resumed(R, spec, part, argv):
    """A part resumed from a damaged checkpoint that says it is complete must count what the
    part counts when run whole with a checkpoint (the same pieces)."""
    ck = R.name("whole", "ckpt")
    a = argv + ["--checkpoint", ck]
    status, so, se = R.run(a, R.name("whole", "json"))
    data = parse_json(so)
    finished(R, R.quote(a), status, se, data, spec.may_overflow)
    got, want = counts_of(part.data, spec.fields), counts_of(data, spec.fields)
    if part.data.get("complete") and got != want:
        R.fail("resumed wrong", "%s: %s, but run whole with a checkpoint: %s" % (
            part.label, fmt(got), fmt(want)), "%s  # against %s" % (
            part.path, R.quote(a)))


def fmt(counts):
    return ", ".join("%s %s" % (k, v) for k, v in counts.items())


# ---- merges -------------------------------------------------------------------------------

def merge(R, parts, cls, what, truth):
    """dance merge on parts: cls 'right' (must give the truth), 'may' (the truth or exit 2) or
    'wrong' (must exit 2)."""
    parts = list(parts)
    R.rng.shuffle(parts)
    argv = [R.args.dance, "merge"] + [p.path for p in parts] + ["--json"]
    status, so, se = R.run(argv)
    R.merges += 1
    if any(p.tainted for p in parts) and cls == "right":
        cls = "may"
    held = "; ".join(p.label + " " + p.path for p in sorted(parts, key=lambda p: (p.n, p.k)))
    desc = "%s [%s]" % (what, held)
    command = R.quote(argv)
    data = parse_json(so)
    said = (se.strip().splitlines() or [""])[0][:300]
    if status in (0, 1) and data is not None and data.get("complete") is True:
        got = {f: data.get(f) for f in truth}
        if got != truth:
            R.fail("wrong total", "%s: merge gave %s; the truth is %s" % (desc, fmt(got), fmt(truth)), command)
        elif cls == "wrong":  # allowed: the total is right, but say so
            R.warnings.append("%s: merge accepted it with the truth's %s" % (desc, fmt(got)))
        else:
            R.note("right and may sets merged")
    elif status == 2 and data is not None and data.get("complete") is False:
        if cls == "right":
            R.fail("false refusal", "%s: merge said: %s" % (desc, said), command)
        else:
            R.note("%s sets refused" % cls)
    else:
        R.fail("bad exit", "%s: exit status %d, %s (stderr: %s)" % (
            desc, status, "JSON %s" % json.dumps(data)[:200] if data else "no JSON object", said), command)


def merges(R, truth, n, plain, ckpt, extras, right):
    """The right sets (of class `right`: 'may' where dance may not be able to count them), the
    sets cut both ways, and the wrong ones built from them."""
    rng = R.rng
    merge(R, plain, right, "the %d parts without checkpoints" % n, truth)
    merge(R, ckpt, right, "the %d checkpointed parts" % n, truth)
    if n > 1:
        mixed = [rng.choice(pair) for pair in zip(plain, ckpt)]
        flip = rng.randrange(n)
        if len({p.cut for p in mixed}) == 1:
            mixed[flip] = (ckpt if mixed[flip].cut == "plain" else plain)[flip]
        merge(R, mixed, "may", "the %d parts, cut both ways" % n, truth)
    wrongs = ["twice", "missing", "swapped"] + list(extras)
    for how in rng.sample(wrongs, min(len(wrongs), 5)):
        base = list(rng.choice([plain, ckpt]))
        k = rng.randrange(n)
        if how == "twice":
            base.append(copied(R, base[k]) if rng.random() < 0.5 else base[k])
            what = "part %d twice" % k
        elif how == "missing":
            del base[k]
            what = "part %d missing" % k
        elif how == "swapped":
            j = (k + 1 + rng.randrange(n - 1)) % n
            base[j] = base[k]
            what = "part %d twice, part %d missing" % (k, j)
        else:
            part = extras[how]
            if part is None:  # it could not be made (the draws above are made all the same)
                continue
            if part.n == n:
                base[part.k] = part
            else:
                base[k] = part
            what = "with %s" % how
        merge(R, base, "wrong", what, truth)


def copied(R, part):
    """The same result under another name, as a user who copied it has it."""
    out = R.name("copy", "json")
    shutil.copyfile(os.path.join(R.dir, part.path), os.path.join(R.dir, out))
    return Part(out, part.data, part.k, part.n, part.cut, part.label + " (a copy)", part.tainted)


def unreadable(R, part):
    """A copy of a part's result cut in the middle, as a killed writer leaves it."""
    with open(os.path.join(R.dir, part.path)) as f:
        text = f.read()
    out = R.name("cut-in-half", "json")
    with open(os.path.join(R.dir, out), "w") as f:
        f.write(text[:int(R.rng.random() * len(text.rstrip()))])  # its closing brace at least goes
    return Part(out, None, part.k, part.n, part.cut, "part %d/%d cut in the middle" % (part.k, part.n))


# ---- dance xc rounds ----------------------------------------------------------------------

def unsplit(R, file, margs, cap=None):
    """The whole problem on one thread (no split at all): the truth of its mode."""
    argv = [R.args.dance, "xc", file, "--json", "--threads", "1"] + margs
    if cap:
        argv += ["--max-nodes", str(cap)]
    status, so, se = R.run(argv)
    data = parse_json(so)
    if status not in (0, 1) or data is None:
        raise Failure("%s: exit status %s (stderr: %s)" % (R.quote(argv), status, se.strip()[:300]))
    return data


def xc_problem(R):
    """Draws problems until one has solutions and a search of a useful size; returns it with
    its unsplit plain search (None for the blocks, which only --memo can count)."""
    size = 40
    for _ in range(40):
        kind = R.rng.choice(["tiling", "tiling", "partitions", "partitions", "bounded", "blocks"])
        if kind == "blocks":
            P = gen_blocks(R.rng)
        elif kind == "tiling":
            P = gen_tiling(R.rng, size)
        else:
            P = gen_partitions(R.rng, size, kind == "bounded")
        with open(os.path.join(R.dir, "problem.dlx"), "w") as f:
            f.write(P.text())
        if kind == "blocks":
            return P, None
        data = unsplit(R, "problem.dlx", [], NODE_CAP)
        # a tree of a few nodes now and then: the split may find no pieces in it at all
        if data.get("complete") and data.get("solutions") and (
                data.get("nodes", 0) >= 30 or R.rng.random() < 0.15):
            return P, data
        size = max(8, size * 4 // 5) if not data.get("complete") else size
    raise Failure("no problem of a useful size in 40 draws")


def xc_truth(R, P, plain):
    """The modes this problem takes and the unsplit truth of each; None when they disagree."""
    engines = [("auto", [])]
    memo = None
    if P.exact is not None:
        data = unsplit(R, "problem.dlx", ["--memo"])
        got = data.get("solutions") if data.get("complete") else None
        if got != P.exact and (P.exact < 1 << 128 or got is not None):
            R.fail("unsplit disagree", "%s: the unsplit --memo run gave %s (complete %s, stopped_by %s); "
                   "the blocks' counts multiply to %d" % (P.kind, got, data.get("complete"),
                                                          data.get("stopped_by"), P.exact), None)
        return [], {"solutions": P.exact}, None
    truth = {"solutions": plain["solutions"], "nodes": plain["nodes"]}
    others = [("dlx", ["--engine", "dlx"])] + ([] if P.colors else [("bits", ["--engine", "bits"])])
    for label, margs in others:
        data = unsplit(R, "problem.dlx", margs)
        got = {"solutions": data.get("solutions"), "nodes": data.get("nodes")}
        if got != truth or not data.get("complete"):
            R.fail("unsplit disagree", "%s: unsplit --engine %s: %s; the default engine: %s" % (
                P.kind, label, fmt(got), fmt(truth)), None)
            return None
        engines.append((label, margs))
    if not P.bounds:
        data = unsplit(R, "problem.dlx", ["--memo"], MEMO_CAP)
        if data.get("complete"):
            if data.get("solutions") != truth["solutions"]:
                R.fail("unsplit disagree", "%s: unsplit --memo: %s solutions; the plain search: %s" % (
                    P.kind, data.get("solutions"), truth["solutions"]), None)
                return None
            memo = data
    return engines, truth, memo


def xc_round(R):
    rng = R.rng
    P, plain = xc_problem(R)
    R.summary = P.kind
    got = xc_truth(R, P, plain)
    if got is None:
        return
    engines, truth, memo = got
    dance = R.args.dance
    if plain is None or (memo and rng.random() < 0.3):  # counted with --memo: solutions only
        spec = Spec([dance, "xc", "problem.dlx"], [("memo", ["--memo"])], ["solutions"],
                    ["max-nodes", "max-nodes", "SIGINT", "SIGKILL"], (memo or {}).get("nodes", 10_000),
                    1.5 * (memo or {}).get("seconds", 0.01), may_overflow=truth["solutions"] >= 1 << 128)
        other = None if plain is None else ("auto", [])
        truth = {"solutions": truth["solutions"]}
    else:
        modes = engines if rng.random() < 0.5 else [rng.choice(engines)]
        spec = Spec([dance, "xc", "problem.dlx"], modes, ["solutions", "nodes"],
                    ["max-nodes", "max-nodes", "SIGINT", "SIGKILL"], plain["nodes"],
                    1.5 * plain.get("seconds", 0.01))
        other = ("memo", ["--memo"]) if memo else None
    n = rng.choice([2, 3, 5])
    R.summary = "%s; %s, %d parts" % (P.kind, "memo" if spec.fields == ["solutions"] else
                                       "/".join(m for m, _ in spec.modes), n)
    spec.nodes = max(1, spec.nodes // n)
    plain_parts = [run_part(R, spec, n, k, False, "p%d" % k) for k in range(n)]
    spec.part_nodes = {p.k: p.data.get("nodes") or 1 for p in plain_parts}
    ckpt_parts = [run_part(R, spec, n, k, True, "c%d" % k) for k in range(n)]
    extras = xc_extras(R, spec, P, n, other, plain_parts)
    merges(R, truth, n, plain_parts, ckpt_parts, extras, "may" if spec.may_overflow else "right")


def xc_extras(R, spec, P, n, other, plain_parts):
    """The wrong parts of a round: another split, another mode, another problem, cut short."""
    rng = R.rng
    extras = {}
    n2 = rng.choice([m for m in (2, 3, 5) if m != n])
    extras["a part of a split into %d" % n2] = run_part(R, spec, n2, rng.randrange(n2), rng.random() < 0.5, "n%d" % n2)
    k = rng.randrange(n)
    if other:
        o = Spec(spec.argv, [other], spec.fields, spec.stops, spec.nodes, spec.seconds)
        extras["a part of another mode (%s)" % other[0]] = run_part(R, o, n, k, False, "mode")
    Q = P.mutated(rng)
    with open(os.path.join(R.dir, "other.dlx"), "w") as f:
        f.write(Q.text())
    o = Spec(spec.argv[:2] + ["other.dlx"], spec.modes, spec.fields, spec.stops, spec.nodes, spec.seconds,
             True)
    extras["a part of another problem"] = None
    try:
        extras["a part of another problem"] = run_part(R, o, n, k, False, "other")
    except Failure:
        R.note("wrong parts that could not be made")  # not this test's concern
    mode, margs = rng.choice(spec.modes)
    argv = spec.argv + margs + ["--json", "--shard", "%d/%d" % (k, n), "--threads", str(rng.choice([1, 3])),
                                "--max-nodes", str(rng.randint(1, max(1, spec.nodes // 2)))]
    out = R.name("short", "json")
    status, so, se = R.run(argv, out)
    data = parse_json(so)
    extras["a part of a run cut short"] = None
    if data is not None and not data.get("complete"):
        extras["a part of a run cut short"] = Part(out, data, k, n, "plain", "part %d/%d cut short by --max-nodes" % (k, n))
    extras["an unreadable part"] = unreadable(R, rng.choice(plain_parts))
    return extras


# ---- dance cube rounds --------------------------------------------------------------------

CUBES = [  # (set, arguments, the pieces it may hold, whether --restrict none is quick, other boxes)
    ("soma", [], "V L T Z A B P", True, []),
    ("soma", ["--reflections"], "V L T Z A B P", True, []),
    ("steinhaus", [], "S Z Zm L T H", True, []),
    ("pentominoes", ["--box", "20x3"], "F I L N P T U V W X Y Z", True, ["15x4", "12x5"]),
    ("pentominoes", ["--box", "15x4"], "F I L N P T U V W X Y Z", False, ["20x3", "12x5"]),
    ("pentominoes", ["--box", "12x5"], "F I L N P T U V W X Y Z", False, ["20x3", "15x4"]),
    ("pentominoes", ["--box", "5x5", "--optional"], "", False, ["5x6"]),  # no optional piece is held
]


def cube_round(R):
    rng = R.rng
    name, extra, pieces, none_quick, boxes = rng.choice(CUBES)
    engine = rng.choice(["auto", "dlx", "bits"])
    restrict = rng.choice(["auto", "auto", "named"] + (["none"] if none_quick else []))
    R.summary = "cube %s, engine %s, restrict %s" % (" ".join([name] + extra), engine, restrict)

    def command(engine=engine, hold=None, box=None, more=()):
        ex = list(extra)
        if box:
            ex[ex.index("--box") + 1] = box
        return ([R.args.dance, "cube", name] + ex + ([] if engine == "auto" else ["--engine", engine])
                + (["--restrict", hold] if hold else []) + list(more))

    def whole(argv):
        status, so, se = R.run(argv + ["--json", "--threads", "1"])
        data = parse_json(so)
        finished(R, R.quote(argv), status, se, data)
        return data

    data = whole(command())
    held = (data.get("restricted") or {}).get("piece")
    hold = {"auto": None, "named": held, "none": "none"}[restrict]
    if hold == "none":
        data = whole(command(hold=hold))
    fields = ["solutions", "total", "nodes"] + (["reflections"] if "--reflections" in extra else [])
    truth = {f: data.get(f) for f in fields}
    spec = Spec(command(hold=hold), [("", [])], fields, ["SIGINT", "SIGKILL"], data.get("nodes", 1),
                1.5 * data.get("seconds", 0.01) + 0.005)
    n = rng.choice([2, 3, 5])
    R.summary += ", %d parts" % n
    plain_parts = [run_part(R, spec, n, k, False, "p%d" % k) for k in range(n)]
    ckpt_parts = [run_part(R, spec, n, k, True, "c%d" % k) for k in range(n)]
    right = "right"
    if hold is None and any((p.data.get("restricted") or {}).get("piece") != held
                            for p in plain_parts + ckpt_parts):
        R.note("cube parts that chose another piece to hold")
        right = "may"  # a part that holds another piece has another identity (docs/split.md)
    extras = {}
    n2 = rng.choice([m for m in (2, 3, 5) if m != n])
    extras["a part of a split into %d" % n2] = run_part(R, spec, n2, rng.randrange(n2), rng.random() < 0.5, "n%d" % n2)
    k = rng.randrange(n)
    wrong = {"another engine": command(engine="dlx" if data.get("engine") == "bits" else "bits", hold=hold),
             "--no-prune": command(hold=hold, more=["--no-prune"])}
    others = [p for p in pieces.split() if p != held]
    if others:
        wrong["another piece held"] = command(hold=rng.choice(others))
    if boxes:
        wrong["another box"] = command(hold=hold, box=rng.choice(boxes))
    for what, argv in wrong.items():
        o = Spec(argv, [(what, [])], fields, spec.stops, spec.nodes, spec.seconds, True)
        extras["a part of " + what] = None
        try:
            extras["a part of " + what] = run_part(R, o, n, k, rng.random() < 0.3, "wrong")
        except Failure:
            R.note("wrong parts that could not be made")  # a piece held that fits nowhere, say
    a = spec.argv + ["--json", "--shard", "%d/%d" % (k, n), "--max", "1"]
    out = R.name("short", "json")
    status, so, se = R.run(a, out)
    short = parse_json(so)
    extras["a part of a run cut short"] = None
    if short is not None and not short.get("complete"):
        extras["a part of a run cut short"] = Part(out, short, k, n, "plain", "part %d/%d stopped by --max 1" % (k, n))
    extras["an unreadable part"] = unreadable(R, rng.choice(plain_parts))
    merges(R, truth, n, plain_parts, ckpt_parts, extras, right)


# ---- main ---------------------------------------------------------------------------------

def one_round(args, kind, index, base):
    R = Round(args, kind, index, base)
    R.summary = ""
    start = time.time()
    try:
        (xc_round if kind == "xc" else cube_round)(R)
    except Failure as e:
        R.fail("run failed", str(e), None)
    R.log.close()
    R.seconds = time.time() - start
    return R


def report(args, rounds, base, elapsed):
    failures = [(R, f) for R in rounds for f in R.failures]
    notes = {}
    for R in rounds:
        for k, v in R.notes.items():
            notes[k] = notes.get(k, 0) + v
    print("split_property: seed %s, %d rounds (%d runs, %d merges) in %.1f s; %s" % (
        args.seed, len(rounds), sum(R.runs for R in rounds), sum(R.merges for R in rounds), elapsed,
        ", ".join("%s %d" % kv for kv in sorted(notes.items())) or "nothing to note"))
    for R in rounds:
        for w in R.warnings:
            print("note: round %s (%s): %s" % (R.rid, R.summary, w))
    if not failures:
        return 0
    by_kind = {}
    for R, (kind, _, _) in failures:
        by_kind[kind] = by_kind.get(kind, 0) + 1
    print("FAILED: %s" % ", ".join("%d %s" % (v, k) for k, v in sorted(by_kind.items())))
    for kind in KINDS:
        if kind in by_kind:
            print("  %s: %s" % (kind, KINDS[kind]))
    for R, (kind, text, command) in failures:
        print("\nFAIL [%s] round %s (%s): %s" % (kind, R.rid, R.summary, text))
        if command:
            print("  run:   cd %s && %s" % (shlex.quote(R.dir), command))
        print("  again: python3 %s --dance %s --seed %s --only %s --keep DIR" % (
            shlex.quote(sys.argv[0]), shlex.quote(args.dance), args.seed, R.rid))
    print("\nthe failed rounds' folders (each with commands.sh) are kept in %s" % base)
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dance", required=True, help="the dance binary under test")
    ap.add_argument("--seed", default=os.environ.get("DANCE_SPLIT_SEED", "1"))
    ap.add_argument("--rounds", type=int, default=int(os.environ.get("DANCE_SPLIT_ROUNDS", "120")),
                    help="dance xc rounds (DANCE_SPLIT_ROUNDS; default 120)")
    ap.add_argument("--cube-rounds", type=int, default=None,
                    help="dance cube rounds (default: a sixth of --rounds, at least 4)")
    ap.add_argument("--only", action="append", default=[], help="run only this round: xc:N or cube:N")
    ap.add_argument("--keep", help="the folder for the rounds, kept (default: a temporary one, "
                    "removed but for failed rounds)")
    ap.add_argument("--jobs", "-j", type=int, default=2, help="rounds run at once (default 2)")
    ap.add_argument("--verbose", "-v", action="store_true", help="a line for each round")
    args = ap.parse_args()
    args.dance = os.path.abspath(args.dance)
    args.dance_name = args.dance
    if args.cube_rounds is None:
        args.cube_rounds = max(4, args.rounds // 6)
    todo = [("xc", i) for i in range(args.rounds)] + [("cube", i) for i in range(args.cube_rounds)]
    if args.only:
        todo = [(k, int(i)) for k, i in (o.split(":") for o in args.only)]
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        base = tempfile.mkdtemp(prefix="seed-%s." % args.seed, dir=args.keep)
    else:  # a checkpoint is synced at every write: in memory that costs nothing
        shm = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
        base = tempfile.mkdtemp(prefix="split_property.", dir=shm)
    print("split_property: seed %s, %d rounds, in %s" % (args.seed, len(todo), base), flush=True)
    start = time.time()
    rounds = []
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs))
    for R in pool.map(lambda t: one_round(args, t[0], t[1], base), todo):
        rounds.append(R)
        if args.verbose:
            print("  %-8s %5.2f s %3d runs %2d merges %s%s" % (
                R.rid, R.seconds, R.runs, R.merges, R.summary,
                "  FAILED: %d" % len(R.failures) if R.failures else ""), flush=True)
        if not R.failures and not args.keep:
            shutil.rmtree(R.dir)
    status = report(args, rounds, base, time.time() - start)
    if status == 0 and not args.keep:
        shutil.rmtree(base)
    return status


if __name__ == "__main__":
    sys.exit(main())
