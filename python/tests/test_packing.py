"""dance.Packing against published counts and against `dance cube`: the sets that come with
dance, piece text, copies, generated libraries, regions, limits, drawings in the command's order,
the matrix as a Problem, bad input, and Ctrl-C."""
import json
import os
import re
import subprocess

import pytest

import dance
from conftest import ROOT, interrupted


def cube_json(dance_bin, *args):
    """The JSON object of `dance cube ARGS --json`."""
    p = subprocess.run([dance_bin, "cube", *args, "--json", "-q"], capture_output=True,
                       text=True, check=False)
    assert p.returncode in (0, 1), p.stderr
    return json.loads(p.stdout)


def cube_printed(dance_bin, *args):
    """The drawings `dance cube ARGS --print` prints, each as the lines of its layers."""
    p = subprocess.run([dance_bin, "cube", *args, "--print", "-q"], capture_output=True,
                       text=True, check=False)
    assert p.returncode in (0, 1), p.stderr
    drawings = p.stdout.split("solution ")[1:]
    return [d.split(":\n", 1)[1].split("\n\n")[0] for d in drawings]


# Published counts: the pentominoes in 6x10, 5x12, 3x20 (2339, 1010, 2), the Soma cube (240
# up to rotations and reflections, 480 up to rotations), the Bedlam cube (19,186).
@pytest.mark.parametrize("pieces,box,solutions,covers", [
    ("pentominoes", (10, 6, 1), 2339, 9356),
    ("pentominoes", (12, 5), 1010, 4040),
    ("pentominoes", (20, 3, 1), 2, 8),
    ("soma", None, 480, 11520),
    ("bedlam", None, 19186, 460464),
])
def test_published_counts(pieces, box, solutions, covers):
    k = dance.Packing(pieces, box=box)
    c = k.count()
    assert (c.solutions, c.covers, c.complete) == (solutions, covers, True)
    assert c.nodes > 0


def test_what_a_packing_says():
    k = dance.Packing("pentominoes", box=(10, 6))
    assert k.pieces == tuple("FILNPTUVWXYZ")
    assert (k.box, k.cells, k.symmetries, k.held) == ((10, 6, 1), 60, 4, "X")
    assert repr(k) == "<dance.Packing: pentominoes, 12 pieces in 10x6x1>"
    assert "pentominoes" in dance.piece_sets() and "bedlam" in dance.piece_sets()


def test_against_the_command(dance_bin):
    cases = [(["pentominoes", "--box", "10x6", "--reflections"],
              dict(pieces="pentominoes", box=(10, 6), reflections=True)),
             (["--pieces", "pentominoes", "--box", "10x6", "--mirror"],
              dict(library="pentominoes", box=(10, 6), mirror=True)),
             (["soma", "--restrict", "none"], dict(pieces="soma", hold="none")),
             (["steinhaus"], dict(pieces="steinhaus"))]
    for args, kw in cases:
        j = cube_json(dance_bin, *args)
        pieces = kw.pop("pieces", None)
        c = dance.Packing(pieces, **kw).count()
        assert (c.solutions, c.covers, c.self_mirror) == (j["solutions"], j["total"],
                                                          j.get("self_mirror", 0)), args


def test_drawings_in_the_command_order(dance_bin):
    drawings = list(dance.Packing("soma").solutions(threads=1))
    assert len(drawings) == 480
    assert drawings == cube_printed(dance_bin, "soma", "-t", "1")
    assert drawings[0] == "TBZ  TTP  TPP\nBBZ  BAZ  AAP\nLLL  LVZ  AVV"
    # On two threads: the same drawings, in another order.
    assert sorted(dance.Packing("soma").solutions(threads=2)) == sorted(drawings)


def test_limits():
    k = dance.Packing("pentominoes", box=(10, 6))
    c = k.count(max=5)
    assert (c.solutions, c.complete) == (5, False)
    assert len(list(k.solutions(max=3))) == 3
    it = k.solutions()
    next(it)
    it.close()
    assert list(it) == []


PIECES = """# Three trominoes of a 3x3 square, given as text.
box 3x3x1
piece A
AAA
piece B
BBB
piece C
CCC
"""


def test_piece_text_and_files(tmp_path):
    k = dance.Packing(PIECES)
    assert k.pieces == ("A", "B", "C") and k.name == "<pieces>"
    c = k.count()
    # Three bars in a square, up to its four rotations: one packing (two covers: rows or
    # columns, A's bar held).
    assert (c.solutions, c.covers) == (1, 2)
    f = tmp_path / "bars.txt"
    f.write_text(PIECES)
    for path in (f, str(f)):  # os.PathLike or str
        k = dance.Packing(path)
        assert k.name == str(f) and k.count()[:3] == (1, 2, 0)


def test_region(tmp_path):
    region = tmp_path / "ring.txt"
    region.write_text("region\nxxxxx\nx...x\nxxxxx\n")
    pieces = "piece A\nAAAA\npiece B\nBBBB\npiece C\nCC\npiece D\nDD\n"
    k = dance.Packing(pieces, region=region)
    assert k.cells == 12 and k.box == (5, 3, 1)
    assert k.count()[:2] == (1, 2)


def test_copies_and_ranges(dance_bin, tmp_path):
    # Ten L-tetrominoes in 8x5: 109 packings up to the box's rotations, 436 covers (counted
    # by symmetry classes); drawn, the same packings as the command draws, one a class.
    ten = "box 8x5\npiece L x10\nL.\nL.\nLL\n"
    k = dance.Packing(ten)
    assert k.pieces == ("L",) + tuple("L-%d" % i for i in range(2, 11)) and k.held is None
    assert k.count()[:4] == (109, 436, 0, True)
    f = tmp_path / "ten.txt"
    f.write_text(ten)
    drawings = list(k.solutions(threads=1))
    assert len(drawings) == 109 and drawings == cube_printed(dance_bin, str(f), "-t", "1")
    # Three to five L-tetrominoes and an optional square in 5x4, against the command.
    ranged = "box 5x4\npiece L x3..5\nLLL\nL..\npiece O optional\nOO\nOO\n"
    f = tmp_path / "ranged.txt"
    f.write_text(ranged)
    j = cube_json(dance_bin, str(f))
    c = dance.Packing(ranged).count()
    assert (c.solutions, c.covers) == (j["solutions"], j["total"]) == (9, 36)
    # copies=: a library's pieces taken twice, as `dance cube --copies 2` takes them (Rogelio
    # Tomas's tetromino page: 783 packings of 8x5), and a range as the command's.
    k = dance.Packing(library="tetrominoes", box=(8, 5), copies=2)
    assert k.pieces[:4] == ("I", "I-2", "O", "O-2") and k.count()[:2] == (783, 3106)
    j = cube_json(dance_bin, "--pieces", "tetrominoes", "--box", "4x4", "--copies", "0..2")
    c = dance.Packing(library="tetrominoes", box=(4, 4), copies=(0, 2)).count()
    assert (c.solutions, c.covers) == (j["solutions"], j["total"]) == (16, 102)
    with pytest.raises(ValueError, match=r"copies: expected N from 1 to 62, or \(A, B\) with "
                                         r"0 <= A <= B and B from 1 to 62 .*, not \(3, 2\)"):
        dance.Packing(library="tetrominoes", box=(4, 4), copies=(3, 2))
    for bad in (0, 63, 10**30, (-1, 2), (0, 0), (2, -10**30)):
        with pytest.raises(ValueError, match=r"copies: expected N from 1 to 62, .*, not %s$"
                                             % re.escape(repr(bad))):
            dance.Packing(library="tetrominoes", box=(4, 4), copies=bad)
    for bad in ("2", True, (1, 2, 3), [1, 2], (1.0, 2)):
        with pytest.raises(TypeError, match="copies must be an int N or a pair"):
            dance.Packing(library="tetrominoes", box=(4, 4), copies=bad)
    with pytest.raises(ValueError, match="copies: the set gives copies of its own "
                                         r"\(piece L, line 2\)"):
        dance.Packing(ten, copies=2)


def test_matrix_as_a_problem(dance_bin, tmp_path):
    k = dance.Packing("pentominoes", box=(10, 6))
    p = k.problem()
    exported = tmp_path / "pent.dlx"
    subprocess.run([dance_bin, "cube", "pentominoes", "--box", "10x6", "--export",
                    str(exported)], check=True, capture_output=True)
    q = dance.Problem.read(exported)
    assert (len(p), p.items) == (len(q), q.items)
    assert p.count() == q.count()


def test_bad_input(tmp_path):
    with pytest.raises(ValueError, match=r"no piece set named 'pentomino' in .* \(the sets: "
                                         r"bedlam, pentominoes, soma, steinhaus, tetris\)"):
        dance.Packing("pentomino")
    with pytest.raises(TypeError, match="give pieces"):
        dance.Packing()
    with pytest.raises(TypeError, match="not both"):
        dance.Packing("soma", library="tetrominoes")
    with pytest.raises(ValueError, match="no library of pieces named 'tetrominos'"):
        dance.Packing(library="tetrominos", box=(5, 4))
    with pytest.raises(ValueError, match="the set names no box"):
        dance.Packing(library="tetrominoes")
    with pytest.raises(ValueError, match="box: each side from 1 to 64, not 0"):
        dance.Packing("soma", box=(0, 3, 3))
    with pytest.raises(ValueError, match="hold: the set has no piece named 'Q'"):
        dance.Packing("soma", hold="Q")
    with pytest.raises(dance.Error, match="cubes"):
        dance.Packing("soma", box=(4, 4, 4))  # 27 cubes for 64 cells
    with pytest.raises(dance.ParseError) as e:
        dance.Packing("piece A\nAA\npiece A\nA\n")
    assert (e.value.file, e.value.line) == ("<pieces>", 3)
    with pytest.raises(FileNotFoundError):
        dance.Packing("piece A\nAA\n", region=tmp_path / "absent.txt")


def test_ctrl_c():
    """A long count (the twelve pentominoes with the five tetrominoes in 8x10) stops within
    0.5 s of SIGINT, with KeyboardInterrupt."""
    pieces = os.path.join(ROOT, "data", "cube", "pentominoes-tetrominoes-8x10.txt")
    code = ("import sys, dance\nk = dance.Packing(%r)\nprint('ready', flush=True)\n"
            "try:\n    k.count(threads=2)\nexcept KeyboardInterrupt:\n"
            "    print('interrupted', flush=True)\n    sys.exit(3)\n" % pieces)
    status, out, err, took = interrupted(code)
    assert (status, out, err) == (3, "interrupted\n", "")
    assert took < 0.5, "took %.3f s after SIGINT" % took
