"""Problem.solutions(): the same solutions as `dance xc --print` (and in its order with one
thread), stopping early, and no thread left behind."""
import gc
import os
import threading
import time
import warnings

import pytest

import dance
from conftest import cli_printed, data


def read(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return dance.Problem.read(data(name))


def texts(p, solution):
    return [p.format_option(i) for i in solution]


@pytest.mark.parametrize("name", ["queens8_mcc.dlx", "colortest.dlx", "costs.dlx", "soma.dlx",
                                  "pent6x10_sym.dlx", "langford11.dlx"])
def test_as_the_command_in_its_order(name, dance_bin):
    # The command prints each solution's options in input order: so do we, here; the
    # solutions themselves come in the same order.
    p = read(name)
    mine = [texts(p, sorted(s)) for s in p.solutions(threads=1)]
    assert mine == cli_printed(dance_bin, data(name), "-t", "1")
    assert p.stats.kind == "solutions" and p.stats.complete
    assert p.stats.solutions == len(mine)


def test_as_the_command_with_threads(dance_bin):
    p = read("queens12.dlx")
    mine = sorted(tuple(sorted(texts(p, s))) for s in p.solutions(threads=2))
    theirs = sorted(tuple(sorted(s)) for s in cli_printed(dance_bin, data("queens12.dlx")))
    assert len(mine) == 14200 and mine == theirs
    assert len({frozenset(s) for s in p.solutions()}) == 14200


def test_solutions_are_exact_covers():
    p = read("pent6x10_sym.dlx")
    for s in p.solutions(max=50):
        covered = [item for i in s for item in p.options[i]]
        assert sorted(covered) == sorted(p.primary)


def test_max_and_stats():
    p = read("queens13.dlx")
    it = p.solutions(max=7, threads=1)
    assert it.stats is None
    assert len(list(it)) == 7
    assert it.stats.solutions == 7 and not it.stats.complete
    assert p.stats == it.stats


def threads():
    """The threads of this process, the library's too (threading counts only Python's)."""
    return len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") \
        else threading.active_count()


def test_break_stops_the_search():
    p = read("queens14.dlx")
    before = threads()
    got = []
    for s in p.solutions(threads=2):
        got.append(s)
        if len(got) == 1:
            searching = threads()
        if len(got) == 3:
            break
    # the threads are joined before the loop's end returns: none is left, at once
    assert len(got) == 3 and threads() == before
    if os.path.isdir("/proc/self/task"):
        assert searching > before
    assert not p.stats.complete and p.stats.kind == "solutions"
    assert p.count() == 365596


def test_close_and_with():
    p = read("queens14.dlx")
    it = p.solutions()
    first = [next(it) for _ in range(3)]
    it.close()
    assert len(first) == 3 and not it.stats.complete
    with pytest.raises(StopIteration):
        next(it)
    it.close()  # twice is fine
    with p.solutions(threads=1) as it2:
        assert len(next(it2)) == 14
    assert it2.stats is not None and list(it2) == []


def test_two_iterations_at_once():
    p = read("queens12.dlx")
    a, b = p.solutions(threads=1), p.solutions(threads=1)
    pairs = list(zip(a, b))
    assert len(pairs) == 14200 and all(x == y for x, y in pairs)


def test_the_problem_lives_as_long_as_its_iterator():
    it = read("queens12.dlx").solutions()
    gc.collect()
    assert sum(1 for _ in it) == 14200


def test_other_python_threads_go_on():
    p = read("queens14.dlx")
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    try:
        p.count(threads=1, engine="dlx")
    finally:
        stop.set()
        t.join()
    assert len(ticks) > 20
