"""Counts of dance.Problem against published figures and against the dance command."""
import warnings

import pytest

import dance
from conftest import cli_json, data

# file -> its number of solutions (published figures: OEIS A000170 for the queens, 2339
# pentomino tilings of 6x10 times 4, 11520 Soma cubes with their 480 symmetries, ...)
KNOWN = {
    "pent6x10.dlx": 9356,
    "pent6x10_sym.dlx": 2339,
    "queens12.dlx": 14200,
    "queens13.dlx": 73712,
    "queens14.dlx": 365596,
    "langford11.dlx": 35584,
    "soma.dlx": 11520,
    "queens8_mcc.dlx": 92,
    "colortest.dlx": 1,
    "costs.dlx": 3,
    "dlx3-example.dlx": 1,
    "narrow300.dlx": 4,
    "twos6.dlx": 67950,
}


def read(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return dance.Problem.read(data(name))


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_known_counts(name):
    p = read(name)
    assert p.count() == KNOWN[name]
    s = p.stats
    assert s.kind == "count" and s.complete and s.solutions == KNOWN[name] and s.nodes > 0


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_counts_as_the_command(name, dance_bin):
    cli = cli_json(dance_bin, data(name), "-t", "1")
    p = read(name)
    assert p.count(threads=1) == cli["solutions"]
    assert p.stats.nodes == cli["nodes"]
    assert p.stats.engine == cli["engine"]
    assert p.stats.isa == cli["isa"]
    assert (len(p.items), len(p.primary), len(p.secondary), len(p)) == (
        cli["items"], cli["primary"], cli["secondary"], cli["options"])


@pytest.mark.parametrize("engine", ["dlx", "bits"])
@pytest.mark.parametrize("threads", [1, 2])
def test_engines_and_threads(engine, threads):
    p = read("pent6x10_sym.dlx")
    assert p.count(engine=engine, threads=threads) == 2339
    assert (p.stats.engine, p.stats.threads) == (engine, threads)
    assert (p.stats.isa in ("generic", "popcnt", "avx2", "avx512")) if engine == "bits" else (
        p.stats.isa is None)


def test_max_makes_an_incomplete_count(dance_bin):
    p = read("queens12.dlx")
    assert p.count(max=5, threads=1) == 5
    assert not p.stats.complete
    assert p.count() == 14200 and p.stats.complete
    n = p.count(max_nodes=1000, threads=1)
    cli = cli_json(dance_bin, data("queens12.dlx"), "-t", "1", "--max-nodes", "1000")
    assert (n, p.stats.nodes, p.stats.complete) == (cli["solutions"], cli["nodes"], False)


def test_shards_add_up(dance_bin):
    p = read("queens12.dlx")
    parts = [p.count(shard=(k, 3)) for k in range(3)]
    assert sum(parts) == 14200
    assert parts[1] == cli_json(dance_bin, data("queens12.dlx"), "--shard", "1/3")["solutions"]


def test_memo_count():
    p = read("langford11.dlx")
    assert p.count(memo=True) == 35584
    s = p.stats
    assert s.kind == "memo" and s.complete and s.memo_entries > 0


def test_memo_order_first():
    # Dominoes in a 4 x 10 box, the cells column by column: 18,061 tilings
    # (OEIS A005178). Branching on the first cell not covered gives the same count.
    cells = ["c%d_%d" % (x, y) for x in range(10) for y in range(4)]
    options = []
    for x in range(10):
        for y in range(4):
            if y < 3:
                options.append(["c%d_%d" % (x, y), "c%d_%d" % (x, y + 1)])
            if x < 9:
                options.append(["c%d_%d" % (x, y), "c%d_%d" % (x + 1, y)])
    p = dance.Problem(cells, options)
    assert p.count(memo=True, memo_order="first", threads=1) == 18061
    assert p.stats.complete
    assert p.count(memo=True, threads=1) == 18061
    with pytest.raises(ValueError, match="memo_order is for memo=True"):
        p.count(memo_order="first")
    with pytest.raises(ValueError, match='memo_order must be "fewest" or "first"'):
        p.count(memo=True, memo_order="last")


def test_memo_beyond_two_to_the_64():
    # k disjoint copies of a problem with c solutions have c**k solutions.
    items, options = [], []
    for k in range(40):
        a, b, c = "a%d" % k, "b%d" % k, "c%d" % k
        items += [a, b, c]
        options += [[a, b, c], [a], [b], [c], [a, b], [b, c]]
    # each copy: {abc}, {a,b,c}, {ab,c}, {a,bc}: 4 solutions; 4**40 = 2**80
    p = dance.Problem(items, options)
    assert p.count(memo=True) == 4**40
    assert p.stats.complete and p.stats.solutions == 2**80
    assert p.count(memo=True, threads=1) == 2**80


def test_plain_count_past_two_to_the_64_is_not_complete():
    items, options = [], []
    for k in range(40):
        items += ["a%d" % k, "b%d" % k]
        options += [["a%d" % k, "b%d" % k], ["a%d" % k], ["b%d" % k]]
    p = dance.Problem(items, options)  # 2**40 solutions: stop early
    assert p.count(max_nodes=10000) < 2**40
    assert not p.stats.complete


def test_costs_best(dance_bin):
    p = read("costs.dlx")
    assert p.costs == (7, 1, 2, 0, 0)
    best = p.best(3)
    assert best == [(2, [2, 3]), (3, [2, 4, 1]), (8, [0, 1])]
    cli = cli_json(dance_bin, data("costs.dlx"), "--best", "3")
    assert [c for c, _ in best] == cli["costs"]
    # the command prints each solution's options in input order
    assert [[p.format_option(i) for i in sorted(s)] for _, s in best] == cli["printed"]
    assert p.stats.kind == "best" and p.stats.solutions == 3 and p.stats.complete


def test_estimate():
    p = read("pent6x10.dlx")
    e = p.estimate(2000, seed=7)
    assert e == p.estimate(2000, seed=7)
    assert e.probes >= 2000 and e.error > 0
    assert 3637261 / 4 < e.nodes < 3637261 * 4
    assert p.stats.kind == "estimate" and p.stats.estimate == e.nodes


def test_bounds_problem():
    p = read("queens8_mcc.dlx")
    assert p.bounds["a0"] == (0, 1) and "r0" not in p.bounds
    assert p.count(threads=1) == 92
    with pytest.raises(dance.Error, match="memoized"):
        p.count(memo=True)
