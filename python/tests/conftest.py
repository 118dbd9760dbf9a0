"""Shared helpers of the tests of the dance package: the repository's data, and the dance
command (DANCE_BIN) to compare with; tests that need the command skip without it."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

ROOT = os.environ.get("DANCE_ROOT") or os.path.abspath(
    os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(ROOT, "data", "xc")


def data(name):
    """The path of data/xc/NAME."""
    return os.path.join(DATA, name)


@pytest.fixture
def dance_bin():
    path = os.environ.get("DANCE_BIN")
    if not path:
        pytest.skip("DANCE_BIN is not set: no dance command to compare with")
    return path


def cli_json(dance_bin, *args):
    """The JSON object of `dance xc ARGS --json`."""
    p = subprocess.run([dance_bin, "xc", *args, "--json", "-q"], capture_output=True, text=True,
                       check=False)
    assert p.returncode in (0, 1), p.stderr
    return json.loads(p.stdout)


def cli_printed(dance_bin, *args):
    """The solutions `dance xc ARGS --print` prints, each a list of option texts."""
    p = subprocess.run([dance_bin, "xc", *args, "--print", "-q"], capture_output=True, text=True,
                       check=False)
    assert p.returncode in (0, 1), p.stderr
    solutions, current = [], None
    for line in p.stdout.splitlines():
        if line.startswith("solution "):
            current = []
        elif current is not None and line:
            current.append(line)
        elif current is not None:
            solutions.append(current)
            current = None
    return solutions


def queens(n):
    """The n queens problem in Knuth's format: rows and columns primary, diagonals
    secondary."""
    rows = " ".join("r%d" % i for i in range(n))
    cols = " ".join("c%d" % j for j in range(n))
    diags = " ".join(["a%d" % k for k in range(2 * n - 1)] + ["b%d" % k for k in range(2 * n - 1)])
    lines = ["%s %s | %s" % (rows, cols, diags)]
    for i in range(n):
        for j in range(n):
            lines.append("r%d c%d a%d b%d" % (i, j, i + j, i - j + n - 1))
    return "\n".join(lines) + "\n"


def interrupted(code):
    """Runs the Python code in a child, which prints "ready" once its search is about to
    start; sends it SIGINT 0.5 s later. (status, stdout after "ready", stderr, seconds from
    the signal to the child's end)."""
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "ready\n"
        time.sleep(0.5)
        assert child.poll() is None, "the search ended before the signal"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=10)
        took = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    return child.returncode, out, err, took
