"""Ctrl-C during a long count, and while waiting for a solution that does not come, raises
KeyboardInterrupt promptly: a child process is sent SIGINT 0.5 s into its search and must be
gone within 0.5 s, having stopped the search (the run's stats say incomplete)."""
import os

import pytest

from conftest import interrupted, queens

CHILD = r"""
import sys, time
sys.path.insert(0, %(tests)r)
import dance
from conftest import interrupted, queens
text = queens(18)
# With blocker: p and q can never both be covered, and their many options keep them to
# the last level of the search, so the whole tree of the queens is searched without a
# solution.
text = text.replace(" | ", " p q | s ", 1) + "".join("p s\nq s\n" for _ in range(30))
p = dance.Problem.parse(text if %(blocked)r else queens(18))
print("ready", flush=True)
try:
    if %(how)r == "count":
        p.count(threads=2)
    else:
        for s in p.solutions(threads=2):
            print("unexpected solution", flush=True)
except KeyboardInterrupt:
    print("interrupted", p.stats.complete, flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


def interrupt(how, blocked):
    code = CHILD % {"tests": os.path.dirname(__file__), "how": how, "blocked": blocked}
    return interrupted(code)


@pytest.mark.parametrize("how,blocked", [("count", False), ("count", True), ("iterate", True)])
def test_ctrl_c(how, blocked):
    status, out, err, took = interrupt(how, blocked)
    assert (status, out, err) == (3, "interrupted False\n", "")
    assert took < 0.5, "took %.3f s after SIGINT" % took


def test_the_blocked_problem_has_no_solution():
    import dance
    text = queens(6).replace(" | ", " p q | s ", 1) + "".join("p s\nq s\n" for _ in range(30))
    assert dance.Problem.parse(queens(6)).count() == 4
    assert dance.Problem.parse(text).count() == 0
